import Foundation

/// StencilSwiftKit's string filters for generating Swift, with its documented semantics.
///
/// ```text
/// {{ "snake_case"|snakeToCamelCase }}         →  SnakeCase    (`:true` drops leading `_`s)
/// {{ "SomeCapString"|camelToSnakeCase }}      →  some_cap_string  (`:false` keeps the case)
/// {{ "URLChooser"|lowerFirstWord }}           →  urlChooser
/// {{ "some$URL"|swiftIdentifier }}            →  Some_URL     (`:"pretty"` → SomeURL)
/// {{ "self"|escapeReservedKeywords }}         →  `self`
/// {{ "peopleChooser"|titlecase }}             →  PeopleChooser
/// {{ "some/folder/test.jpg"|basename }}       →  test.jpg     (`dirname` → some/folder)
/// {{ "test, ⏎test"|removeNewlines:"leading" }} →  test, test  (default "all" → test,test)
/// {{ "FC"|hexToInt }} {{ 0.779|percent }}      →  252 77%
/// ```
extension Filter {
  static let swiftCodeFilters: [Filter] = [
    Filter("snakeToCamelCase", arguments: 0...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return boolArgument(arguments, default: false).map {
        .string(StringCase.snakeToCamelCase(string, stripsLeadingUnderscores: $0))
      }
    },
    Filter("camelToSnakeCase", arguments: 0...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      return boolArgument(arguments, default: true).map { lowercases in
        let snake = StringCase.camelToSnakeCase(string)
        return .string(lowercases ? snake.lowercased() : snake)
      }
    },
    .string("lowerFirstWord") { StringCase.lowerFirstWord($0) },
    .string("titlecase") { StringCase.upperFirstLetter($0) },
    Filter("swiftIdentifier", arguments: 0...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      var mode = "normal"
      if !arguments.isEmpty {
        switch stringArgument(arguments, 0) {
        case .success(let value): mode = value
        case .failure(let failure): return .failure(failure)
        }
      }
      switch mode {
      case "normal": return .success(.string(SwiftIdentifier.normal(string)))
      case "pretty": return .success(.string(SwiftIdentifier.pretty(string)))
      default:
        return .failure(
          .invalidArgument(index: 0, expected: "\"normal\" or \"pretty\"", got: arguments[0]))
      }
    },
    .string("escapeReservedKeywords") {
      SwiftIdentifier.reservedKeywords.contains($0) ? "`\($0)`" : $0
    },
    .string("basename") { Path.lastComponent($0) },
    .string("dirname") { Path.deletingLastComponent($0) },
    .string("deletingLastComponent") { Path.deletingLastComponent($0) },
    Filter("removeNewlines", arguments: 0...1) { input, arguments in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      var mode = "all"
      if !arguments.isEmpty {
        switch stringArgument(arguments, 0) {
        case .success(let value): mode = value
        case .failure(let failure): return .failure(failure)
        }
      }
      switch mode {
      case "all":
        return .success(
          .string(
            String(string.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
          ))
      case "leading":
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.drop { $0.isWhitespace }
        }
        return .success(.string(lines.joined().trimmingCharacters(in: .whitespacesAndNewlines)))
      default:
        return .failure(
          .invalidArgument(index: 0, expected: "\"all\" or \"leading\"", got: arguments[0]))
      }
    },
    Filter("hexToInt") { input, _ in
      guard let string = input.stringValue else { return .failure(.unsupportedInput(input)) }
      guard let number = Int(string, radix: 16) else { return .success(.null) }
      return .success(.number(Double(number)))
    },
    Filter("int255toFloat") { input, _ in
      guard case .number(let number) = input else { return .failure(.unsupportedInput(input)) }
      // StencilSwiftKit divides a `Float`, which prints with Float's precision.
      return .success(.string(String(Float(number) / 255)))
    },
    Filter("percent") { input, _ in
      guard case .number(let number) = input else { return .failure(.unsupportedInput(input)) }
      return .success(.string("\(Int(number * 100))%"))
    },
  ]

  /// StencilSwiftKit's Boolean arguments: `true`/`false`, or the strings `"true"`, `"yes"`,
  /// `"1"`, `"false"`, `"no"`, `"0"`.
  static func boolArgument(_ arguments: [TemplateValue], default value: Bool) -> Result<
    Bool, Failure
  > {
    guard let argument = arguments.first else { return .success(value) }
    switch argument {
    case .bool(let bool): return .success(bool)
    case .number(let number) where number == 0 || number == 1: return .success(number == 1)
    case .string("true"), .string("yes"), .string("1"): return .success(true)
    case .string("false"), .string("no"), .string("0"): return .success(false)
    default:
      return .failure(.invalidArgument(index: 0, expected: "a boolean", got: argument))
    }
  }
}

extension StringCase {
  /// StencilSwiftKit's `snakeToCamelCase`: each `_`-separated part gets an upper-case first
  /// letter (parts of an all-capitals string are capitalized); leading `_`s are kept unless
  /// `stripsLeadingUnderscores`.
  static func snakeToCamelCase(_ string: String, stripsLeadingUnderscores: Bool) -> String {
    let body: String
    if string.contains(where: \.isLowercase) {
      body = string.split(separator: "_", omittingEmptySubsequences: false).map {
        upperFirstLetter(String($0))
      }.joined()
    } else {
      body = string.lowercased().split(separator: "_", omittingEmptySubsequences: false).map {
        upperFirstLetter(String($0))
      }.joined()
    }
    if stripsLeadingUnderscores { return body }
    return String(string.prefix { $0 == "_" }) + body
  }

  /// StencilSwiftKit's `camelToSnakeCase` before lower-casing: `_` between a capital run and
  /// a capitalized word (`URLChooser` → `URL_Chooser`) and between a lower-case letter or
  /// digit and a capital (`someCap` → `some_Cap`); `-` becomes `_`.
  static func camelToSnakeCase(_ string: String) -> String {
    let scalars = Array(string.unicodeScalars)
    func isUpper(_ index: Int) -> Bool {
      index < scalars.count && scalars[index].properties.isUppercase
    }
    func isLower(_ index: Int) -> Bool {
      index < scalars.count && scalars[index].properties.isLowercase
    }
    func isDigit(_ index: Int) -> Bool {
      index < scalars.count && ("0"..."9").contains(scalars[index])
    }
    var result = String.UnicodeScalarView()
    for index in scalars.indices {
      if index > 0 {
        // `([A-Z\d]+)([A-Z][a-z])` then `([a-z\d])([A-Z])`.
        let capitalRunEnds =
          (isUpper(index - 1) || isDigit(index - 1)) && isUpper(index) && isLower(index + 1)
        let wordStarts = (isLower(index - 1) || isDigit(index - 1)) && isUpper(index)
        if capitalRunEnds || wordStarts { result.append("_") }
      }
      result.append(scalars[index] == "-" ? "_" : scalars[index])
    }
    return String(result)
  }

  /// StencilSwiftKit's `lowerFirstWord`: lower-cases the leading capitals, all but the last
  /// when a lower-case letter follows them (`URLChooser` → `urlChooser`).
  static func lowerFirstWord(_ string: String) -> String {
    let characters = Array(string)
    var end = 0
    while end < characters.count && characters[end].isUppercase { end += 1 }
    if end > 1 && end < characters.count && characters[end].isLowercase { end -= 1 }
    return String(characters[..<end]).lowercased() + String(characters[end...])
  }
}

/// `NSString`'s `lastPathComponent` and `deletingLastPathComponent`, which the path filters
/// are documented by (written out because Foundation on Linux traps on some paths).
private enum Path {
  static func lastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    if trimmed == "/" { return "/" }
    return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
  }

  static func deletingLastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if trimmed == "/" || slash == trimmed.startIndex { return "/" }
    return trimmingTrailingSlashes(String(trimmed[..<slash]))
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}

/// StencilSwiftKit's `swiftIdentifier` rules.
enum SwiftIdentifier {
  /// Upper-cases the first letter of each run of valid characters, joins the runs with `_`,
  /// and prefixes `_` when the result starts with a digit: `some$URL` → `Some_URL`.
  static func normal(_ string: String) -> String {
    var parts: [String] = [""]
    for scalar in string.unicodeScalars {
      if isIdentifierTail(scalar) {
        parts[parts.count - 1].unicodeScalars.append(scalar)
      } else {
        parts.append("")
      }
    }
    return prefixed(parts.map { StringCase.upperFirstLetter($0) }.joined(separator: "_"))
  }

  /// `normal`, then `snakeToCamelCase` without leading `_`s: `some$URL` → `SomeURL`.
  static func pretty(_ string: String) -> String {
    prefixed(StringCase.snakeToCamelCase(normal(string), stripsLeadingUnderscores: true))
  }

  private static func prefixed(_ string: String) -> String {
    guard let first = string.unicodeScalars.first, !isIdentifierHead(first) else { return string }
    return "_" + string
  }

  private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
    return scalar.properties.isAlphabetic || scalar.properties.isEmoji
  }

  private static func isIdentifierTail(_ scalar: Unicode.Scalar) -> Bool {
    if isIdentifierHead(scalar) || ("0"..."9").contains(scalar) { return true }
    return !scalar.isASCII && scalar.properties.generalCategory == .nonspacingMark
  }

  /// The words `escapeReservedKeywords` wraps in backticks.
  static let reservedKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
  ]
}
