import QuarryGen
import XCTest

/// Valid Swift as real projects write it: no invented error, every stored property right.
/// (The checked-in corpus in `Corpus/` holds whole files of these shapes.)
final class ScannerRealWorldTests: XCTestCase {
  func testImportKindsDeclareNothing() {
    let scanned = scan(
      """
      import struct Foundation.URL
      import class Foundation.Bundle
      import enum Foundation.ComparisonResult
      import protocol Foundation.NSCopying
      import func Glibc.sqrt
      import var Glibc.errno
      import typealias Foundation.TimeInterval
      import let Glibc.M_PI
      @testable import struct App.Model; import actor App.Store
      @_exported import Foundation
      struct S { var url: URL }
      """)
    XCTAssertEqual(outline(scanned), "struct S\n  var url: URL")
    XCTAssertEqual(renderedDiagnostics(scanned), "")
  }

  func testMembersAtColumnOneInABalancedFile() {
    let scanned = scan(
      """
      extension Platform {
          public static let all: [Arch] = []
      public enum Arch: String {
      case x86
      }
      public struct Config {
      var name: String
      }
      }
      struct After { var a: Int }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Platform.Config public
        var name: String
      struct After
        var a: Int
      enum Platform.Arch: String = x86 public
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
  }

  func testTabsMixedWithSpacesAndClosuresClosingToTheLeft() {
    let scanned = scan(
      "struct Tabs {\n\tvar a: Int\n    var b: String\n\tfunc f() {\n        run(x: {\n"
        + "  },\n  y: 1)\n\t}\n  var c: Double\n}\n"
        + "struct Call {\n    let view = VStack(content: {\n        Text(\"a\")\n}, label: {\n"
        + "})\nvar d: Int\n}\n")
    XCTAssertEqual(
      outline(scanned),
      """
      struct Tabs
        var a: Int
        var b: String
        var c: Double
      struct Call
        let view: VStack(inferred) = VStack(content: { Text("a") }, label: { })
        var d: Int
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
  }

  func testUnbalancedFilesStillRecoverByIndentation() {
    let (text, markers) = extractMarkers(
      """
      struct S {
        func f() 1️⃣{
          if true {
        }
        2️⃣var b: Int
      }
      """)
    let scanned = scan(text)
    XCTAssertEqual(outline(scanned), "struct S\n  var b: Int")
    assertDiagnostics(
      scanned, at: markers, [2: "expected '}' at end of function 'f' before this declaration"])
    XCTAssertEqual(scanned.diagnostics.map(\.severity), [.warning])
  }

  func testGenericArgumentsInDefaultValues() {
    let scanned = scan(
      """
      struct Caches {
        let cache = Store<Key, Bool>()
        private var task: Task<Void, Never>? = nil
        let started = Task<Void, Never> { await work() }
        let none = Task<Void, Never>?.none
        let multi = Store<
          A,
          (x: B, y: C)
        >()
        let nested = Dictionary<String, Array<Int>>(), flag = a < b, other = c > d
        var last: Int
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Caches
        let cache: Store<Key, Bool>(inferred) = Store<Key, Bool>()
        var task: Task<Void, Never>? = nil private
        let started: ? = Task<Void, Never> { await work() }
        let none: ? = Task<Void, Never>?.none
        let multi: Store<A, (x: B, y: C)>(inferred) = Store<A, (x: B, y: C)>()
        let nested: Dictionary<String, Array<Int>>(inferred) = Dictionary<String, Array<Int>>()
        let flag: ? = a < b
        let other: ? = c > d
        var last: Int
      """)
    XCTAssertEqual(renderedDiagnostics(scanned), "")
  }

  func testMultiLineGenericTypeAnnotation() {
    let scanned = scan(
      "struct S {\n  var map: Dictionary<\n    String,\n    Int\n  >\n  var b: Int\n}")
    XCTAssertEqual(outline(scanned), "struct S\n  var map: Dictionary<String, Int>\n  var b: Int")
  }

  func testMissingColonSaysSo() {
    let annotated = scan(
      """
      // quarry: persist
      struct User {
        var id: Int
        var name String
      }
      """)
    XCTAssertEqual(
      outline(annotated), "struct User [persist=true]\n  var id: Int\n  var name: String")
    XCTAssertEqual(
      renderedDiagnostics(annotated),
      "Test.swift:4:12: error: expected ':' between property name and type\n")
    let plain = scan("struct User {\n  var name String\n}")
    XCTAssertEqual(
      renderedDiagnostics(plain),
      "Test.swift:2:12: warning: expected ':' between property name and type\n")
  }

  func testAColonWithoutATypeSaysSo() {
    let annotated = scan(
      """
      // quarry: persist
      struct User {
        var id: Int
        var age: = 3
        var name: String
      }
      """)
    XCTAssertEqual(
      outline(annotated),
      "struct User [persist=true]\n  var id: Int\n  var age: Int(inferred) = 3\n  var name: String")
    XCTAssertEqual(
      renderedDiagnostics(annotated), "Test.swift:4:12: error: expected a type after ':'\n")
    let plain = scan("struct User {\n  var age: = 3\n}")
    XCTAssertEqual(
      renderedDiagnostics(plain), "Test.swift:2:12: warning: expected a type after ':'\n")
  }

  func testSyntaxErrorsAreWarningsInFilesWithoutAnnotations() {
    let plain = scan("struct A {\n  var s = \"open\n}\n}\n")
    XCTAssertEqual(
      renderedDiagnostics(plain),
      """
      Test.swift:2:11: warning: unterminated string literal
      Test.swift:4:1: warning: extraneous '}' at top level

      """)
    let annotated = scan("// quarry: persist\nstruct A {\n  var s = \"open\n}\n")
    XCTAssertEqual(
      renderedDiagnostics(annotated), "Test.swift:3:11: error: unterminated string literal\n")
    // A near miss is still "an annotation here": the error stays an error.
    let nearMiss = scan("// Quarry: persist\nstruct A {\n  var s = \"open\n}\n")
    XCTAssertEqual(
      nearMiss.diagnostics.filter { $0.message == "unterminated string literal" }.map(\.severity),
      [.error])
  }

  func testEffectiveAccessOfExtensionMembersAndNestedTypes() {
    let scanned = scan(
      """
      public struct Recipe {}
      public extension Recipe {
        struct Step { var id: Int; public var name: String }
        private struct Secret { var id: Int }
      }
      private extension Recipe {
        struct Hidden { var id: Int }
      }
      fileprivate extension Recipe { enum Kind: String { case a } }
      extension Recipe { struct Plain { public var id: Int } }
      internal struct Box { public struct Inner { public var id: Int } }
      private struct Outer { struct Inner { var id: Int } }
      struct Holder { private struct P { var id: Int } }
      open class Base { public struct Nested {} }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Recipe public
      struct Recipe.Step public
        var id: Int
        var name: String public
      struct Recipe.Secret private
        var id: Int private
      struct Recipe.Hidden fileprivate
        var id: Int fileprivate
      struct Recipe.Plain
        var id: Int
      struct Box
      struct Box.Inner
        var id: Int
      struct Outer private
      struct Outer.Inner fileprivate
        var id: Int fileprivate
      struct Holder
      struct Holder.P private
        var id: Int private
      struct Base.Nested public
      enum Recipe.Kind: String = a fileprivate
      """)
    XCTAssertEqual(
      scanned.structs.map(\.declaredAccess),
      [
        .public, nil, .private, nil, nil, .internal, .public, .private, nil, nil, .private, .public,
      ])
  }

  func testAnExtensionOfAPrivateTypeIsNoWiderThanIt() {
    let scanned = scan(
      """
      fileprivate struct Model {}
      extension Model { struct Part { var id: Int } }
      """)
    XCTAssertEqual(
      outline(scanned),
      "struct Model fileprivate\nstruct Model.Part fileprivate\n  var id: Int fileprivate")
  }
}
