/// Renders diagnostics in the compiler's format, with the source line and a caret.
///
/// ```text
/// Models/User.swift:12:5: error: column 'email' is declared twice
///     var email: String
///     ^
/// Models/User.swift:8:5: note: first declared here
/// ```
public struct DiagnosticRenderer: Sendable {
  private let files: [String: SourceFile]
  /// Whether to print the offending source line and a caret under each diagnostic.
  public var showsSourceLines: Bool

  public init(files: [SourceFile], showsSourceLines: Bool = true) {
    var byPath: [String: SourceFile] = [:]
    for file in files { byPath[file.path] = file }
    self.files = byPath
    self.showsSourceLines = showsSourceLines
  }

  /// Every diagnostic rendered, sorted by file and position, one line each plus context.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    let sorted = diagnostics.enumerated().sorted { lhs, rhs in
      (lhs.element.location, lhs.offset) < (rhs.element.location, rhs.offset)
    }
    var output = ""
    for (_, diagnostic) in sorted {
      output += render(diagnostic)
    }
    return output
  }

  /// One diagnostic and its notes, each line ending in a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var output = line(
      diagnostic.severity.rawValue, diagnostic.message, at: diagnostic.location)
    for note in diagnostic.notes {
      if let location = note.location {
        output += line("note", note.message, at: location)
      } else {
        output += "note: \(SwiftLiteral.oneLine(note.message))\n"
      }
    }
    return output
  }

  /// The path and message are kept on one line (`SwiftLiteral.oneLine`): a file name or a
  /// name holding a line break must not start a line that reads like another diagnostic.
  private func line(_ severity: String, _ message: String, at location: SourceLocation) -> String {
    let path = SwiftLiteral.oneLine(location.path)
    let message = SwiftLiteral.oneLine(message)
    guard let file = files[location.path] else {
      return "\(path): \(severity): \(message)\n"
    }
    let (line, column) = file.lineAndColumn(at: location.offset)
    var output = "\(path):\(line):\(column): \(severity): \(message)\n"
    if showsSourceLines {
      let text = file.lineText(at: location.offset)
      // A source line is printed escaped (`SwiftLiteral.terminalSafe`): an ESC sequence in a
      // comment must not clear or retitle the CI log, a bidi override must not reorder it.
      // The caret is measured on the escaped text, keeping tabs, so it still lines up.
      let before = SwiftLiteral.terminalSafe(
        String(decoding: text.utf8.prefix(column - 1), as: UTF8.self))
      var caret = ""
      for byte in before.utf8 {
        caret.append(byte == UInt8(ascii: "\t") ? "\t" : " ")
      }
      output += "\(SwiftLiteral.terminalSafe(text))\n\(caret)^\n"
    }
    return output
  }
}
