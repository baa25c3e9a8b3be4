import XCTest

@testable import QuarryGen

/// A table's rows may decode on several threads only when its `init(row:)` runs nothing but
/// Quarry's own conversions (`ConcurrentDecodingDecision`).
final class ConcurrentDecodingDecisionTests: XCTestCase {
  /// Whether the one persisted struct of `body` (declared as `struct Item: Sendable`) decodes
  /// concurrently; `extra` is more source beside it.
  private func decodesConcurrently(_ body: String, extra: String = "") -> Bool? {
    let source =
      "// quarry: persist\nstruct Item: Sendable {\n  var id: Int64\n\(body)\n}\n\(extra)"
    let result = ModelBuilder().build([
      SourceScanner().scan(SourceFile(path: "I.swift", text: source))
    ])
    XCTAssertEqual(result.diagnostics.filter(\.isError), [], source)
    return result.model.tables.first?.decodesRowsConcurrently
  }

  func testBuiltInColumnsAndRawValueEnumsDecodeConcurrently() {
    XCTAssertEqual(
      decodesConcurrently(
        """
          var name: String
          var score: Double?
          var seen: Date
          var photo: Data
          var key: UUID
          var price: Decimal
          var link: URL?
          var isOpen: Bool
          var small: Swift.Int8
          var kind: Kind
        """, extra: "enum Kind: String { case a, b }"), true)
    XCTAssertEqual(
      decodesConcurrently(
        """
          // quarry: dateStorage = iso8601
          var seen: Date
          // quarry: ignore
          var note: String? = nil
          // quarry: ignore
          var count = 0
          // quarry: ignore
          var label = "none"
          var computed: Int { 1 }
          // quarry: ignore
          lazy var cache = Cache.shared
          static var shared = Cache.shared
        """, extra: "final class Cache { nonisolated(unsafe) static var shared = Cache() }"), true)
  }

  func testConversionsTheUserWroteKeepOneThread() {
    // A conformance of the sources, a JSON column (its Codable initializer), a property wrapper.
    XCTAssertEqual(
      decodesConcurrently(
        "  var stamp: Stamp", extra: "struct Stamp {}\nextension Stamp: DatabaseValueConvertible {}"
      ),
      false)
    XCTAssertEqual(decodesConcurrently("  var tags: [String]"), false)
    XCTAssertEqual(
      decodesConcurrently(
        "  // quarry: json\n  var place: Place", extra: "struct Place: Codable { var x: Int }"),
      false)
    XCTAssertEqual(
      decodesConcurrently(
        "  @Clamped var level: Int = 0",
        extra: "@propertyWrapper struct Clamped { var wrappedValue: Int }"),
      false)
  }

  func testADefaultThatIsMoreThanALiteralKeepsOneThread() {
    for value in ["Cache.shared", "makeName()", "\"\\(1)\"", "UUID()", "[1].map { $0 }"] {
      XCTAssertEqual(
        decodesConcurrently("  // quarry: ignore\n  var other = \(value)"), false, value)
    }
  }

  func testLiterals() {
    for literal in [
      "nil", "true", "false", "[]", "[:]", "0", "-1.5e3", "0x1F", "1_000", "\"a b\"", " 2 ",
    ] {
      XCTAssertTrue(ConcurrentDecodingDecision.isLiteral(literal), literal)
    }
    for other in [
      "x", "\"\\(x)\"", "\"\"\"", "1 + 2", "-x", "-", "[1]", ".none", "\"a\" + \"b\"", "\"a\\\"",
    ] {
      XCTAssertFalse(ConcurrentDecodingDecision.isLiteral(other), other)
    }
  }
}
