import XCTest

@testable import QuarryGen

final class RemovalGuardTests: XCTestCase {
  func testRenamedSwiftOutputsReplaceTheOldOnesWithoutForce() {
    // The build plugin's per-source files replace its old combined file.
    let changes = [
      FileChange(.remove, "QuarryGenerated.swift"), FileChange(.create, "Bird.quarry.swift"),
      FileChange(.create, "QuarryTables.quarry.swift"),
    ]
    XCTAssertNil(
      RemovalGuard.refusal(changes, tableCount: 1, output: "Out", templates: "Templates"))
  }

  func testRemovingEverySwiftFileForOtherOutputsIsRefused() {
    let changes = [FileChange(.remove, "Bird+Quarry.swift"), FileChange(.create, "Notes.txt")]
    XCTAssertEqual(
      RemovalGuard.refusal(changes, tableCount: 1, output: "Out", templates: "Other"),
      "refusing to remove all 1 generated file in 'Out' while the sources hold 1 persisted "
        + "struct: the templates in 'Other' produce none of them; check '--templates', or "
        + "pass '--force' to remove them")
  }
}
