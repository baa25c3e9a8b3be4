import Foundation
import Quarry
import QuarryTestSupport
import XCTest

/// Typed JSON paths through generated code (`JSONPaths/Models`, generated into
/// `JSONPaths/Generated` with `Table.stencil` alone, as `FullText/` is): every filter over
/// random rows is compared with the same filter in plain Swift on the same values, NULLs,
/// missing keys and non-ASCII text included. Each test runs on SQLite and on PostgreSQL
/// (`jsonb`, a fresh database on the shared test server) with the same rows and expectations.
final class JSONPathTests: EngineEndToEndTestCase {
  private var editions: [Edition] = []

  private static let names = [
    "Émile Zola", "Zoé", "北京", "Ada", "Ωmega", "José", #"a'b "c""#, "ß", "", "e\u{301}cole",
  ]

  override var tables: [any TableRecord.Type] { [Edition.self] }

  /// Each engine's database holds the same 400 random editions.
  override func setUpEngine(_ engine: Engine) throws {
    var random = SeededGenerator(seed: 21)
    editions = (1...400).map { Self.edition(id: $0, random: &random) }
    try database.write { tx in
      for edition in editions { try tx.insert(edition) }
    }
  }

  private static func pick<T>(_ values: [T], _ random: inout SeededGenerator) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }

  private static func contributor(_ random: inout SeededGenerator) -> Contributor {
    Contributor(
      name: pick(names, &random),
      born: Bool.random(using: &random) ? nil : Int.random(in: 1800...2000, using: &random))
  }

  private static func edition(id: Int64, random: inout SeededGenerator) -> Edition {
    let meta = Edition.Meta(
      pages: Int.random(in: 0...1000, using: &random),
      subtitle: pick(names, &random),
      rating: Bool.random(using: &random)
        ? nil : Double(Int.random(in: -500...500, using: &random)) / 100,
      isSigned: Bool.random(using: &random),
      released: Date(
        timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &random)),
      format: pick(Edition.Format.allCases, &random),
      author: contributor(&random),
      editor: Bool.random(using: &random) ? nil : contributor(&random),
      tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in pick(names, &random) },
      scan: nil,
      shelfLabel: pick(names, &random))
    let extra =
      Bool.random(using: &random)
      ? nil
      : Edition.Extra(
        weight: Double.random(in: 0...10, using: &random),
        note: Bool.random(using: &random) ? nil : pick(names, &random))
    return Edition(id: id, title: "Edition \(id)", meta: meta, extra: extra)
  }

  /// The ids `filter` selects, in id order.
  private func ids(_ filter: SQLExpression<Edition>) throws -> [Int64] {
    try database.read {
      try $0.fetchAll(Edition.all().filter(filter).order(Edition.Columns.id.asc)).map(\.id)
    }
  }

  /// The ids of the editions `predicate` holds for, in id order.
  private func expected(_ predicate: (Edition) -> Bool) -> [Int64] {
    editions.filter(predicate).map(\.id)
  }

  func testFiltersOnPathsMatchTheSameFilterInSwift() throws {
    forEachEngine { engine in try filtersMatch(engine) }
  }

  private func filtersMatch(_ engine: Engine) throws {
    let someone = editions[7].meta.author.name
    let date = editions[11].meta.released
    let rating = try XCTUnwrap(editions.compactMap(\.meta.rating).dropFirst(3).first)
    let cases: [(String, SQLExpression<Edition>, (Edition) -> Bool)] = [
      ("pages > 500", Edition.Columns.meta.pages > 500, { $0.meta.pages > 500 }),
      ("pages == 3", Edition.Columns.meta.pages == 3, { $0.meta.pages == 3 }),
      ("subtitle", Edition.Columns.meta.subtitle == "Zoé", { $0.meta.subtitle == "Zoé" }),
      ("quotes", Edition.Columns.meta.subtitle == #"a'b "c""#, { $0.meta.subtitle == #"a'b "c""# }),
      ("empty text", Edition.Columns.meta.subtitle == "", { $0.meta.subtitle == "" }),
      (
        "rating <", Edition.Columns.meta.rating < rating, { ($0.meta.rating ?? .infinity) < rating }
      ),
      ("rating ==", Edition.Columns.meta.rating == rating, { $0.meta.rating == rating }),
      ("rating nil", Edition.Columns.meta.rating == nil, { $0.meta.rating == nil }),
      ("signed", Edition.Columns.meta.isSigned == true, { $0.meta.isSigned }),
      ("unsigned", Edition.Columns.meta.isSigned == false, { !$0.meta.isSigned }),
      ("released >", Edition.Columns.meta.released > date, { $0.meta.released > date }),
      ("released ==", Edition.Columns.meta.released == date, { $0.meta.released == date }),
      ("format", Edition.Columns.meta.format == .paperback, { $0.meta.format == .paperback }),
      (
        "format in", Edition.Columns.meta.format.in([.ebook, .hardcover]),
        { $0.meta.format != .paperback }
      ),
      ("nested", Edition.Columns.meta.author.name == someone, { $0.meta.author.name == someone }),
      ("nested optional", Edition.Columns.meta.author.born == nil, { $0.meta.author.born == nil }),
      (
        "through optional", Edition.Columns.meta.editor.name == someone,
        { $0.meta.editor?.name == someone }
      ),
      (
        "through optional, nil", Edition.Columns.meta.editor.born == nil,
        { $0.meta.editor?.born == nil }
      ),
      (
        "through optional, >=", Edition.Columns.meta.editor.born >= 1900,
        { ($0.meta.editor?.born ?? 0) >= 1900 }
      ),
      ("optional struct nil", Edition.Columns.meta.editor.isNull, { $0.meta.editor == nil }),
      ("optional root", Edition.Columns.extra.weight > 5, { ($0.extra?.weight ?? 0) > 5 }),
      ("optional root, nil", Edition.Columns.extra.note == nil, { $0.extra?.note == nil }),
      ("quoted key", Edition.Columns.meta.shelfLabel == "北京", { $0.meta.shelfLabel == "北京" }),
      ("like", Edition.Columns.meta.subtitle.like("É%"), { $0.meta.subtitle.hasPrefix("É") }),
      (
        "and", Edition.Columns.meta.pages < 100 && Edition.Columns.meta.isSigned == true,
        { $0.meta.pages < 100 && $0.meta.isSigned }
      ),
    ]
    for (name, filter, predicate) in cases {
      let expected = expected(predicate)
      XCTAssertEqual(try ids(filter), expected, "[\(engine)] \(name)")
    }
    // The data reaches every branch: no case is vacuous.
    XCTAssertFalse(expected { $0.meta.editor == nil }.isEmpty)
    XCTAssertFalse(expected { $0.meta.editor?.born == nil && $0.meta.editor != nil }.isEmpty)
    XCTAssertFalse(expected { $0.meta.editor?.name == someone }.isEmpty)
    XCTAssertFalse(expected { $0.extra?.note == nil && $0.extra != nil }.isEmpty)
  }

  func testPathsOrderAndSelectAsTheirValueType() throws {
    forEachEngine { engine in try pathsOrderAndSelect(engine) }
  }

  private func pathsOrderAndSelect(_ engine: Engine) throws {
    let label = "[\(engine)]"
    let byPages = try database.read {
      try $0.fetchAll(
        Edition.all().order(Edition.Columns.meta.pages.desc, Edition.Columns.id.asc))
    }
    XCTAssertEqual(
      byPages.map(\.id),
      editions.sorted { ($0.meta.pages, $1.id) > ($1.meta.pages, $0.id) }.map(\.id), label)
    let selected = try database.read {
      try $0.fetchAll(
        Edition.all().order(Edition.Columns.id.asc).select(
          Edition.Columns.meta.author, Edition.Columns.meta.editor.name,
          Edition.Columns.meta.tags, Edition.Columns.extra.weight))
    }
    XCTAssertEqual(selected.map(\.0), editions.map(\.meta.author), label)
    XCTAssertEqual(selected.map(\.1), editions.map(\.meta.editor?.name), label)
    XCTAssertEqual(selected.map(\.2), editions.map(\.meta.tags), label)
    XCTAssertEqual(selected.map(\.3), editions.map(\.extra?.weight), label)
    let dates = try database.read {
      try $0.fetchAll(
        Edition.all().order(Edition.Columns.id.asc).select(
          Edition.Columns.meta.released, Edition.Columns.meta.isSigned,
          Edition.Columns.meta.format, Edition.Columns.meta.editor))
    }
    XCTAssertEqual(dates.map(\.0), editions.map(\.meta.released), label)
    XCTAssertEqual(dates.map(\.1), editions.map(\.meta.isSigned), label)
    XCTAssertEqual(dates.map(\.2), editions.map(\.meta.format), label)
    XCTAssertEqual(dates.map(\.3), editions.map(\.meta.editor), label)
  }

  func testTheJSONColumnStillWorksAsAColumn() throws {
    forEachEngine { engine in try columnStillWorks(engine) }
  }

  private func columnStillWorks(_ engine: Engine) throws {
    let label = "[\(engine)]"
    let replacement = editions[0].meta
    try database.write { tx in
      _ = try tx.updateAll(
        Edition.all().filter(Edition.Columns.meta.pages > 900),
        set: Edition.Columns.meta.set(to: replacement), Edition.Columns.extra.set(to: nil))
    }
    let changed = Set(expected { $0.meta.pages > 900 })
    XCTAssertFalse(changed.isEmpty, label)
    for (index, edition) in editions.enumerated() where changed.contains(edition.id) {
      editions[index].meta = replacement
      editions[index].extra = nil
    }
    let stored = try database.read { try $0.fetchAll(Edition.all().order(Edition.Columns.id.asc)) }
    XCTAssertEqual(stored, editions, label)
    let noExtra = try database.read {
      try $0.fetchCount(Edition.all().filter(Edition.Columns.extra.isNull))
    }
    XCTAssertEqual(noExtra, editions.filter { $0.extra == nil }.count, label)
  }

  func testGeneratedEditionIsFresh() throws {
    let check = try QuarryBinary.run(
      [
        "generate", "JSONPaths/Models", "--output", "JSONPaths/Generated", "--templates",
        "../../Templates/Table.stencil", "--check",
      ], in: QuarryBinary.testFolder)
    XCTAssertEqual(check.exitCode, 0, check.standardOutput + check.standardError)
  }

  func testPathsRenderAsJSONExtractWithQuotedKeys() {
    XCTAssertEqual(
      (Edition.Columns.meta.pages > 500).sql, #"json_extract("meta", '$.page_count') > ?"#)
    XCTAssertEqual(
      (Edition.Columns.meta.shelfLabel == "x").sql,
      #"json_extract("meta", '$."shelf label"') = ?"#)
    XCTAssertEqual(
      Edition.Columns.meta.editor.born.isNull.sql,
      #"json_extract("meta", '$.editor.born') IS NULL"#)
    XCTAssertEqual(Edition.Columns.meta.author.name.keys, ["author", "name"])
  }

  /// What a path compares with is what JSONEncoder wrote, read back with raw SQL: `Bool` as 1
  /// or 0 (SQLite's `json_extract` of `true`; PostgreSQL's `jsonb` holds `true`, compared here),
  /// a `Date` as its seconds since 2001.
  func testPathValuesAreWhatTheEncoderWrote() throws {
    struct Extracted: Decodable, Equatable {
      var signed: Int
      var released: Double
    }
    forEachEngine { engine in
      let sql =
        switch engine {
        case .sqlite:
          #"SELECT json_extract("meta", '$.isSigned') AS "signed", "#
            + #"json_extract("meta", '$.released') AS "released" FROM "editions" ORDER BY "id""#
        case .postgres:
          #"SELECT CASE WHEN "meta" -> 'isSigned' = 'true'::jsonb THEN 1 ELSE 0 END AS "signed", "#
            + #"CAST("meta" ->> 'released' AS DOUBLE PRECISION) AS "released" FROM "editions" "#
            + #"ORDER BY "id""#
        }
      let raw = try database.read { try $0.fetchAll(Extracted.self, literal: SQLLiteral(sql: sql)) }
      XCTAssertEqual(
        raw,
        editions.map {
          Extracted(
            signed: $0.meta.isSigned ? 1 : 0,
            released: $0.meta.released.timeIntervalSinceReferenceDate)
        }, "[\(engine)]")
    }
  }
}
