import Foundation
import Quarry
import XCTest

final class DatabaseValueTests: XCTestCase {
  func testStorageDescriptionsNameTheStorageClass() {
    XCTAssertEqual(DatabaseValue.null.storageDescription, "NULL")
    XCTAssertEqual(DatabaseValue.integer(-300).storageDescription, "INTEGER -300")
    XCTAssertEqual(DatabaseValue.real(1.5).storageDescription, "REAL")
    XCTAssertEqual(DatabaseValue.text("secret").storageDescription, "TEXT")
    XCTAssertEqual(DatabaseValue.blob(Data()).storageDescription, "BLOB of 0 bytes")
    XCTAssertEqual(DatabaseValue.blob(Data([7])).storageDescription, "BLOB of 1 byte")
    XCTAssertEqual(DatabaseValue.blob(Data([7, 8])).storageDescription, "BLOB of 2 bytes")
  }
}
