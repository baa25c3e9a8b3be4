import XCTest

@testable import QuarryGen

final class JSONWriterTests: XCTestCase {
  func testEscapesByteWiseLikeTheStringVersion() {
    var writer = JSONWriter(capacity: 0)
    writer.string("a\"b\\c\n\r\t\u{01}\u{1F}\u{7F}é日🚀")
    writer.raw(",")
    writer.string(nil)
    writer.raw(",")
    writer.int(0)
    writer.raw(",")
    writer.int(-1_234_567_890_123)
    writer.raw(",")
    writer.bool(true)
    let text = String(decoding: writer.bytes, as: UTF8.self)
    XCTAssertEqual(
      text, #""a\"b\\c\n\r\t\u0001\u001f"# + "\u{7F}é日🚀\",null,0,-1234567890123,true")
  }

  func testBytesMatchTheStringDump() {
    let files = [
      SourceScanner().scan(
        SourceFile(path: "B.swift", text: "// quarry: n = 1\nstruct B { @W(\"x\") var a = 1 }")),
      SourceScanner().scan(SourceFile(path: "A.swift", text: "enum E { case a }\nstruct A {")),
    ]
    XCTAssertEqual(ScanDump.jsonBytes(files), Array(ScanDump.json(files).utf8))
    XCTAssertEqual(ScanDump.jsonBytes(files), ScanDump.jsonBytes(files.reversed()))
  }
}
