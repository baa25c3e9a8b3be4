// Swift 5.9–6 shapes: wrapper arguments over several lines, `if`/`switch` expressions as
// defaults, typed throws in stored closure types, noncopyable types, parameter packs,
// ownership modifiers, isolation on extensions, nested quotes and multi-line raw strings.
import Observation
import SwiftUI

struct ModernSettings {
  @Clamped(
    to: 0...100,
    step: 5
  )
  var volume: Int = 50
  @AppStorage(
    "theme",
    store: .standard) var theme: String = "light"
  @Wrapped(label: "a)b{c", closure: { value in value > 0 }) var positive: Int
  var level: Int = if Bool.random() { 1 } else { 2 }
  let mode: String = switch Locale.current.identifier {
  case "fr": "métrique"
  default: "imperial"
  }
  var handler: () throws(ParseError) -> Void = {}
  var asyncHandler: @Sendable (borrowing ScanToken) async throws(ParseError) -> Int
  nonisolated(unsafe) var unsafeShared: [String: Int] = [:]
  package var packaged: (any Error)?
  var existential: [any Sendable & Hashable] = []
  var greeting = "Hello, \(name.isEmpty ? "\"anonymous\"" : "\(name)")!"
  var template = #"""
    struct Fake { var notAProperty: Int }
    """ still inside \(not interpolated) }
    """#
  var pattern = ##"a"#b\##(name)"##
  var name: String = ""
  let computedOnce: Int = {
    let base = 40
    return base + 2
  }()
}

struct ScanToken: ~Copyable {
  let kind: UInt8
  var offset: Int
  consuming func finish() -> Int { offset }
  borrowing func peek() -> UInt8 { kind }
  mutating func move(by delta: Int) { offset += delta }
}

struct PackedValues<each Element> {
  var elements: (repeat each Element)
  let count: Int
  func forEach(_ body: (repeat each Element) -> Void) { body(repeat each elements) }
}

enum ParseError: Error { case bad(at: Int), empty }

@MainActor
extension ModernSettings {
  struct Snapshot: Sendable {
    var volume: Int
    var theme: String
  }
  var isLoud: Bool { volume > 80 }
}

extension URL: @retroactive Identifiable {
  public var id: String { absoluteString }
}

@Observable
final class Store {
  var settings = ModernSettings(positive: 1, asyncHandler: { _ in 0 })
  @ObservationIgnored private var cache: [Int: String] = [:]
}

struct DeviceFeatures {
  var common: Int
  #if os(iOS)
  var haptics: Bool = true
  #elseif os(macOS)
  var menuBar: Bool
  #else
  var fallback: String?
  #endif
  #if canImport(UIKit) && !os(watchOS)
  @available(iOS 16, *)
  var scene: String {
    "scene"
  }
  #endif
}

struct FlipCard: View {
  let title: String
  @State private var isFlipped = false
  var body: some View {
    VStack {
      Text(title)
      if isFlipped {
        Text("back")
      }
    }
    .onTapGesture { isFlipped.toggle() }
  }
}

#Preview {
  FlipCard(title: "A")
}

#Preview("Flipped", traits: .sizeThatFitsLayout) {
  FlipCard(title: "B")
}
