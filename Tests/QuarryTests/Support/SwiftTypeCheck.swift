import Foundation
import QuarryTestSupport
import XCTest

/// Type-checks Swift sources with `swiftc` against the built Quarry module and the library
/// fixture (`Fixtures/Library`), for tests of what compiles and what the compiler says.
struct SwiftTypeCheck {
  /// One diagnostic of a checked file: `<file>:<line>:<column>: <severity>: <message>`.
  struct Diagnostic: Equatable, CustomStringConvertible {
    var line: Int
    var severity: String
    var message: String

    var description: String { "\(line): \(severity): \(message)" }
  }

  /// The compiler's exit status and full output.
  var status: Int32
  var output: String
  /// The diagnostics of the checked file (not of the fixture or of notes elsewhere).
  var diagnostics: [Diagnostic]

  /// `Tests/QuarryTests`, holding `Fixtures/Library`.
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The package root, holding `Sources/` and `README.md`.
  static let packageFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of the built `Quarry.swiftmodule`: beside the test bundle, else the package's
  /// debug build.
  static func builtModules(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    try XCTUnwrap(
      [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
          .appendingPathComponent("Modules"),
        packageFolder.appendingPathComponent(".build/debug/Modules"),
      ].first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Quarry.swiftmodule").path)
      },
      "the built Quarry module", file: file, line: line)
  }

  /// The paths of the library fixture's Swift files, sorted.
  static func libraryFixtures() throws -> [String] {
    let library = testsFolder.appendingPathComponent("Fixtures/Library")
    return try FileManager.default.contentsOfDirectory(atPath: library.path)
      .filter { $0.hasSuffix(".swift") }.sorted().map { library.appendingPathComponent($0).path }
  }

  /// Runs `swiftc` with `arguments`; its exit status and its output and errors together.
  static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Type-checks `source`, written to a temporary file named `fileName` (`main.swift` for top-level
  /// code), together with the library fixture.
  static func run(
    _ source: String, fileName: String = "Snippets.swift", file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> SwiftTypeCheck {
    let modules = try builtModules(file: file, line: line)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-typecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let checked = folder.appendingPathComponent(fileName)
    try source.write(to: checked, atomically: true, encoding: .utf8)
    let (status, output) = try swiftc(
      [
        "-swift-version", "6", "-typecheck", "-diagnostic-style=llvm",
        "-module-name", "Checked", "-I", modules.path,
      ] + CModuleSearchPaths.arguments(packageRoot: packageFolder) + [checked.path]
        + libraryFixtures())

    var diagnostics: [Diagnostic] = []
    for text in output.split(separator: "\n") where text.hasPrefix(checked.path + ":") {
      let parts = text.dropFirst(checked.path.count + 1).split(separator: ":", maxSplits: 3)
      guard parts.count == 4, let number = Int(parts[0]) else { continue }
      let severity = parts[2].trimmingCharacters(in: .whitespaces)
      guard severity == "error" || severity == "warning" else { continue }
      diagnostics.append(
        Diagnostic(line: number, severity: severity, message: String(parts[3].dropFirst())))
    }
    return SwiftTypeCheck(status: status, output: output, diagnostics: diagnostics)
  }
}
