/// A written type name taken apart the way Sourcery's `TypeName` presents it.
///
/// `{{ variable.typeName }}` prints the name as written (`[String: Int]?`); its members are
/// `name`, `unwrappedTypeName`, `actualTypeName` (null: the scanner resolves no typealias),
/// `isOptional`, `isImplicitlyUnwrappedOptional`, `isArray`, `isDictionary`, `isSet`,
/// `isTuple`, `isClosure`, `isGeneric`, `isVoid`, `array` (`elementTypeName`), `dictionary`
/// (`keyTypeName`, `valueTypeName`), `generic` (`name`, `typeParameters` of `{typeName}`),
/// `tuple` (`elements` of `{name, typeName}`), `closure` (`name`) and `attributes`.
struct SourceryTypeName {
  /// As written: `Double?`.
  var name: String
  /// Without the optional marker: `Double`.
  var unwrapped: String
  var isOptional: Bool
  var isImplicitlyUnwrapped: Bool
  var isArray: Bool
  var isDictionary: Bool

  init(_ written: String) {
    name = written
    isImplicitlyUnwrapped = written.hasSuffix("!")
    if written.hasSuffix("?") || isImplicitlyUnwrapped {
      unwrapped = String(written.dropLast())
      isOptional = true
    } else if written.hasPrefix("Optional<") && written.hasSuffix(">") {
      unwrapped = String(written.dropFirst("Optional<".count).dropLast())
      isOptional = true
    } else {
      unwrapped = written
      isOptional = false
    }
    if unwrapped.hasPrefix("(") && unwrapped.hasSuffix(")") && isOptional
      && Self.split(String(unwrapped.dropFirst().dropLast()), at: ",").count == 1
    {
      // `(() -> Void)?` unwraps to the function type without its parentheses.
      unwrapped = String(unwrapped.dropFirst().dropLast())
    }
    let isBracketed = unwrapped.hasPrefix("[") && unwrapped.hasSuffix("]")
    let hasTopLevelColon = isBracketed && Self.split(Self.inner(unwrapped), at: ":").count == 2
    isDictionary =
      (isBracketed && hasTopLevelColon) || Self.genericName(unwrapped) == "Dictionary"
    isArray = (isBracketed && !hasTopLevelColon) || Self.genericName(unwrapped) == "Array"
  }

  /// Whether the unwrapped name is a function type: `(Int) -> Void`, `@escaping () -> Void`.
  var isClosure: Bool { Self.topLevelArrow(unwrapped) }

  /// Whether the unwrapped name is a tuple: `(Int, String)` or `(a: Int, b: String)`.
  var isTuple: Bool {
    guard !isClosure, unwrapped.hasPrefix("("), unwrapped.hasSuffix(")") else { return false }
    return Self.split(Self.inner(unwrapped), at: ",").count > 1
  }

  var isVoid: Bool { name == "Void" || name == "()" || unwrapped == "Void" }

  var isSet: Bool { Self.genericName(unwrapped) == "Set" }

  /// The generic name and its parameters: `Array` and `[Int]` for `[Int]`, as Sourcery gives
  /// array and dictionary sugar their generic form.
  var generic: (name: String, parameters: [String])? {
    if isArray {
      let element =
        unwrapped.hasPrefix("[") ? Self.inner(unwrapped) : Self.genericArguments(unwrapped)[0]
      return ("Array", [element])
    }
    if isDictionary {
      let parts =
        unwrapped.hasPrefix("[")
        ? Self.split(Self.inner(unwrapped), at: ":") : Self.genericArguments(unwrapped)
      return ("Dictionary", parts)
    }
    guard let base = Self.genericName(unwrapped), !isClosure else { return nil }
    return (base, Self.genericArguments(unwrapped))
  }

  /// The template value: an object printing as `name`.
  var value: TemplateValue { value(depth: 0) }

  private func value(depth: Int) -> TemplateValue {
    func nested(_ text: String) -> TemplateValue {
      depth < 8 ? SourceryTypeName(text).value(depth: depth + 1) : .object(text: text, [:])
    }
    let generic = self.generic
    var members: [String: TemplateValue] = [
      "name": .string(name),
      "unwrappedTypeName": .string(unwrapped),
      "actualTypeName": .null,
      "isOptional": .bool(isOptional),
      "isImplicitlyUnwrappedOptional": .bool(isImplicitlyUnwrapped),
      "isArray": .bool(isArray),
      "isDictionary": .bool(isDictionary),
      "isSet": .bool(isSet),
      "isTuple": .bool(isTuple),
      "isClosure": .bool(isClosure),
      "isGeneric": .bool(generic != nil),
      "isVoid": .bool(isVoid),
      "attributes": [:],
      "array": .null,
      "dictionary": .null,
      "generic": .null,
      "tuple": .null,
      "closure": .null,
    ]
    if let generic {
      members["generic"] = [
        "name": .string(generic.name),
        "typeParameters": .array(generic.parameters.map { ["typeName": nested($0)] }),
      ]
      if isArray, let element = generic.parameters.first {
        members["array"] = [
          "name": .string(unwrapped), "elementTypeName": nested(element), "elementType": .null,
        ]
      }
      if isDictionary, generic.parameters.count == 2 {
        members["dictionary"] = [
          "name": .string(unwrapped), "keyTypeName": nested(generic.parameters[0]),
          "valueTypeName": nested(generic.parameters[1]), "keyType": .null, "valueType": .null,
        ]
      }
    }
    if isTuple {
      let elements = Self.split(Self.inner(unwrapped), at: ",").enumerated().map {
        index, element -> TemplateValue in
        let labelled = Self.split(element, at: ":")
        if labelled.count == 2 {
          return ["name": .string(labelled[0]), "typeName": nested(labelled[1]), "type": .null]
        }
        return ["name": .string(String(index)), "typeName": nested(element), "type": .null]
      }
      members["tuple"] = ["name": .string(unwrapped), "elements": .array(elements)]
    }
    if isClosure { members["closure"] = ["name": .string(unwrapped)] }
    return .object(text: name, members)
  }

  // MARK: - Text

  /// `Base` of `Base<…>`, nil when the name is not of that form.
  private static func genericName(_ text: String) -> String? {
    guard text.hasSuffix(">"), let open = text.firstIndex(of: "<") else { return nil }
    let base = String(text[..<open])
    guard !base.isEmpty, base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    return base
  }

  private static func genericArguments(_ text: String) -> [String] {
    guard let open = text.firstIndex(of: "<") else { return [] }
    return split(String(text[text.index(after: open)..<text.index(before: text.endIndex)]), at: ",")
  }

  /// The text inside the outer brackets or parentheses.
  private static func inner(_ text: String) -> String {
    String(text.dropFirst().dropLast())
  }

  /// `text` split at `separator` outside brackets, trimmed.
  static func split(_ text: String, at separator: Character) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    var previous: Character = " "
    for character in text {
      switch character {
      case "[", "(", "<": depth += 1
      case "]", ")": depth -= 1
      case ">" where previous != "-": depth -= 1
      case separator where depth == 0:
        parts.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        previous = character
        continue
      default: break
      }
      current.append(character)
      previous = character
    }
    let last = current.trimmingCharacters(in: .whitespaces)
    if !last.isEmpty || !parts.isEmpty { parts.append(last) }
    return parts
  }

  private static func topLevelArrow(_ text: String) -> Bool {
    var depth = 0
    var previous: Character = " "
    for character in text {
      switch character {
      case "[", "(", "<": depth += 1
      case "]", ")": depth -= 1
      case ">":
        if previous == "-" {
          if depth == 0 { return true }
        } else {
          depth -= 1
        }
      default: break
      }
      previous = character
    }
    return false
  }
}
