/// Sourcery's filters over plain values:
///
/// ```text
/// {{ names|sorted:"description"|join:"," }}        →  a,B,c   (case-insensitive, stable)
/// {% for v in type.variables|sortedDescending:"name" %}…   (by a member's text)
/// {{ dictionary|json }}                            →  {"a":1,"b":[true,null]}
/// {{ dictionary|json:true }}                       →  pretty-printed, keys sorted
/// {{ names|unique|join:"," }}                      →  the first of each equal element
/// {{ names|push:"x"|join:"," }}                    →  the array with "x" appended
/// {{ dictionary|sortedValuesByKeys|join:"," }}     →  the values in key order
/// ```
///
/// `sorted:"key"` compares each element's `key` member as printed, ignoring case, as Sourcery's
/// `NSSortDescriptor` with `caseInsensitiveCompare` does; an element without that member (a
/// string) is compared as printed, so `sorted:"description"` sorts strings. `json` writes
/// what `JSONSerialization` writes on Apple platforms (`/` escaped as `\/`, pretty printing
/// with two spaces and `" : "`), with sorted keys so the output is the same on every run;
/// model objects are written as the text they print as.
extension Filter {
  static let sourceryValueFilters: [Filter] = [
    sorted("sorted", descending: false),
    sorted("sortedDescending", descending: true),
    Filter("json", arguments: 0...1) { input, arguments in
      var pretty = false
      if let argument = arguments.first {
        guard case .bool(let bool) = argument else {
          return .failure(.invalidArgument(index: 0, expected: "a boolean", got: argument))
        }
        pretty = bool
      }
      var output = ""
      TemplateJSON.write(input, pretty: pretty, indent: 0, to: &output)
      return .success(.string(output))
    },
    Filter("unique") { input, _ in
      guard case .array(let elements) = input else { return .failure(.unsupportedInput(input)) }
      var seen: Set<TemplateValue> = []
      return .success(.array(elements.filter { seen.insert($0).inserted }))
    },
    Filter("push", arguments: 1...1) { input, arguments in
      guard case .array(let elements) = input else { return .failure(.unsupportedInput(input)) }
      return .success(.array(elements + [arguments[0]]))
    },
    Filter("sortedValuesByKeys") { input, _ in
      guard case .dictionary(let dictionary) = input, input.objectText == nil else {
        return .failure(.unsupportedInput(input))
      }
      return .success(.array(dictionary.keys.sorted().map { dictionary[$0, default: .null] }))
    },
  ]

  private static func sorted(_ name: String, descending: Bool) -> Filter {
    Filter(name, arguments: 1...1) { input, arguments in
      guard case .array(let elements) = input else { return .success(.null) }
      guard let key = arguments[0].stringValue else {
        return .failure(.invalidArgument(index: 0, expected: "a string", got: arguments[0]))
      }
      let keyed = elements.map { element in
        ((element[key] ?? element).stringValue?.lowercased() ?? "", element)
      }
      let sorted = keyed.enumerated().sorted { lhs, rhs in
        if lhs.element.0 != rhs.element.0 {
          return descending ? lhs.element.0 > rhs.element.0 : lhs.element.0 < rhs.element.0
        }
        return lhs.offset < rhs.offset
      }
      return .success(.array(sorted.map(\.element.1)))
    }
  }
}

/// JSON text for `|json`.
private enum TemplateJSON {
  static func write(_ value: TemplateValue, pretty: Bool, indent: Int, to output: inout String) {
    if let text = value.objectText {
      writeString(text, to: &output)
      return
    }
    switch value {
    case .null: output += "null"
    case .bool(let bool): output += bool ? "true" : "false"
    case .number(let number): output += TemplateValue.format(number)
    case .string(let string): writeString(string, to: &output)
    case .array(let elements):
      writeContainer("[", "]", count: elements.count, pretty: pretty, indent: indent, to: &output) {
        index, output in
        write(elements[index], pretty: pretty, indent: indent + 1, to: &output)
      }
    case .dictionary(let dictionary):
      let keys = dictionary.keys.filter { $0 != TemplateValue.textKey }.sorted()
      writeContainer("{", "}", count: keys.count, pretty: pretty, indent: indent, to: &output) {
        index, output in
        writeString(keys[index], to: &output)
        output += pretty ? " : " : ":"
        write(
          dictionary[keys[index], default: .null], pretty: pretty, indent: indent + 1, to: &output)
      }
    }
  }

  private static func writeContainer(
    _ open: String, _ close: String, count: Int, pretty: Bool, indent: Int,
    to output: inout String, element: (Int, inout String) -> Void
  ) {
    output += open
    guard count > 0 else {
      output += close
      return
    }
    for index in 0..<count {
      if index > 0 { output += "," }
      if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
      element(index, &output)
    }
    if pretty { output += "\n" + String(repeating: "  ", count: indent) }
    output += close
  }

  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "/": output += "\\/"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
