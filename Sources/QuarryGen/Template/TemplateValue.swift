/// A value a template can read: the whole context is a tree of these, built once.
///
/// No `Any`, no `Mirror`: the generator converts its model into this tree up front, so
/// rendering never reflects over Swift values.
///
/// ```swift
/// let bird: TemplateValue = ["name": "Bird", "storedVariables": [["name": "id"]]]
/// ```
public enum TemplateValue: Sendable, Hashable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case array([TemplateValue])
  case dictionary([String: TemplateValue])
  case null

  /// Truthiness as in Stencil: `false`, `0`, empty strings and collections and `null` are false.
  public var isTruthy: Bool {
    switch self {
    case .string(let string): !string.isEmpty
    case .number(let number): number != 0
    case .bool(let bool): bool
    case .array(let array): !array.isEmpty
    case .dictionary(let dictionary): !dictionary.isEmpty
    case .null: false
    }
  }

  /// The key under which a dictionary keeps the text it prints as, like the `description` of
  /// Sourcery's model objects: `{{ variable.typeName }}` prints `Int?` while
  /// `variable.typeName.isOptional` still reads a member. No template path can name this key
  /// (it starts with a NUL byte), so it never clashes with a member.
  public static let textKey = "\u{0}text"

  /// A dictionary that prints as `text` and reads its members from `members`.
  public static func object(text: String, _ members: [String: TemplateValue]) -> TemplateValue {
    var dictionary = members
    dictionary[textKey] = .string(text)
    return .dictionary(dictionary)
  }

  /// The text a dictionary built by `object(text:_:)` prints as, else nil.
  var objectText: String? {
    guard case .dictionary(let dictionary) = self,
      case .string(let text)? = dictionary[Self.textKey]
    else { return nil }
    return text
  }

  /// The value under `key` when this is a dictionary, else nil.
  public subscript(key: String) -> TemplateValue? {
    guard case .dictionary(let dictionary) = self else { return nil }
    return dictionary[key]
  }

  /// The word used for this kind of value in error messages (`a string`, `an array`).
  var kindDescription: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .null: "null"
    }
  }

  /// The text `{{ value }}` prints: strings as is, whole numbers without `.0`, `true`/`false`,
  /// nothing for `null`, and collections in Swift's literal syntax (keys sorted).
  public var renderedText: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends `renderedText` to `output` without building an intermediate string for scalars.
  func write(to output: inout String) {
    switch self {
    case .string(let string): output += string
    case .number(let number): output += Self.format(number)
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: break
    case .array(let array):
      output += "["
      for (index, element) in array.enumerated() {
        if index > 0 { output += ", " }
        element.writeLiteral(to: &output)
      }
      output += "]"
    case .dictionary(let dictionary):
      if case .string(let text)? = dictionary[Self.textKey] {
        output += text
        return
      }
      if dictionary.isEmpty {
        output += "[:]"
        return
      }
      output += "["
      for (index, key) in dictionary.keys.sorted().enumerated() {
        if index > 0 { output += ", " }
        output += "\"\(key)\": "
        dictionary[key, default: .null].writeLiteral(to: &output)
      }
      output += "]"
    }
  }

  private func writeLiteral(to output: inout String) {
    if let text = objectText {
      output += text
      return
    }
    switch self {
    case .string(let string): output += "\"\(string)\""
    case .null: output += "nil"
    default: write(to: &output)
    }
  }

  /// Whole numbers print without a fractional part so `{{ forloop.index }}` prints `1`.
  static func format(_ number: Double) -> String {
    if number.rounded() == number && abs(number) < 1e15 {
      return String(Int64(number))
    }
    return String(number)
  }

  /// The text string filters work on: scalars as printed; nil for collections.
  var stringValue: String? {
    switch self {
    case .string(let string): string
    case .number, .bool, .null: renderedText
    case .dictionary: objectText
    case .array: nil
    }
  }
}

extension TemplateValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    var dictionary: [String: TemplateValue] = Dictionary(minimumCapacity: elements.count)
    for (key, value) in elements { dictionary[key] = value }
    self = .dictionary(dictionary)
  }
}

extension TemplateValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}
