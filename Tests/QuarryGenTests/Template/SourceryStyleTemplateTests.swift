import Foundation
import QuarryGen
import XCTest

/// The Sourcery-style templates in `Examples/SourceryTemplates` (AutoEquatable, AutoHashable,
/// AutoCases, AutoLenses, AutoMockable, LinuxMain) rendered over classes, protocols with
/// properties, async/throwing and generic methods and associated types, enums with associated
/// values and extensions; the outputs are compiled with the input by `swiftc` (Swift 6,
/// warnings as errors) and run: the mocks record their calls, the conformances compare, hash
/// and list as the input says.
final class SourceryStyleTemplateTests: XCTestCase {
  static let templatesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/SourceryTemplates")
  static let templateNames = [
    "AutoEquatable", "AutoHashable", "AutoCases", "AutoLenses", "AutoMockable", "LinuxMain",
  ]

  static let input = """
    import Foundation

    protocol AutoEquatable {}
    protocol AutoHashable {}
    protocol AutoCases {}
    protocol AutoLenses {}
    protocol AutoMockable {}

    struct Lens<Whole, Part>: Sendable {
      let get: @Sendable (Whole) -> Part
      let set: @Sendable (Part, Whole) -> Whole
    }

    struct Point: AutoEquatable, AutoHashable, AutoLenses {
      var x: Int
      var y: Int
      var label: String?
      var length: Int { x + y }
      static let origin = Point(x: 0, y: 0, label: nil)
    }

    extension Point {
      func moved(by delta: Int) -> Point { Point(x: x + delta, y: y + delta, label: label) }
    }

    final class Account: AutoEquatable, AutoHashable {
      let id: Int
      var owner: String
      // sourcery: skipEquality, skipHashing
      var visits = 0
      init(id: Int, owner: String) {
        self.id = id
        self.owner = owner
      }
    }

    enum Shape: AutoEquatable, AutoHashable {
      case circle(radius: Double)
      case rectangle(Double, Double)
      case empty
    }

    enum Direction: AutoCases {
      case north, south
      case east
      case west
    }

    protocol Store: AutoMockable {
      associatedtype Item
      var name: String { get }
      var count: Int { get set }
      var current: Item? { get }
      var remote: Int { get async throws }
      func load(id: Int) async throws -> Item
      func save(_ item: Item, into items: inout [Item], tags: String...) throws
      func reset()
      func find<T: Decodable>(type: T.Type, key: String) -> T?
    }

    extension Store {
      func loadTwice(id: Int) async throws -> [Item] { [try await load(id: id), try await load(id: id)] }
    }

    protocol Clock: AutoMockable {
      init(zone: String)
      func tick() async -> Int
    }

    class TestCase {
      required init() {}
    }

    final class LedgerTests: TestCase {
      func testOpen() {}
      func testClose() throws {}
      func helper() {}
    }
    """

  static let main = """
    struct Failure: Error {}

    func check() async throws {
      print(Point(x: 1, y: 2, label: "a") == Point(x: 1, y: 2, label: "a"),
        Point(x: 1, y: 2, label: nil) == Point(x: 1, y: 3, label: nil))
      let first = Account(id: 1, owner: "ann")
      let second = Account(id: 1, owner: "ann")
      second.visits = 5
      print(first == second, first.hashValue == second.hashValue, first == Account(id: 2, owner: "ann"))
      print(Shape.circle(radius: 1) == .circle(radius: 1), Shape.circle(radius: 1) == .circle(radius: 2),
        Shape.rectangle(1, 2) == .rectangle(1, 2), Shape.empty == .empty, Shape.empty == .circle(radius: 0))
      print(Set([Shape.empty, .empty, .circle(radius: 1), .rectangle(1, 2)]).count)
      print(Direction.count, Direction.allCases)
      let point = Point(x: 1, y: 2, label: "p")
      print(Point.xLens.get(point), Point.labelLens.set("q", point).label ?? "nil", Point.yLens.set(9, point))

      let store = StoreMock<String>()
      store.underlyingName = "main"
      store.count = 3
      store.underlyingRemote = 7
      store.loadIdReturnValue = "one"
      print(store.name, store.count, store.current ?? "none", try await store.remote)
      print(try await store.load(id: 4), try await store.loadTwice(id: 5), store.loadIdCallsCount, store.loadIdReceivedInvocations)
      store.loadIdClosure = { id in "closure \\(id)" }
      print(try await store.load(id: 6), store.loadIdReceivedId ?? 0)
      var items = ["a"]
      try store.save("b", into: &items, tags: "x", "y")
      print(store.saveIntoTagsCalled, store.saveIntoTagsReceivedArguments?.tags ?? [], store.saveIntoTagsReceivedInvocations.count)
      store.saveIntoTagsThrowableError = Failure()
      do {
        try store.save("c", into: &items, tags: "z")
      } catch {
        print("threw", store.saveIntoTagsCallsCount)
      }
      store.reset()
      store.resetClosure = { print("reset closure") }
      store.reset()
      print(store.resetCallsCount)
      store.findTypeKeyReturnValue = 42
      print(store.find(type: Int.self, key: "k") ?? -1, store.find(type: String.self, key: "k") ?? "-", store.findTypeKeyCallsCount)
      store.remoteThrowableError = Failure()
      print((try? await store.remote) == nil)

      let clock = ClockMock(zone: "UTC")
      clock.tickReturnValue = 1
      print(await clock.tick(), clock.tickCalled)

      print(LedgerTests.allTests.map(\\.0), allTestManifests.map { "\\($0.0):\\($0.1)" })
      for (_, test) in LedgerTests.allTests { try test(LedgerTests())() }
    }

    try await check()
    """

  func testTemplatesRenderCompileAndRun() throws {
    let scanned = SourceScanner().scan(SourceFile(path: "Input.swift", text: Self.input))
    XCTAssertEqual(scanned.diagnostics, [])
    let context = TemplateContext(files: [scanned])
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-sourcery-style-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (name, text) in [("Input", Self.input), ("main", Self.main)] {
      let path = folder.appendingPathComponent(name + ".swift").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    for name in Self.templateNames {
      let url = Self.templatesFolder.appendingPathComponent(name + ".stencil")
      let source = try String(contentsOf: url, encoding: .utf8)
      let (template, errors) = Template.parse(SourceFile(path: name + ".stencil", text: source))
      XCTAssertEqual(errors, [], name)
      let (output, diagnostics) = try XCTUnwrap(template, name).render(context: context)
      XCTAssertEqual(diagnostics, [], name)
      XCTAssertFalse(output.isEmpty, name)
      let path = folder.appendingPathComponent(name + ".generated.swift").path
      try output.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let executable = folder.appendingPathComponent("check").path
    let compiled = try Self.run(
      "/usr/bin/env",
      [
        "swiftc", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Checked", "-o",
        executable,
      ] + paths)
    XCTAssertEqual(compiled.status, 0, compiled.output)
    guard compiled.status == 0 else {
      for path in paths where path.hasSuffix(".generated.swift") {
        print((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
      }
      return
    }
    let ran = try Self.run(executable, [])
    XCTAssertEqual(ran.status, 0, ran.output)
    XCTAssertEqual(
      ran.output,
      """
      true false
      true true false
      true false true true false
      3
      4 [Checked.Direction.north, Checked.Direction.south, Checked.Direction.east, Checked.Direction.west]
      1 q Point(x: 1, y: 9, label: Optional("p"))
      main 3 none 7
      one ["one", "one"] 3 [4, 5, 5]
      closure 6 6
      true ["x", "y"] 1
      threw 2
      reset closure
      2
      42 - 2
      true
      1 true
      ["testOpen", "testClose"] ["LedgerTests:2"]

      """)
  }

  private static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
