import XCTest

final class PackageLayoutTests: XCTestCase {
  func testTemplatesFolderSitsBesideThePackageManifest() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
  }
}
