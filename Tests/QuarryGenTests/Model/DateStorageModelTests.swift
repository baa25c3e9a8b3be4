import QuarryGen
import QuarryTestSupport
import XCTest

/// `dateStorage = iso8601 | real` (issue 21) on a struct and on its `Date` properties: what
/// columns it makes, and one case per diagnostic.
final class DateStorageModelTests: XCTestCase {
  private func columns(_ source: String) -> [String] {
    let scanned = SourceScanner().scan(SourceFile(path: "Models/M.swift", text: source))
    let result = ModelBuilder().build([scanned])
    XCTAssertEqual(result.diagnostics, [])
    let tables = result.model.tables.map { ($0.name, $0.columns) }
    let children = result.model.children.map { ($0.typeName, $0.columns) }
    return (tables + children).flatMap { owner, columns in
      columns.map { "\(owner).\($0.name) \($0.sqlType.sql) \($0.storage.rawValue)" }
    }
  }

  func testTheStructsChoiceAppliesToEveryDateAndAPropertyCanOptOut() {
    XCTAssertEqual(
      columns(
        """
        import Foundation
        // quarry: dateStorage = iso8601
        struct Event {
          var id: Int
          var startsAt: Date
          var endsAt: Foundation.Date?
          // quarry: dateStorage = real
          var loggedAt: Date
          var count: Int
          // quarry: owned
          var parts: [Part] = []
        }
        struct Part {
          // quarry: dateStorage = iso8601
          var at: Date
          var seen: Date
        }
        // quarry: persist
        struct Plain {
          var id: Int
          var at: Date
          // quarry: dateStorage = "iso8601"
          var text: Date?
        }
        """),
      [
        "event.id INTEGER value", "event.startsAt TEXT iso8601", "event.endsAt TEXT iso8601",
        "event.loggedAt REAL value", "event.count INTEGER value", "plain.id INTEGER value",
        "plain.at REAL value", "plain.text TEXT iso8601", "Part.at TEXT iso8601",
        "Part.seen REAL value",
      ])
  }

  func testUnknownStorageNamesTheNearestOne() {
    assertModelDiagnostics(
      """
      // quarry: persist, dateStorage = unix
      struct Event {
        var id: Int
        // quarry: dateStorage = iso8061
        var at: Date
        // quarry: dateStorage
        var seen: Date
      }
      """,
      """
      Models/M.swift:1:21: error: unknown dateStorage 'unix' (dateStorage is iso8601 or real)
      // quarry: persist, dateStorage = unix
                          ^
      Models/M.swift:4:14: error: unknown dateStorage 'iso8061'; did you mean 'iso8601'? \
      (dateStorage is iso8601 or real)
        // quarry: dateStorage = iso8061
                   ^
      Models/M.swift:6:14: error: annotation key 'dateStorage' expects iso8601 or real, like \
      dateStorage = iso8601
        // quarry: dateStorage
                   ^

      """)
  }

  func testDateStorageOnAPropertyThatIsNoDate() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Event {
        var id: Int
        // quarry: dateStorage = iso8601
        var at: String
        // quarry: json, dateStorage = iso8601
        var when: Date
      }
      """,
      """
      Models/M.swift:4:14: error: 'dateStorage' applies to a 'Date' or 'Date?' property, but \
      'at' is 'String'
        // quarry: dateStorage = iso8601
                   ^
      Models/M.swift:6:20: error: 'dateStorage' does not apply to 'when', which is stored as \
      JSON ('json'); remove one of the two
        // quarry: json, dateStorage = iso8601
                         ^

      """)
  }

  func testANearMissOfTheKeyNamesIt() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Event {
        var id: Int
        // quarry: dateStorag = iso8601
        var at: Date
      }
      """,
      """
      Models/M.swift:4:14: error: unknown annotation key 'dateStorag'; did you mean \
      'dateStorage'? (a custom key for templates goes in '// sourcery: dateStorag')
        // quarry: dateStorag = iso8601
                   ^

      """)
  }
}
