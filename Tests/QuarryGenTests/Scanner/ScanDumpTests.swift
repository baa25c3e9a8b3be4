import QuarryGen
import QuarryTestSupport
import XCTest

final class ScanDumpTests: XCTestCase {
  func testDumpsContractExample() {
    let source = """
      // quarry: table = "birds", index = [kind, name]
      public struct Bird: Sendable, Equatable {
        // quarry: primaryKey
        public var id: UUID
        // quarry: unique
        public var name: String
        public var wingspan: Double?
        public var kind: Kind               // enum Kind: String { case songbird, raptor }
        public var tags: [String]           // collections are stored as JSON text
        // quarry: references = Nest, column = "nest_id"
        public var nestID: Int64?
        public var price: Decimal
        // quarry: ignore
        public var thumbnail: Data? = nil
      }

      enum Kind: String { case songbird, raptor }

      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/Bird.swift", text: source))
    let json = ScanDump.json([scanned])
    XCTAssertTrue(json.hasPrefix("""
      {"structs":[
        {"name":"Bird","file":"Models/Bird.swift","line":2,"column":15,"access":"public",
      """.replacingOccurrences(of: ",\n", with: ",")), json)
  }
}
