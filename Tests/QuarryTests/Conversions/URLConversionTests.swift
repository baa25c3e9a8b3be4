import Foundation
import XCTest

@testable import Quarry

/// Issue 20: every URL comes back `==` to the one stored, or is refused with a reason and
/// nothing stored. A URL with a base used to come back without it. On both engines.
final class URLConversionTests: EngineTestCase {
  func testAURLWithABaseIsRefusedNamingTheAbsoluteForm() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let base = try XCTUnwrap(URL(string: "https://example.com/birds/"))
      let relative = try XCTUnwrap(URL(string: "robin?size=s", relativeTo: base))
      XCTAssertThrowsError(try engineRoundTrip(relative, as: .text, in: db)) { error in
        XCTAssertEqual(
          "\(error)",
          "the URL 'robin?size=s' relative to 'https://example.com/birds/' cannot be stored "
            + "without losing its base; store its 'absoluteURL' "
            + "('https://example.com/birds/robin?size=s')")
      }
      let absolute = try engineRoundTrip(relative.absoluteURL, as: .text, in: db)
      XCTAssertEqual(absolute.value, relative.absoluteURL)
      XCTAssertEqual(absolute.value?.absoluteString, "https://example.com/birds/robin?size=s")
      XCTAssertEqual(absolute.stored, .text("https://example.com/birds/robin?size=s"))
    }
  }

  func testARelativeFileURLIsRefusedAndNothingIsStored() {
    forEachEngine { _ in
      let db = try makeDatabase()
      try db.write { try $0.execute(#"CREATE TABLE "links" ("url" TEXT)"#) }
      // fileURLWithPath of a relative path takes the current directory as its base.
      let relative = URL(fileURLWithPath: "notes/robin.txt")
      XCTAssertNotNil(relative.baseURL)
      XCTAssertThrowsError(
        try db.write {
          try $0.execute(#"INSERT INTO "links" ("url") VALUES (?)"#, arguments: [relative])
        })
      XCTAssertEqual(try rawValue(#"SELECT count(*) FROM "links""#, in: db), .integer(0))
    }
  }

  func testAnOptionalURLWithABaseIsRefusedNotStoredAsNull() {
    forEachEngine { _ in
      let db = try makeDatabase()
      let base = try XCTUnwrap(URL(string: "https://example.com/"))
      let relative: URL? = URL(string: "a", relativeTo: base)
      XCTAssertThrowsError(try engineRoundTrip(relative, as: .text, in: db))
      let none = try engineRoundTrip(URL?.none, as: .text, in: db)
      XCTAssertNil(none.value ?? nil)
      XCTAssertEqual(none.stored, .null)
    }
  }

  /// Seeded random URLs built from parts (schemes, hosts, ports, paths with escapes and
  /// non-ASCII, queries, fragments, relative references with bases): each is equal after a
  /// round trip through SQLite, or refused.
  func testRandomURLsRoundTripEqualOrAreRefused() throws {
    // On SQLite only: whether a URL can be stored is the conversion's decision, before any
    // engine; what is stored is TEXT, which PostgreSQL keeps as exactly (tests above).
    var random = SplitMix(seed: 20)
    let schemes = ["https", "http", "file", "ftp", "x-app", "mailto"]
    let hosts = ["example.com", "localhost", "127.0.0.1", "[::1]", "xn--bcher-kva.example", ""]
    let segments = ["a", "b%20c", "%C3%A9t%C3%A9", "..", ".", "", "x;y", "~user", "a+b", "%2F"]
    let queries = ["", "?q=1", "?q=%C3%A9&r=a+b", "?", "?a=b=c"]
    let fragments = ["", "#top", "#", "#a%20b"]
    var stored = 0
    var refused = 0
    for _ in 0..<300 {
      let scheme = schemes.randomElement(using: &random) ?? "https"
      let host = hosts.randomElement(using: &random) ?? ""
      let port = Bool.random(using: &random) ? ":\(Int.random(in: 1...65_535, using: &random))" : ""
      let path = (0..<Int.random(in: 0...4, using: &random))
        .map { _ in segments.randomElement(using: &random) ?? "" }.joined(separator: "/")
      let tail =
        (queries.randomElement(using: &random) ?? "")
        + (fragments.randomElement(using: &random) ?? "")
      let text =
        scheme == "mailto"
        ? "mailto:robin@\(host)\(tail)" : "\(scheme)://\(host)\(port)/\(path)\(tail)"
      guard let absolute = URL(string: text) else { continue }
      let url: URL
      if Bool.random(using: &random), let relative = URL(string: path + tail, relativeTo: absolute)
      {
        url = relative
      } else {
        url = absolute
      }
      do {
        let fetched = try roundTrip(url, as: .text)
        XCTAssertEqual(fetched, url, "\(url.absoluteString)")
        XCTAssertNil(url.baseURL, "a URL with a base was stored: \(url)")
        stored += 1
      } catch is ValueConversionError {
        refused += 1
      }
    }
    // Both outcomes occur, so neither branch of the check is dead.
    XCTAssertGreaterThan(stored, 100)
    XCTAssertGreaterThan(refused, 50)
  }
}
