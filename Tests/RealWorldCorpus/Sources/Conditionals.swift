// `#if` nests around imports, types, members and postfix member chains.
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

struct Platform {
  #if os(iOS) || os(tvOS)
  var idiom: UIUserInterfaceIdiom
    #if DEBUG
    var debugOverlay: Bool = true
    #endif
  #elseif os(macOS)
  var window: NSWindow?
  #else
  var headless = true
  #endif
  var name: String

  #if swift(>=5.9)
  var modern: Int { 1 }
  #endif
}

#if DEBUG
struct DebugMenu {
  var items: [String]
}
#else
struct ReleaseMenu { var items: [String] }
#endif

extension Platform {
#if compiler(>=5.10) && hasFeature(StrictConcurrency)
  struct Strict { var level: Int }
#endif
}

struct Styled {
  var label: String
  func view() -> some CustomStringConvertible {
    label
      .uppercased()
    #if os(macOS)
      .lowercased()
    #endif
  }
}
