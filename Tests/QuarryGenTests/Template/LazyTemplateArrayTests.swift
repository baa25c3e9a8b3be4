import Foundation
import XCTest

@testable import QuarryGen

/// Issue 20: the generator's `tables` (and `schemaTables`, `enums`, …) are built element by
/// element as templates read them. A template must not see a difference, and reads that need
/// one element must build only that one.
final class LazyTemplateArrayTests: XCTestCase {
  /// Counts the elements built, from whichever thread renders.
  private final class Builds: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [Int] = []
    func record(_ index: Int) {
      lock.lock()
      built.append(index)
      lock.unlock()
    }
    var indices: [Int] {
      lock.lock()
      defer { lock.unlock() }
      return built
    }
  }

  private let names = ["robin", "wren", "kite"]

  private func lazy(_ builds: Builds) -> LazyTemplateArray {
    let names = names
    return LazyTemplateArray(count: names.count) { index in
      builds.record(index)
      return ["name": .string(names[index]), "long": .bool(names[index].count > 4)]
    }
  }

  private func render(_ source: String, _ context: TemplateContext) -> (String, [String]) {
    let loader = InMemoryTemplateLoader(["Main": source])
    let (output, diagnostics) = TemplateEngine(loader: loader).render(
      templateNamed: "Main", context: context)
    return (output, diagnostics.map(\.message))
  }

  func testLoopBuildsEachElementOnceForItsIteration() {
    let builds = Builds()
    let context = TemplateContext().adding(lazy: ["birds": lazy(builds)])
    let (output, diagnostics) = render(
      "{% for bird in birds %}{{ forloop.index }}/{{ forloop.length }} {{ bird.name }}"
        + "{% if not forloop.last %}, {% endif %}{% endfor %}", context)
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(output, "1/3 robin, 2/3 wren, 3/3 kite")
    XCTAssertEqual(builds.indices, [0, 1, 2])
  }

  func testWhereConditionCountsOnlyKeptElements() {
    let builds = Builds()
    let context = TemplateContext().adding(lazy: ["birds": lazy(builds)])
    let (output, diagnostics) = render(
      "{% for bird in birds where bird.long %}{{ bird.name }} {{ forloop.length }};{% endfor %}",
      context)
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(output, "robin 1;")
    // Once for each condition, once more for the kept iteration.
    XCTAssertEqual(builds.indices, [0, 1, 2, 0])
  }

  func testEmptyLazyArrayRendersTheEmptyBranch() {
    let context = TemplateContext().adding(lazy: [
      "birds": LazyTemplateArray(count: 0) { _ in .null }
    ])
    XCTAssertEqual(
      render("{% for bird in birds %}x{% empty %}none{% endfor %}", context).0, "none")
    XCTAssertEqual(render("[{{ birds.first }}][{{ birds.last }}]", context).0, "[][]")
  }

  func testMembersNeedingOneElementBuildOnlyThatOne() {
    let builds = Builds()
    let context = TemplateContext().adding(lazy: ["birds": lazy(builds)])
    XCTAssertEqual(render("{{ birds.count }}", context).0, "3")
    XCTAssertEqual(builds.indices, [])
    XCTAssertEqual(
      render("{{ birds.1.name }} {{ birds.first.name }} {{ birds.last.name }}", context).0,
      "wren robin kite")
    XCTAssertEqual(builds.indices, [1, 0, 2])
  }

  func testOtherReadsSeeTheWholeArray() {
    let builds = Builds()
    let context = TemplateContext().adding(lazy: ["birds": lazy(builds)])
    XCTAssertEqual(render("{{ birds|count }}", context).0, "3")
    XCTAssertEqual(builds.indices, [0, 1, 2])
    XCTAssertEqual(
      context["birds"],
      [
        ["name": "robin", "long": true], ["name": "wren", "long": false],
        ["name": "kite", "long": false],
      ])
  }

  func testErrorsReadAsForAnEagerArray() {
    let eager = TemplateContext([
      "birds": [["name": "robin", "long": true], ["name": "wren"], ["name": "kite"]]
    ])
    let lazy = TemplateContext().adding(lazy: ["birds": lazy(Builds())])
    let cases: [(String, String)] = [
      ("{{ birds.3.name }}", "index 3 is out of range for 'birds', which has 3 elements"),
      (
        "{% for key, bird in birds %}{% endfor %}",
        "'for key, value' needs a dictionary, got an array"
      ),
      ("{{ birds.size }}", "'birds' is an array and has no member 'size'"),
    ]
    for (source, message) in cases {
      let (_, eagerDiagnostics) = render(source, eager)
      let (_, lazyDiagnostics) = render(source, lazy)
      XCTAssertEqual(lazyDiagnostics, eagerDiagnostics, source)
      XCTAssertEqual(lazyDiagnostics.count, 1, source)
      XCTAssertTrue(lazyDiagnostics.first?.hasPrefix(message) ?? false, "\(lazyDiagnostics)")
    }
    XCTAssertEqual(
      render("{{ bird }}", lazy).1.first.map { $0.contains("did you mean 'birds'") }, true)
  }

  func testValuesAndBindingsHideALazyArrayOfTheSameName() {
    let builds = Builds()
    let context = TemplateContext(["owls": ["owl"]]).adding(lazy: ["birds": lazy(builds)])
    XCTAssertEqual(
      render("{% set birds = owls %}{% for bird in birds %}{{ bird }}{% endfor %}", context).0,
      "owl")
    XCTAssertEqual(
      render("{% for bird in birds %}{{ bird }}{% endfor %}", context.adding(["birds": ["owl"]]))
        .0, "owl")
    XCTAssertEqual(builds.indices, [])
  }

  /// The generator's context holds no table's values before a file renders: `tables` and its
  /// kin are lazy, and each table's file builds its own `table` when it renders.
  func testPreparedContextHoldsNoTableValues() throws {
    let source = """
      import Foundation

      // quarry: table = "birds"
      struct Bird: Sendable, Codable {
        // quarry: primaryKey
        var id: UUID
        var kind: Kind
      }

      // quarry: table = "nests"
      struct Nest: Sendable, Codable {
        // quarry: primaryKey, autoincrement
        var id: Int64?
      }

      enum Kind: String, Sendable, Codable { case songbird, raptor }
      """
    let scanned = SourceScanner().scan(SourceFile(path: "Models/Birds.swift", text: source))
    let model = ModelBuilder().build([scanned]).model
    XCTAssertEqual(model.tables.map(\.typeName), ["Bird", "Nest"])
    let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates").path
    let renderer = TemplateRenderer(folder: templates, displayFolder: "Templates")
    var diagnostics: [Diagnostic] = []
    let (jobs, context) = renderer.prepare(model, scanned: [scanned], diagnostics: &diagnostics)
    XCTAssertEqual(diagnostics, [])
    for key in ["tables", "tablesByName", "schemaTables", "postgresSchemaTables", "enums"] {
      XCTAssertNil(context.values[key], key)
    }
    XCTAssertEqual(context.lazyArrays["tables"]?.count, 2)
    XCTAssertEqual(context.lazyArrays["enums"]?.count, 1)
    XCTAssertEqual(context.lazyArrays["tables"]?[1]["typeName"], "Nest")
    XCTAssertEqual(context.lazyArrays["tablesByName"]?[0]["name"], "birds")
    XCTAssertEqual(
      context.lazyArrays["schemaTables"]?[1]["createTableSQL"],
      .string(model.tables[1].createTableSQL))
    XCTAssertEqual(
      jobs.map(\.path),
      [
        "Bird+Quarry.swift", "Nest+Quarry.swift", "Kind+Quarry.swift", "QuarryTables.swift",
        "Schema.postgres.sql", "Schema.sql",
      ])
    XCTAssertEqual(jobs[0].extra()["table"]?["name"], "birds")
  }
}
