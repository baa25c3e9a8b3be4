import QuarryGen
import XCTest

/// `// sourcery:` annotations, read unvalidated with Sourcery's rules and value types.
final class SourceryAnnotationsTests: XCTestCase {
  private func annotations(_ source: String) -> (
    structs: [String: [String: SourceryAnnotationValue]],
    properties: [String: [String: SourceryAnnotationValue]]
  ) {
    let scanned = SourceScanner().scan(SourceFile(path: "M.swift", text: source))
    var structs: [String: [String: SourceryAnnotationValue]] = [:]
    var properties: [String: [String: SourceryAnnotationValue]] = [:]
    for declaration in scanned.structs {
      structs[declaration.name] = declaration.sourceryAnnotations
      for property in declaration.properties {
        properties[property.name] = property.sourceryAnnotations
      }
    }
    return (structs, properties)
  }

  func testValueTypesAndSeveralPerLine() {
    let found = annotations(
      """
      // sourcery: realm, realmName = "BirdObject", version = 2, ratio = -1.5
      // sourcery: quoted = 'single', bare = text, list = [1, "a"], map = {"k": 1}
      struct Bird {}
      """)
    XCTAssertEqual(
      found.structs["Bird"],
      [
        "realm": .number(1), "realmName": .string("BirdObject"), "version": .number(2),
        "ratio": .number(-1.5), "quoted": .string("single"), "bare": .string("text"),
        "list": .array([.number(1), .string("a")]), "map": .dictionary(["k": .number(1)]),
      ])
  }

  func testRepeatedKeysCollectAnArrayInSourceOrder() {
    // As Sourcery gives them: top line first (issue 22 found them reversed); the same value
    // twice stays one value.
    let found = annotations(
      """
      // sourcery: tag = "a"
      // sourcery: tag = "b", same = 1
      // sourcery: same = 1
      struct Bird {}
      """)
    XCTAssertEqual(
      found.structs["Bird"], ["tag": .array([.string("a"), .string("b")]), "same": .number(1)])
  }

  func testDocCommentsAndAttributesDoNotBreakTheRunButCodeDoes() {
    let found = annotations(
      """
      struct Bird {
        // sourcery: skip
        var a: Int
        // sourcery: first
        /// Documented.
        @Clamped(0...3)
        var b: Int
        var c: Int  // sourcery: trailing
        /* sourcery: inline */ var d: Int

        /// sourcery: fromDoc
        var e: Int
      }
      """)
    XCTAssertEqual(found.properties["a"], ["skip": .number(1)])
    XCTAssertEqual(found.properties["b"], ["first": .number(1)])
    XCTAssertEqual(found.properties["c"], ["trailing": .number(1)])
    XCTAssertEqual(found.properties["d"], ["inline": .number(1)])
    XCTAssertEqual(found.properties["e"], ["fromDoc": .number(1)])
  }

  func testBlocksFileAnnotationsAndNamespaces() {
    let found = annotations(
      """
      // sourcery:file: module = "Birds"
      struct Bird {
        // sourcery:begin: skipEquality, skipHashing
        var a: Int
        var b: Int
        // sourcery:end
        var c: Int
        // sourcery:decoding: key = "first", default = 0
        var d: Int
      }
      """)
    XCTAssertEqual(found.structs["Bird"], ["module": .string("Birds")])
    XCTAssertEqual(
      found.properties["a"],
      ["skipEquality": .number(1), "skipHashing": .number(1), "module": .string("Birds")])
    XCTAssertEqual(found.properties["b"], found.properties["a"])
    XCTAssertEqual(found.properties["c"], ["module": .string("Birds")])
    XCTAssertEqual(
      found.properties["d"],
      [
        "decoding": .dictionary(["key": .string("first"), "default": .number(0)]),
        "module": .string("Birds"),
      ])
  }

  func testEnumCasesGetTheirOwnAnnotationsAndDetails() {
    let scanned = SourceScanner().scan(
      SourceFile(
        path: "M.swift",
        text: """
          // sourcery: auto
          enum Sighting {
            // sourcery: loud
            case heard(Bird)
            case seen(bird: Bird, _ distance: Double = 0), missed
            case raw = "x"
          }
          """))
    let sighting = scanned.enums[0]
    XCTAssertEqual(sighting.sourceryAnnotations, ["auto": .number(1)])
    XCTAssertEqual(sighting.caseDetails.map(\.name), ["heard", "seen", "missed", "raw"])
    XCTAssertEqual(sighting.caseDetails[0].sourceryAnnotations, ["loud": .number(1)])
    XCTAssertEqual(
      sighting.caseDetails[1].associatedValues,
      [
        .init(localName: "bird", externalName: "bird", typeName: "Bird"),
        .init(localName: "distance", externalName: nil, typeName: "Double", defaultValue: "0"),
      ])
    XCTAssertEqual(sighting.caseDetails[0].associatedValues.map(\.typeName), ["Bird"])
    XCTAssertEqual(sighting.caseDetails[3].rawValue, "\"x\"")
  }

  func testFilesWithoutSourceryAreLeftAlone() {
    let found = annotations("// quarry: persist\nstruct Bird { var a: Int }")
    XCTAssertEqual(found.structs["Bird"], [:])
    XCTAssertEqual(found.properties["a"], [:])
  }
}
