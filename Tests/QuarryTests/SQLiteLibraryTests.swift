import Quarry
import XCTest

final class SQLiteLibraryTests: XCTestCase {
  func testReportsAVersion3Library() {
    XCTAssertTrue(SQLiteLibrary.version.hasPrefix("3."), SQLiteLibrary.version)
  }
}
