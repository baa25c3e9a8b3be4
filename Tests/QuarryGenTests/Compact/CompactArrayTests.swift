import Foundation
import XCTest

@testable import QuarryGen

/// Issue 20: the generator keeps its declarations and tables as `CompactArray`s, which build
/// each element again from bytes on every read. What comes back must be the value that went in,
/// for every shape of Swift the scanner reads and every table the model builds.
final class CompactArrayTests: XCTestCase {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// This repository's own Swift (the generator, the runtime, the tests, the examples and the
  /// scanner's hard cases): thousands of declarations nobody wrote for this test.
  func testEveryDeclarationOfTheRepositoryRoundTrips() throws {
    let (files, _) = ProjectScanner.swiftFiles(
      in: ["Sources", "Tests", "Examples"].map { Self.repository.appendingPathComponent($0).path },
      relativeTo: Self.repository.path)
    var structs = 0
    var properties = 0
    var types = 0
    for file in files {
      let bytes = try XCTUnwrap(ExistingFile.contents(atPath: file.absolute, followingLinks: true))
      // The scanner's own arrays, before a `ScannedFile` makes them compact.
      var scanner = DeclarationScanner(file: SourceFile(path: file.display, bytes: bytes))
      var result = scanner.scan()
      var typeDeclarations = scanner.types
      SourceryAnnotationReader.reader(of: bytes)?.apply(
        structs: &result.structs, enums: &result.enums, types: &typeDeclarations)
      XCTAssertEqual(Array(CompactArray(result.structs)), result.structs, file.display)
      XCTAssertEqual(Array(CompactArray(result.enums)), result.enums, file.display)
      XCTAssertEqual(Array(CompactArray(typeDeclarations)), typeDeclarations, file.display)
      XCTAssertEqual(
        Array(CompactArray(scanner.conformances)), scanner.conformances, file.display)
      structs += result.structs.count
      properties += result.structs.reduce(0) { $0 + $1.properties.count }
      types += scanner.types.count
    }
    XCTAssertGreaterThan(structs, 400)
    XCTAssertGreaterThan(properties, 1_500)
    XCTAssertGreaterThan(types, 500)
  }

  /// Annotations, Sourcery's typed values (nested dictionaries and arrays), optionals of
  /// optionals and every integer width.
  func testValuesWithPayloadsAndNestedOptionalsRoundTrip() throws {
    let location = SourceLocation(path: "Models/Bird.swift", offset: 1 << 40)
    let annotations = [
      Annotation(key: "a", value: .bool(false), location: location),
      Annotation(
        key: "b", value: .list([.string(""), .number("-1.5"), .identifier(".x"), .list([])]),
        location: SourceLocation(path: "Other/ünï.swift", offset: 0)),
    ]
    XCTAssertEqual(Array(CompactArray(annotations)), annotations)
    let sourcery: [String: SourceryAnnotationValue] = [
      "n": .number(-0.25), "s": .string("caf\u{e9}\n"),
      "d": .dictionary(["x": .array([.number(1), .dictionary([:])])]),
    ]
    XCTAssertEqual(Array(CompactArray([sourcery, [:]])), [sourcery, [:]])
    struct Widths: Codable, Sendable, Equatable {
      var a: Int8 = .min
      var b: UInt64 = .max
      var c: Int? = nil
      var d: Int?? = .some(nil)
      var e: [String?] = [nil, "x"]
      var f: Float = -3.5
      var g: Set<String> = ["b", "a"]
    }
    XCTAssertEqual(Array(CompactArray([Widths()])), [Widths()])
  }

  /// The hand-written conformances list each type's stored properties; one added to a type
  /// but not to its conformance would be lost on every read.
  func testHandWrittenConformancesCoverEveryStoredProperty() {
    let location = SourceLocation(path: "p", offset: 0)
    let column = ColumnModel(
      propertyName: "a", name: "a", swiftType: "Int", unwrappedSwiftType: "Int",
      isOptional: false, sqlType: .integer, location: location)
    let values: [(Any, Int)] = [
      (Annotation(key: "k", value: .bool(true), location: location), Annotation.compactFieldCount),
      (AttributeDeclaration(name: "a"), AttributeDeclaration.compactFieldCount),
      (
        PropertyDeclaration(name: "a", typeName: nil, isLet: false, location: location),
        PropertyDeclaration.compactFieldCount
      ),
      (
        ParameterDeclaration(argumentLabel: nil, name: "a", typeName: "Int"),
        ParameterDeclaration.compactFieldCount
      ),
      (MemberDeclarations(), MemberDeclarations.compactFieldCount),
      (
        StructDeclaration(name: "A", localName: "A", location: location),
        StructDeclaration.compactFieldCount
      ),
      (
        EnumCaseDeclaration.AssociatedValue(localName: nil, externalName: nil, typeName: "Int"),
        EnumCaseDeclaration.AssociatedValue.compactFieldCount
      ),
      (EnumCaseDeclaration(name: "a", location: location), EnumCaseDeclaration.compactFieldCount),
      (
        EnumDeclaration(name: "A", localName: "A", location: location),
        EnumDeclaration.compactFieldCount
      ),
      (
        ForeignKeyModel(typeName: "A", table: "a", column: "id"),
        ForeignKeyModel.compactFieldCount
      ),
      (column, ColumnModel.compactFieldCount),
      (IndexModel(name: "i", columns: ["a"], isUnique: false), IndexModel.compactFieldCount),
      (
        TableModel(
          typeName: "A", access: .internal, name: "a", columns: [column], indexes: [],
          sourcePath: "p", location: location), TableModel.compactFieldCount
      ),
    ]
    for (value, count) in values {
      XCTAssertEqual(Mirror(reflecting: value).children.count, count, "\(type(of: value))")
    }
    let method = SourceScanner().scan(SourceFile(path: "a.swift", text: "struct A { func f() {} }"))
      .structs[0].members.methods[0]
    XCTAssertEqual(Mirror(reflecting: method).children.count, MethodDeclaration.compactFieldCount)
  }

  /// Every table and owned child built from the example's and the tests' models (each folder
  /// a model of its own) comes back unchanged.
  func testEveryTableOfTheModelsInTheRepositoryRoundTrips() throws {
    var folders: [String] = []
    for root in ["Examples", "Tests"] {
      let url = Self.repository.appendingPathComponent(root)
      let enumerator = FileManager.default.enumerator(atPath: url.path)
      while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix("Models") { folders.append(url.appendingPathComponent(path).path) }
      }
    }
    var tables = 0
    for folder in folders.sorted() {
      let model = ModelBuilder().build(
        ProjectScanner.scanFiles(paths: [folder], relativeTo: Self.repository.path)
      ).model
      let array = Array(model.tables)
      XCTAssertEqual(Array(CompactArray(array)), array, folder)
      XCTAssertEqual(Array(CompactArray(model.children)), model.children, folder)
      tables += array.count
    }
    XCTAssertGreaterThan(tables, 10)
  }

  func testMutationsKeepTheOtherElements() {
    var array: CompactArray<SourceLocation> = [
      SourceLocation(path: "a", offset: 1), SourceLocation(path: "b", offset: 2),
    ]
    array[0].offset = 10
    array.append(SourceLocation(path: "a", offset: 3))
    array.insert(SourceLocation(path: "c", offset: 4), at: 1)
    array.remove(at: 2)
    XCTAssertEqual(array.map(\.offset), [10, 4, 3])
    XCTAssertEqual(array.map(\.path), ["a", "c", "a"])
    array.reorder([2, 0, 1])
    XCTAssertEqual(array.map(\.offset), [3, 10, 4])
    let expected: CompactArray<SourceLocation> = [
      SourceLocation(path: "a", offset: 3), SourceLocation(path: "a", offset: 10),
      SourceLocation(path: "c", offset: 4),
    ]
    XCTAssertEqual(array, expected)
    XCTAssertNotEqual(array, [])
  }

  /// Megabytes of elements fill several pages; writes in the middle and at the end, and an
  /// element larger than a page, keep every other element as it was.
  func testElementsAcrossPagesStayWhatTheyWere() {
    var expected: [Annotation] = []
    var array = CompactArray<Annotation>()
    for number in 0..<8_000 {
      let annotation = Annotation(
        key: "key\(number)", value: .string(String(repeating: "x", count: number % 400)),
        location: SourceLocation(path: "File\(number % 7).swift", offset: number))
      expected.append(annotation)
      array.append(annotation)
    }
    let large = Annotation(
      key: "large", value: .string(String(repeating: "y", count: 3 << 19)),
      location: SourceLocation(path: "Large.swift", offset: 0))
    for position in [0, 5_000, 7_998] {
      expected[position] = large
      array[position] = large
      expected[position + 1].key += "!"
      array[position + 1] = expected[position + 1]
    }
    XCTAssertEqual(array.count, expected.count)
    XCTAssertTrue(array.elementsEqual(expected))
    array.removeAll()
    XCTAssertTrue(array.isEmpty)
    array.append(large)
    XCTAssertEqual(Array(array), [large])
  }

  func testBytesThatAreNotTheTypeAreRefused() throws {
    var paths = CompactPaths()
    let bytes = try CompactEncoder.encode(
      Annotation(key: "key", value: .string("value"), location: .init(path: "p", offset: 9)),
      paths: &paths)
    for end in 0..<bytes.count {
      XCTAssertThrowsError(
        try CompactDecoder.decode(Annotation.self, from: Array(bytes[..<end]), paths: paths))
    }
    XCTAssertThrowsError(
      try CompactDecoder.decode(Annotation.self, from: bytes + [0], paths: paths))
    XCTAssertThrowsError(
      try CompactDecoder.decode(Annotation.self, from: bytes, paths: CompactPaths()))
  }
}
