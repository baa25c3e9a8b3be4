import QuarryGen
import XCTest

/// One test per extraction rule of the scanner.
final class SourceScannerTests: XCTestCase {
  func testQualifiesNamesThroughStructsEnumsClassesActorsAndExtensions() {
    let scanned = scan(
      """
      struct A {
        struct B {
          enum C: Int { case one }
        }
      }
      class K { struct InClass {} }
      actor Z { enum InActor { case x } }
      enum E { struct InEnum {} }
      extension A.B { struct C2 {} }
      extension Array where Element == Int { struct InArray {} }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct A
      struct A.B
      struct K.InClass
      struct E.InEnum
      struct A.B.C2
      struct Array.InArray
      enum A.B.C: Int = one
      enum Z.InActor = x
      enum E
      """)
    XCTAssertEqual(
      scanned.structs.map(\.localName), ["A", "B", "InClass", "InEnum", "C2", "InArray"])
    XCTAssertEqual(scanned.diagnostics, [])
  }

  func testEnumCasesKeepTheConditionsAroundThem() {
    let scanned = scan(
      """
      #if canImport(Foundation)
      enum Level: Int {
        case low, mid = 5
        #if DEBUG
        case debug
        #elseif TESTING
        case testing = 9
        #endif
        case last
      }
      #endif
      """)
    XCTAssertEqual(
      scanned.enums.first?.caseDetails.map { "\($0.name) \($0.conditions)" },
      [
        #"low ["canImport(Foundation)"]"#, #"mid ["canImport(Foundation)"]"#,
        #"debug ["canImport(Foundation)", "DEBUG"]"#,
        #"testing ["canImport(Foundation)", "!DEBUG && TESTING"]"#,
        #"last ["canImport(Foundation)"]"#,
      ])
  }

  func testReadsAccessGenericsInheritanceAttributesAndLocation() {
    let scanned = scan(
      """
      import Foundation

      @available(macOS 13, *) @dynamicMemberLookup
      public final struct Box<Value: Codable & Sendable, Key>: Codable, Hashable
      where Key: Hashable {
        fileprivate let value: Value
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Box<Value: Codable & Sendable, Key>: Codable, Hashable where Key: Hashable public \
      @available(macOS 13, *) @dynamicMemberLookup
        let value: Value fileprivate
      """)
    let box = scanned.structs[0]
    XCTAssertEqual(scanned.file.lineAndColumn(at: box.location.offset).line, 4)
    XCTAssertEqual(scanned.file.lineAndColumn(at: box.location.offset).column, 21)
    XCTAssertEqual(box.location.path, "Test.swift")
    let value = box.properties[0]
    XCTAssertEqual(scanned.file.lineAndColumn(at: value.location.offset).line, 6)
    XCTAssertEqual(scanned.file.lineAndColumn(at: value.location.offset).column, 19)
  }

  func testReadsDocCommentsAndAccumulatesAnnotationLines() {
    let scanned = scan(
      """
      // Copyright notice, not a doc comment.

      /// A bird.
      ///
      /// Seen in gardens.
      // quarry: table = "birds", index = [kind, name]
      // quarry: persist,  version = 2, ratio = -1.5, kind = .songbird, nested = [[a], []]
      struct Bird {
        /** The identifier. */
        // quarry: primaryKey
        var id: UUID // quarry: ignored, because it is a trailing comment
        var name: String
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Bird [table="birds", index=[kind, name], persist=true, version=#2, ratio=#-1.5, \
      kind=.songbird, nested=[[a], []]]
        var id: UUID [primaryKey=true]
        var name: String
      """)
    XCTAssertEqual(scanned.structs[0].docComment, "A bird.\n\nSeen in gardens.")
    XCTAssertEqual(scanned.structs[0].properties[0].docComment, "The identifier.")
    XCTAssertNil(scanned.structs[0].properties[1].docComment)
    XCTAssertEqual(
      scanned.diagnostics.map(\.message),
      ["an annotation in a trailing comment is ignored; put it on the line above the declaration"])
  }

  func testAnnotationLocationsPointAtKeys() {
    let (text, markers) = extractMarkers(
      """
      // quarry: 1️⃣table = "t", 2️⃣persist
      struct S {}
      """)
    let annotations = scan(text).structs[0].annotations
    XCTAssertEqual(annotations.map(\.location.offset), [markers[1], markers[2]])
  }

  func testReadsStoredPropertiesInOrderWithTypesDefaultsAndModifiers() {
    let scanned = scan(
      """
      public struct User {
        public let id: Int64
        public private(set) var name: String = "anonymous"
        var scores: [String:  [Int]]? = [:]
        @Clamped(0...10) var level = 1
        internal var ratio: Double = 0.5
        private var isAdmin = false
        lazy var cache: [Int] = []
        weak var delegate: Delegate?
        nonisolated(unsafe) var shared: Int = 0
        let start = -1
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct User public
        let id: Int64 public
        var name: String = "anonymous" private(set) public
        var scores: [String: [Int]]? = [:]
        var level: Int(inferred) = 1 @Clamped(0...10)
        var ratio: Double = 0.5
        var isAdmin: Bool(inferred) = false private
        var cache: [Int] = [] lazy
        var delegate: Delegate?
        var shared: Int = 0
        let start: Int(inferred) = -1
      """)
  }

  func testObserversKeepPropertiesStoredAccessorsMakeThemComputed() {
    let scanned = scan(
      """
      struct S {
        var observed: Int = 0 {
          willSet { print(newValue) }
          didSet { print(oldValue) }
        }
        var observedNoDefault: String { didSet { } }
        var computed: Int { get { 1 } set { } }
        var bare: Int { observed * 2 }
        var readOnly: Int { get async throws { 1 } }
        static var shared = S()
        static let zero: Int = 0
        class var notInStruct: Int { 0 }
        var last: Bool
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct S
        var observed: Int = 0
        var observedNoDefault: String
        var last: Bool
      """)
  }

  func testSeveralNamesInOneDeclaration() {
    let scanned = scan(
      """
      struct P {
        var a, b: Int
        var c = 1, d: String
        let e: Int, f: Double = 2, g, h: Bool
      }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct P
        var a: Int
        var b: Int
        var c: Int(inferred) = 1
        var d: String
        let e: Int
        let f: Double = 2
        let g: Bool
        let h: Bool
      """)
  }

  func testInfersLiteralTypesAndReportsMissingAnnotationsInAnnotatedStructs() {
    let (text, markers) = extractMarkers(
      """
      // quarry: persist
      struct T {
        var int = 42
        var hex = 0xFF
        var double = 1.5e3
        var negative = -2.5
        var string = "x\\(int)"
        var multiline = \"\"\"
          text
          \"\"\"
        var bool = true
        var date = Date()
        var 2️⃣sum = 1 + 2
        // quarry: ignore
        var skipped = [Int]()
      }
      struct NotPersisted { var cache = [String: Int]() }
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned),
      """
      struct T [persist=true]
        var int: Int(inferred) = 42
        var hex: Int(inferred) = 0xFF
        var double: Double(inferred) = 1.5e3
        var negative: Double(inferred) = -2.5
        var string: String(inferred) = "x\\(int)"
        var multiline: String(inferred) = \"\"\"
          text
          \"\"\"
        var bool: Bool(inferred) = true
        var date: Date(inferred) = Date()
        var sum: ? = 1 + 2
        var skipped: [Int](inferred) = [Int]() [ignore=true]
      struct NotPersisted
        var cache: [String: Int](inferred) = [String: Int]()
      """)
    assertDiagnostics(
      scanned, at: markers,
      [
        2: "property 'sum' needs a type annotation"
      ])
  }

  func testReadsEnumRawTypesAndCases() {
    let scanned = scan(
      """
      public enum Kind: String, Codable, CaseIterable {
        case songbird, raptor = "bird of prey"
        case `default`
        indirect case tree(Kind, [Kind])
        @available(*, deprecated) case old
        case labelled(x: Int = 1, y: String), last
        static let all: [Kind] = []
        var isLoud: Bool { switch self { case .raptor: true; default: false } }
        func f() { let x = 1; switch x { case 1: break; default: break } }
      }
      enum Plain { case a; case b }
      enum Level: Int8 { case low = -1, high = 1 }
      enum Wrapped: Swift.String { case w }
      enum Protocolled: Equatable { case p }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      enum Kind: String = songbird, raptor, default, tree, old, labelled, last public
      enum Plain = a, b
      enum Level: Int8 = low, high
      enum Wrapped: Swift.String = w
      enum Protocolled = p
      """)
    XCTAssertEqual(scanned.enums[0].inheritedTypes, ["String", "Codable", "CaseIterable"])
  }

  func testScansEveryBranchOfConditionalCompilation() {
    let scanned = scan(
      """
      #if DEBUG
      struct Debug {}
      #elseif os(iOS) || os(tvOS)
      struct Mobile {
        var a: Int
        #if canImport(UIKit)
        var image: UIImage
        #else
        var image: NSImage
        #endif
      }
      #else
      struct Other {}
      #endif
      struct Always {}
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Debug #if DEBUG
      struct Mobile #if !DEBUG && (os(iOS) || os(tvOS))
        var a: Int #if !DEBUG && (os(iOS) || os(tvOS))
        var image: UIImage #if !DEBUG && (os(iOS) || os(tvOS)) && canImport(UIKit)
        var image: NSImage #if !DEBUG && (os(iOS) || os(tvOS)) && !canImport(UIKit)
      struct Other #if !DEBUG && !(os(iOS) || os(tvOS))
      struct Always
      """)
    XCTAssertEqual(scanned.structs[1].conditions, ["!DEBUG && (os(iOS) || os(tvOS))"])
    XCTAssertEqual(scanned.diagnostics, [])
  }
}

extension SourceScannerTests {
  func testCommentsBetweenAttributesAndTheKeywordCount() {
    let scanned = scan(
      """
      public struct S {
        @Wrapper
        // quarry: unique
        /// The name.
        public var name: String
      }
      """)
    XCTAssertEqual(
      outline(scanned), "struct S public\n  var name: String public @Wrapper [unique=true]")
    XCTAssertEqual(scanned.structs[0].properties[0].docComment, "The name.")
  }

  func testWarnsAboutAnnotationsInTrailingComments() {
    let (text, markers) = extractMarkers(
      """
      struct S { 1️⃣// quarry: persist
        var id: UUID 2️⃣// quarry: primaryKey
        var name: String // a plain comment
        var last: Int 3️⃣// quarry: ignore
      }
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned), "struct S\n  var id: UUID\n  var name: String\n  var last: Int")
    let message =
      "an annotation in a trailing comment is ignored; put it on the line above the declaration"
    assertDiagnostics(scanned, at: markers, [1: message, 2: message, 3: message])
    XCTAssertEqual(scanned.diagnostics.map(\.severity), [.warning, .warning, .warning])
  }
}

extension SourceScannerTests {
  func testRealWorldDeclarations() {
    let scanned = scan(
      """
      public struct Box<each T>: @unchecked Sendable, ~Copyable {
        @Published private(set) var items: [Item] = []
        var open: Bool, type: String, set: Int
        var wrapped: Int {
          @storageRestrictions(initializes: _wrapped) init(initialValue) { _wrapped = initialValue }
          get { _wrapped }
        }
        var split: Int
          = 5
        var chained = Builder()
          .with(1)
          .build()
        var thrown = try! load()
        subscript(index: Int) -> Int { get { 0 } set { } }
        init(struct value: Int, class other: Int, completion: @escaping (Int) -> Void = { _ in }) {
          struct Local { var hidden: Int }
        }
        func f() { enum LocalEnum { case x } }
        var afterAll: Double
      }
      extension Box: Equatable where T: Equatable {
        struct Nested { let n: Int }
      }
      func free() { struct InFunction { var x: Int } }
      """)
    XCTAssertEqual(
      outline(scanned),
      """
      struct Box<each T>: @unchecked Sendable, ~Copyable public
        var items: [Item] = [] private(set) @Published
        var open: Bool
        var type: String
        var set: Int
        var split: Int = 5
        var chained: ? = Builder().with(1).build()
        var thrown: ? = try! load()
        var afterAll: Double
      struct Box.Nested
        let n: Int
      """)
    XCTAssertEqual(scanned.diagnostics, [])
  }
}

extension SourceScannerTests {
  func testTypesCarryBackOnlyAcrossNamesWithoutDefaults() {
    let (text, markers) = extractMarkers(
      """
      // quarry: persist
      struct P {
        var 1️⃣a, b = 1, c: Int
        var 2️⃣d, 3️⃣e = f(), g, h: String
      }
      """)
    let scanned = scan(text)
    XCTAssertEqual(
      outline(scanned),
      """
      struct P [persist=true]
        var a: ?
        var b: Int(inferred) = 1
        var c: Int
        var d: ?
        var e: ? = f()
        var g: String
        var h: String
      """)
    assertDiagnostics(
      scanned, at: markers,
      [
        1: "property 'a' needs a type annotation", 2: "property 'd' needs a type annotation",
        3: "property 'e' needs a type annotation",
      ])
  }
}
