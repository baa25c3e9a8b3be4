/// The one place that turns user text (names, defaults, paths) into text the Swift compiler
/// accepts: every string literal in generated Swift, every path in a header comment and every
/// path or message in a diagnostic goes through here.
///
/// A single-line Swift string literal may not hold a raw `"`, `\`, line break, tab or other
/// control character ("unprintable ASCII character found in source file"); invisible
/// characters (format controls such as U+202E, line and paragraph separators, private-use and
/// unassigned scalars, spaces other than U+0020) compile but hide what the code says, so they
/// are written as `\u{…}` too. Everything else, including letters and emoji of any script,
/// stays as written.
///
/// ```swift
/// SwiftLiteral.string("a\tb\"c")        // "a\tb\"c"  (with the quotes)
/// SwiftLiteral.oneLine("Models/a\nb.swift")   // Models/a\u{A}b.swift
/// ```
public enum SwiftLiteral {
  /// `text` as a complete Swift string literal, quotes included.
  public static func string(_ text: String) -> String {
    "\"" + escaped(text) + "\""
  }

  /// The inside of a Swift string literal spelling `text` (no quotes around it).
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if isHidden(scalar) {
          result += unicodeEscape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `text` kept on one line and visible, for comments and messages: control and invisible
  /// characters become `\u{…}`; backslashes and quotes stay as they are.
  public static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if isHidden(scalar) {
        result += unicodeEscape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` safe to print in a terminal or CI log: C0 and C1 control characters (ESC starts
  /// the sequences that clear a screen or retitle a window), DEL, line and paragraph
  /// separators and bidirectional controls (U+202E and its kin reorder what a reader sees)
  /// become `\u{…}`; tabs stay, so a caret under a source line still lines up. Everything
  /// else, emoji with their joiners included, stays as written: this is for source lines
  /// shown under diagnostics, which should read like the file.
  public static func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafeInTerminal) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if isUnsafeInTerminal(scalar) {
        result += unicodeEscape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether printing `scalar` raw could drive a terminal or hide the order of the text.
  static func isUnsafeInTerminal(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 { return false }
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
      || isBidiControl(scalar)
  }

  /// The bidirectional formatting characters (Unicode's `Bidi_Control` property): marks,
  /// embeddings, overrides and isolates.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\\" || scalar == "\"" || isHidden(scalar)
  }

  /// Whether a scalar is a control character or would not show as itself in an editor.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x20 || scalar.value == 0x7F { return true }
    if scalar.isASCII { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned, .spaceSeparator:
      return true
    default:
      return false
    }
  }

  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }
}
