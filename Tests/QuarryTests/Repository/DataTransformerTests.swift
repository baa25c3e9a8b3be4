import Foundation
import Quarry
import XCTest

final class DataTransformerTests: XCTestCase {
  private let note = Note(id: "a", title: "T", tags: ["x"], rating: 4.5)

  func testJSONSortsKeysByDefault() throws {
    let data = try JSONDataTransformer().encode(note)
    XCTAssertEqual(
      String(decoding: data, as: UTF8.self),
      #"{"createdAt":721692800,"id":"a","rating":4.5,"tags":["x"],"title":"T"}"#)
    XCTAssertEqual(try JSONDataTransformer().decode(Note.self, from: data), note)
    XCTAssertEqual(JSONDataTransformer().fileExtension, "json")
  }

  func testXMLPropertyListRoundTrips() throws {
    let transformer = PropertyListDataTransformer(format: .xml)
    let data = try transformer.encode(note)
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), text)
    XCTAssertTrue(text.contains("<key>title</key>"), text)
    XCTAssertEqual(try transformer.decode(Note.self, from: data), note)
    XCTAssertEqual(transformer.fileExtension, "plist")
  }

  func testBinaryPropertyListRoundTrips() throws {
    let transformer = PropertyListDataTransformer(format: .binary)
    let data = try transformer.encode([note, note])
    XCTAssertEqual(String(decoding: data.prefix(8), as: UTF8.self), "bplist00")
    XCTAssertEqual(try transformer.decode([Note].self, from: data), [note, note])
  }

  func testEachDecoderRejectsGarbage() {
    for (name, transformer) in allTransformers {
      XCTAssertThrowsError(try transformer.decode(Note.self, from: Data("garbage".utf8)), name)
      XCTAssertThrowsError(try transformer.decode(Note.self, from: Data()), name)
    }
  }
}
