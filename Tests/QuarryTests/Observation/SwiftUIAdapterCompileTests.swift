import Foundation
import QuarryTestSupport
import XCTest

/// The SwiftUI adapter (`View.observing`, behind `#if canImport(SwiftUI)`) cannot be compiled on
/// Linux, which has no SwiftUI. This test compiles it anyway: against small stand-ins for
/// SwiftUI's `View`, `State`, `List`, `Text`, `overlay` and `task`, with the `View` and `task`
/// declarations of the iOS 18 SDK (`@MainActor` views, an `@isolated(any) @Sendable` action)
/// and of the iOS 26.4 SDK (a `sending` action). Older SDKs do not matter: the package's
/// `swift-tools-version: 6.0` needs Xcode 16, whose SDKs start at iOS 18 and macOS 15 (with
/// the iOS 17 SDK's non-isolated `View`, the README's `@State` default would be a main-actor
/// value in a non-isolated context). `ObservedValue.swift` is type-checked as it is in the
/// source tree, together with the README's SwiftUI example (its `Bird` swapped for the library
/// fixture's `Member`).
final class SwiftUIAdapterCompileTests: XCTestCase {
  #if canImport(SwiftUI)
    private static let hasSwiftUI = true
  #else
    private static let hasSwiftUI = false
  #endif

  /// The declarations every generation shares.
  private static let commonStub = """
    @resultBuilder public struct ViewBuilder {
      public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
      public static func buildBlock() -> EmptyView { EmptyView() }
      public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
      public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    }
    public protocol DynamicProperty {}
    @propertyWrapper public struct State<Value>: DynamicProperty {
      private let value: Value
      public init(wrappedValue value: Value) { self.value = value }
      public var wrappedValue: Value {
        get { value }
        nonmutating set {}
      }
    }
    public struct Alignment: Sendable {
      public static let center = Alignment()
    }
    public struct EmptyView: View {
      public init() {}
      public var body: Never { fatalError() }
    }
    extension Never: View {
      public var body: Never { fatalError() }
    }
    extension Optional: View where Wrapped: View {
      public var body: Never { fatalError() }
    }
    public struct Text: View {
      public init<S: StringProtocol>(_ content: S) {}
      public var body: Never { fatalError() }
    }
    public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
      public var body: Never { fatalError() }
    }
    public struct List<SelectionValue: Hashable, Content: View>: View {
      public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
      ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {}
      public var body: Never { fatalError() }
    }
    """

  /// `View` and the `task` and `overlay` modifiers, per SDK generation.
  private static let generations: [(name: String, stub: String)] = [
    (
      "iOS 18 SDK",
      """
      @MainActor @preconcurrency public protocol View {
        associatedtype Body: View
        @ViewBuilder @MainActor @preconcurrency var body: Body { get }
      }
      extension View {
        nonisolated public func task(
          priority: TaskPriority = .userInitiated,
          @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
        ) -> some View { self }
        nonisolated public func overlay<V: View>(
          alignment: Alignment = .center, @ViewBuilder content: () -> V
        ) -> some View { self }
      }
      """
    ),
    (
      "iOS 26.4 SDK",
      """
      @MainActor @preconcurrency public protocol View {
        associatedtype Body: View
        @ViewBuilder @MainActor @preconcurrency var body: Body { get }
      }
      extension View {
        nonisolated public func task(
          name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
          line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void
        ) -> some View { self }
        nonisolated public func overlay<V: View>(
          alignment: Alignment = .center, @ViewBuilder content: () -> V
        ) -> some View { self }
      }
      """
    ),
  ]

  func testAdapterAndReadmeExampleCompileAgainstEachSDKGeneration() throws {
    for generation in Self.generations {
      let (status, output) = try typecheck(against: generation.stub)
      XCTAssertEqual(status, 0, "\(generation.name): \(output)")
      XCTAssertFalse(output.contains("warning:"), "\(generation.name): \(output)")
    }
  }

  func testTheAdapterIsReallyCheckedAgainstTheStub() throws {
    // A SwiftUI without `task`: the adapter's `observing` must fail to compile, so the
    // `#if canImport(SwiftUI)` part is compiled, not skipped.
    let withoutTask = """
      @MainActor @preconcurrency public protocol View {
        associatedtype Body: View
        @ViewBuilder @MainActor @preconcurrency var body: Body { get }
      }
      extension View {
        nonisolated public func overlay<V: View>(
          alignment: Alignment = .center, @ViewBuilder content: () -> V
        ) -> some View { self }
      }
      """
    let (status, output) = try typecheck(against: withoutTask)
    XCTAssertNotEqual(status, 0)
    XCTAssertTrue(output.contains("ObservedValue.swift:"), output)
    XCTAssertTrue(output.contains("'task'"), output)
  }

  /// Builds a `SwiftUI` module from `generationStub` and the common declarations, then
  /// type-checks the adapter, the README example and the library fixture against it.
  private func typecheck(against generationStub: String) throws -> (Int32, String) {
    // Where the real SwiftUI exists, the adapter is compiled with Quarry itself.
    try XCTSkipIf(Self.hasSwiftUI, "SwiftUI is available: the stand-in would clash with it")
    let package = SwiftTypeCheck.packageFolder
    let modules = try SwiftTypeCheck.builtModules()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-swiftui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let stub = folder.appendingPathComponent("SwiftUI.swift")
    try (generationStub + "\n" + Self.commonStub).write(to: stub, atomically: true, encoding: .utf8)
    let (stubStatus, stubOutput) = try SwiftTypeCheck.swiftc([
      "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "SwiftUI",
      "-emit-module-path", folder.appendingPathComponent("SwiftUI.swiftmodule").path, stub.path,
    ])
    XCTAssertEqual(stubStatus, 0, "the stub: \(stubOutput)")

    // The adapter exactly as shipped; it uses Quarry's public API only.
    let adapterSource = try String(
      contentsOf: package.appendingPathComponent("Sources/Quarry/Observation/ObservedValue.swift"),
      encoding: .utf8)
    XCTAssertTrue(adapterSource.contains("#if canImport(SwiftUI)"))
    let adapter = folder.appendingPathComponent("ObservedValue.swift")
    try ("import Quarry\n" + adapterSource).write(to: adapter, atomically: true, encoding: .utf8)

    let example = try Self.readmeSwiftUIExample(
      String(contentsOf: package.appendingPathComponent("README.md"), encoding: .utf8))
    XCTAssertTrue(example.contains(".observing(birds)"), example)
    let usage = folder.appendingPathComponent("Usage.swift")
    let usageSource =
      example.replacingOccurrences(of: "Bird", with: "Member")
      + "\nlet db = try! Database.inMemory()\n"
    try usageSource.write(to: usage, atomically: true, encoding: .utf8)
    return try SwiftTypeCheck.swiftc(
      [
        "-typecheck", "-swift-version", "6", "-module-name", "AdapterCheck", "-I", folder.path,
        "-I", modules.path,
      ] + CModuleSearchPaths.arguments(packageRoot: package) + [adapter.path, usage.path]
        + SwiftTypeCheck.libraryFixtures())
  }

  /// The first `swift` block after the README's **SwiftUI.** paragraph.
  private static func readmeSwiftUIExample(_ readme: String) throws -> String {
    let paragraph = try XCTUnwrap(readme.range(of: "**SwiftUI.**"), "README: no SwiftUI part")
    let opening = try XCTUnwrap(
      readme.range(of: "```swift\n", range: paragraph.upperBound..<readme.endIndex))
    let closing = try XCTUnwrap(
      readme.range(of: "```", range: opening.upperBound..<readme.endIndex))
    return String(readme[opening.upperBound..<closing.lowerBound])
  }
}
