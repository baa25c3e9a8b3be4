import Foundation
import QuarryGen
import QuarryTestSupport
import XCTest

/// The checked-in corpus of real-world shapes (`Tests/RealWorldCorpus/Sources`): every file is
/// valid Swift, so the scan reports nothing, and its output is the reviewed
/// `Tests/RealWorldCorpus/Expected/<file>.json` (`quarry scan` format). `QUARRY_RECORD=1`
/// rewrites the expected files and fails the run; review their diff like code.
///
/// The corpus is also where `Tests/RealWorldCorpus/compiler_agreement.py` checks the scanner
/// against the compiler's parser (see the README there).
final class RealWorldCorpusTests: XCTestCase {
  private var corpus: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("RealWorldCorpus")
  }

  func testEveryCorpusFileScansToItsExpectedOutput() throws {
    let files = ProjectScanner.scanFiles(paths: ["Sources"], relativeTo: corpus.path)
    XCTAssertEqual(
      files.map(\.file.path),
      [
        "Sources/Concurrency.swift", "Sources/Conditionals.swift",
        "Sources/ExtensionsAndAccess.swift", "Sources/Generics.swift",
        "Sources/ImportsAndTopLevel.swift", "Sources/MacrosAndAttributes.swift",
        "Sources/ModernSwift.swift", "Sources/NestedTypes.swift", "Sources/Operators.swift",
        "Sources/PropertyWrappers.swift",
        "Sources/ProtocolsAndEnums.swift", "Sources/RegexAndStrings.swift",
        "Sources/ResultBuilders.swift", "Sources/SwiftUIViews.swift",
        "Sources/UnusualFormatting.swift",
      ])
    XCTAssertEqual(
      DiagnosticRenderer(files: files.map(\.file)).render(files.flatMap(\.diagnostics)), "")
    let expectedFolder = corpus.appendingPathComponent("Expected")
    for file in files {
      let name = URL(fileURLWithPath: file.file.path).deletingPathExtension().lastPathComponent
      let url = expectedFolder.appendingPathComponent(name + ".json")
      let actual = ScanDump.json([file])
      if isRecordingSnapshots {
        try Data(actual.utf8).write(to: url)
        XCTFail("recorded \(url.lastPathComponent); unset QUARRY_RECORD and run again")
        continue
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      XCTAssertEqual(
        actual, expected,
        "\(file.file.path) (- expected, + actual):\n" + lineDiff(expected: expected, actual: actual)
      )
    }
  }

  /// A few facts of the corpus spelled out here too, so that a wrong recording cannot hide them.
  func testCorpusLandmarks() throws {
    let files = ProjectScanner.scanFiles(paths: ["Sources"], relativeTo: corpus.path)
    let structs = Dictionary(
      files.flatMap(\.structs).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    func properties(_ name: String) -> [String] {
      (structs[name]?.properties ?? []).map {
        "\($0.name): \($0.typeName ?? "?")" + ($0.defaultValue.map { " = \($0)" } ?? "")
      }
    }
    XCTAssertEqual(
      properties("Caches"),
      [
        "cache: Store<Key, Bool> = Store<Key, Bool>()",
        "pairs: Store<A, (x: B, y: C)> = Store<A, (x: B, y: C)>()",
        "nested: Store<String, Store<Int, [Bool]>> = Store<String, Store<Int, [Bool]>>()",
        "flag: Bool = true",
        "lookup: Dictionary<String, Array<Int>> = .init()", "task: Task<Void, Never>? = nil",
        "started: ? = Task<Void, Never> {}", "optionalTask: ? = Task<Int, Never>?.none",
        "comparison: ? = 1 < 2", "generic: Result<[String: Int], any Error>",
      ])
    XCTAssertEqual(properties("Platform.Target"), ["arch: Arch", "os: String"])
    XCTAssertEqual(
      properties("Calls"),
      [
        "configured: ? = configure(first: { print(\"first\") }, second: { print(\"second\") })",
        "afterwards: String", "more: Int",
      ])
    XCTAssertEqual(
      [
        "Recipe.Step", "Recipe.Draft", "Scratch.Note", "Recipe.Ingredient", "Kitchen.Shelf",
        "Kitchen.Drawer",
      ].map { structs[$0]?.access },
      [.public, .fileprivate, .fileprivate, .internal, .internal, .private])
    XCTAssertEqual(structs["Endpoint"]?.properties.map(\.name), ["url", "timeout", "bundle"])
    XCTAssertNil(structs["LocalOnly"])
    // ModernSwift.swift: a wrapper's arguments over three lines, an `if` expression as a
    // default, a typed `throws` in a stored closure type, a multi-line raw string holding
    // `"""` and `}`.
    let settings = structs["ModernSettings"]?.properties ?? []
    XCTAssertEqual(
      settings.first.map { "\($0.attributes.map { "@\($0.name)(\($0.arguments ?? ""))" })" },
      "[\"@Clamped(to: 0...100, step: 5)\"]")
    XCTAssertEqual(
      Array(properties("ModernSettings")[3...5]),
      [
        "level: Int = if Bool.random() { 1 } else { 2 }",
        "mode: String = switch Locale.current.identifier { case \"fr\": \"métrique\" default: \"imperial\" }",
        "handler: () throws(ParseError) -> Void = {}",
      ])
    XCTAssertEqual(
      settings.first { $0.name == "template" }?.defaultValue,
      "#\"\"\"\n    struct Fake { var notAProperty: Int }\n    \"\"\" still inside \\(not interpolated) }\n    \"\"\"#"
    )
    XCTAssertEqual(properties("ScanToken"), ["kind: UInt8", "offset: Int"])
    XCTAssertEqual(properties("PackedValues"), ["elements: (repeat each Element)", "count: Int"])
    XCTAssertEqual(
      structs["DeviceFeatures"]?.properties.map { "\($0.name) \($0.conditions)" },
      [
        "common []", "haptics [\"os(iOS)\"]", "menuBar [\"!os(iOS) && os(macOS)\"]",
        "fallback [\"!os(iOS) && !os(macOS)\"]",
      ])
  }
}
