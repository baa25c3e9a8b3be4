/// The type of a property whose default is an initializer call (`var date = Date()`), inferred
/// as Sourcery infers it.
///
/// Asked for every default that is not a literal, so it works on the text's UTF-8 bytes with
/// integer offsets and allocates nothing but the answer. Text with a non-ASCII byte (rare: a
/// Unicode type name) takes the general path, which reads `Character`s, because only there do
/// Unicode letter and case rules decide.
extension DeclarationScanner {
  /// The type an initializer call names: `Date()` and `Date.init()` are `Date`, `Set<Int>()`
  /// is `Set<Int>`, `[String]()` is `[String]`, `A.B(x: 1)` is `A.B`. Nil for anything else: a
  /// function (`makeDate()`), a member (`Date().year`), a closure argument (`Foo { }`) or
  /// `.init()` without a type. `text` is a normalised default value (see `TextBuilder`).
  static func initializerType(_ text: String) -> String? {
    var text = text
    let answer = text.withUTF8 { ASCIIInitializerType.infer(from: $0) }
    switch answer {
    case .type(let type): return type
    case .none: return nil
    case .notASCII: return unicodeInitializerType(text)
    }
  }

  /// `initializerType` by `Character`s, for text holding a non-ASCII byte.
  static func unicodeInitializerType(_ text: String) -> String? {
    guard text.hasSuffix(")") else { return nil }
    // The call's `(`: the first one outside `<…>` and `[…]`, whose `)` ends the text.
    var depth = 0
    var open: String.Index?
    for index in text.indices {
      let character = text[index]
      if character == "<" || character == "[" { depth += 1 }
      if character == ">" || character == "]" { depth -= 1 }
      if character == "(" && depth == 0 {
        open = index
        break
      }
    }
    guard let open else { return nil }
    var parentheses = 0
    var inString = false
    for index in text[open...].indices {
      let character = text[index]
      if character == "\"" { inString.toggle() }
      if inString { continue }
      if character == "(" { parentheses += 1 }
      if character == ")" {
        parentheses -= 1
        if parentheses == 0 && text.index(after: index) != text.endIndex { return nil }
      }
    }
    var callee = String(text[..<open]).filter { $0 != " " }
    if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
    guard !callee.isEmpty else { return nil }
    if callee.hasPrefix("[") && callee.hasSuffix("]") {
      return callee.replacingOccurrences(of: ":", with: ": ")
    }
    var base = callee
    if let angle = callee.firstIndex(of: "<") {
      guard callee.hasSuffix(">") else { return nil }
      base = String(callee[..<angle])
    }
    let components = base.split(separator: ".", omittingEmptySubsequences: false)
    guard
      components.allSatisfy({ component in
        guard let first = component.first, first.isLetter || first == "_" else { return false }
        return component.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      }),
      let last = components.last?.first, last.isUppercase
    else { return nil }
    // Spaces went above; put back the ones the normalised text has (`(x: B, y: C)`).
    return callee.replacingOccurrences(of: ",", with: ", ")
      .replacingOccurrences(of: ":", with: ": ")
  }
}

/// The byte path of `DeclarationScanner.initializerType`, for ASCII text: the same rules, step
/// for step, as `unicodeInitializerType` (on ASCII, a `Character` is a byte, or `\r\n`, which
/// no rule names).
enum ASCIIInitializerType {
  enum Answer {
    case type(String)
    case none
    case notASCII
  }

  private static let space = UInt8(ascii: " ")
  private static let quote = UInt8(ascii: "\"")
  private static let underscore = UInt8(ascii: "_")
  private static let initSuffix: [UInt8] = Array(".init".utf8)

  static func infer(from text: UnsafeBufferPointer<UInt8>) -> Answer {
    // The last byte is `)` in any text that ends with the `Character` `)`: most defaults stop
    // here, before the whole text is read.
    guard let last = text.last, last == ASCII.closeParen else { return .none }
    var bits: UInt8 = 0
    for byte in text { bits |= byte }
    guard bits < 0x80 else { return .notASCII }
    guard let open = callOpenParenthesis(in: text) else { return .none }
    // The callee: the bytes before the `(` without spaces, in a buffer on the stack.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(open, 1)) { buffer in
      var count = 0
      for index in 0..<open where text[index] != space {
        buffer[count] = text[index]
        count += 1
      }
      if hasSuffix(initSuffix, buffer, count) { count -= initSuffix.count }
      guard count > 0 else { return .none }
      let callee = UnsafeBufferPointer(rebasing: buffer[0..<count])
      if callee[0] == ASCII.openBracket && callee[count - 1] == ASCII.closeBracket {
        return .type(spaced(callee, after: [ASCII.colon]))
      }
      var baseEnd = count
      if let angle = callee.firstIndex(of: ASCII.lessThan) {
        guard callee[count - 1] == ASCII.greaterThan else { return .none }
        baseEnd = angle
      }
      guard namesType(UnsafeBufferPointer(rebasing: callee[0..<baseEnd])) else { return .none }
      return .type(spaced(callee, after: [ASCII.comma, ASCII.colon]))
    }
  }

  /// The call's `(`: the first one outside `<…>` and `[…]`, when its `)` ends the text.
  private static func callOpenParenthesis(in text: UnsafeBufferPointer<UInt8>) -> Int? {
    var depth = 0
    var found: Int?
    for index in text.indices {
      let byte = text[index]
      if byte == ASCII.lessThan || byte == ASCII.openBracket { depth += 1 }
      if byte == ASCII.greaterThan || byte == ASCII.closeBracket { depth -= 1 }
      if byte == ASCII.openParen && depth == 0 {
        found = index
        break
      }
    }
    guard let open = found else { return nil }
    var parentheses = 0
    var inString = false
    for index in open..<text.count {
      let byte = text[index]
      if byte == quote { inString.toggle() }
      if inString { continue }
      if byte == ASCII.openParen { parentheses += 1 }
      if byte == ASCII.closeParen {
        parentheses -= 1
        if parentheses == 0 && index != text.count - 1 { return nil }
      }
    }
    return open
  }

  /// Whether `base` is a dotted path of identifiers whose last one starts with a capital.
  private static func namesType(_ base: UnsafeBufferPointer<UInt8>) -> Bool {
    var componentStart = 0
    var lastStart = 0
    for index in 0...base.count {
      guard index < base.count && base[index] != ASCII.dot else {
        // A component ends: it must start with a letter or `_` (so it is not empty).
        guard index > componentStart, isLetter(base[componentStart]) else { return false }
        lastStart = componentStart
        componentStart = index + 1
        continue
      }
      let byte = base[index]
      guard isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
        return false
      }
    }
    let first = base[lastStart]
    return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
  }

  /// A letter or `_`.
  private static func isLetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == underscore
  }

  private static func hasSuffix(
    _ suffix: [UInt8], _ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: Int
  ) -> Bool {
    guard count >= suffix.count else { return false }
    for index in suffix.indices where buffer[count - suffix.count + index] != suffix[index] {
      return false
    }
    return true
  }

  /// `bytes` as a string with a space after each of `separators` (`[String:Int]` reads
  /// `[String: Int]`).
  private static func spaced(_ bytes: UnsafeBufferPointer<UInt8>, after separators: [UInt8])
    -> String
  {
    var length = bytes.count
    for byte in bytes where separators.contains(byte) { length += 1 }
    return String(
      unsafeUninitializedCapacity: length,
      initializingUTF8With: { output in
        var written = 0
        for byte in bytes {
          output[written] = byte
          written += 1
          if separators.contains(byte) {
            output[written] = ASCII.space
            written += 1
          }
        }
        return written
      })
  }
}
