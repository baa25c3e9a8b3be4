/// The keywords and contextual keywords the declaration scanner looks at.
///
/// Identifiers are classified once, when lexed, by length and bytes; everything else is
/// `.none`. A keyword right after `.` (`x.default`) is lexed as a plain name.
enum Keyword: UInt8 {
  case none
  // Declarations.
  case `struct`, `enum`, `class`, `actor`, `extension`, `protocol`, `var`, `let`, `func`, `init`
  case `deinit`, `subscript`, `case`, `typealias`, `associatedtype`, `import`, `operator`
  case `precedencegroup`, `macro`
  // Modifiers.
  case `static`, `lazy`, `public`, `private`, `fileprivate`, `internal`, `package`, `open`
  case `final`, `override`, `mutating`, `nonmutating`, `nonisolated`, `weak`, `unowned`
  case `dynamic`, `indirect`, `required`, `convenience`, `optional`, `distributed`, `prefix`
  case `postfix`, `infix`, `consuming`, `borrowing`
  // Others the scanner needs.
  case `where`, `willSet`, `didSet`, `set`, `true`, `false`, `nil`, `self`, `Self`, `super`
  case `as`, `is`, `in`, `try`, `await`, `throws`, `rethrows`, `async`, `return`

  private static let table: [[(StaticString, Keyword)]] = {
    let all: [(StaticString, Keyword)] = [
      ("struct", .struct), ("enum", .enum), ("class", .class), ("actor", .actor),
      ("extension", .extension), ("protocol", .protocol), ("var", .var), ("let", .let),
      ("func", .func), ("init", .`init`), ("deinit", .deinit), ("subscript", .subscript),
      ("case", .case), ("typealias", .typealias), ("associatedtype", .associatedtype),
      ("import", .import), ("operator", .operator), ("precedencegroup", .precedencegroup),
      ("macro", .macro), ("static", .static), ("lazy", .lazy), ("public", .public),
      ("private", .private), ("fileprivate", .fileprivate), ("internal", .internal),
      ("package", .package), ("open", .open), ("final", .final), ("override", .override),
      ("mutating", .mutating), ("nonmutating", .nonmutating), ("nonisolated", .nonisolated),
      ("weak", .weak), ("unowned", .unowned), ("dynamic", .dynamic), ("indirect", .indirect),
      ("required", .required), ("convenience", .convenience), ("optional", .optional),
      ("distributed", .distributed), ("prefix", .prefix), ("postfix", .postfix),
      ("infix", .infix), ("consuming", .consuming), ("borrowing", .borrowing),
      ("where", .where), ("willSet", .willSet), ("didSet", .didSet), ("set", .set),
      ("true", .true), ("false", .false), ("nil", .nil), ("self", .self), ("Self", .Self),
      ("super", .super), ("as", .as), ("is", .is), ("in", .in), ("try", .try),
      ("await", .await), ("throws", .throws), ("rethrows", .rethrows), ("async", .async),
      ("return", .return),
    ]
    var byLength = [[(StaticString, Keyword)]](repeating: [], count: 16)
    for entry in all { byLength[entry.0.utf8CodeUnitCount].append(entry) }
    return byLength
  }()

  /// The keyword spelled by `bytes[start..<end]`, or `.none`.
  static func classify(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Keyword {
    let length = end - start
    guard length >= 2 && length < 16 else { return .none }
    let first = bytes[start]
    // Every keyword starts with a lowercase ASCII letter except `Self`.
    guard (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || first == UInt8(ascii: "S")
    else { return .none }
    for (spelling, keyword) in table[length] {
      let matches = spelling.withUTF8Buffer { literal -> Bool in
        for index in 0..<length where bytes[start + index] != literal[index] { return false }
        return true
      }
      if matches { return keyword }
    }
    return .none
  }

  var isAccessLevel: Bool { accessLevel != nil }

  var accessLevel: AccessLevel? {
    switch self {
    case .private: .private
    case .fileprivate: .fileprivate
    case .internal: .internal
    case .package: .package
    case .public: .public
    case .open: .open
    default: nil
    }
  }

  /// Modifiers that may precede a declaration keyword (access levels included).
  var isModifier: Bool {
    switch self {
    case .static, .lazy, .public, .private, .fileprivate, .internal, .package, .open, .final,
      .override, .mutating, .nonmutating, .nonisolated, .weak, .unowned, .dynamic, .indirect,
      .required, .convenience, .optional, .distributed, .prefix, .postfix, .infix, .consuming,
      .borrowing:
      true
    default: false
    }
  }

  /// Keywords that open a type body the scanner walks into.
  var isTypeIntroducer: Bool {
    switch self {
    case .struct, .enum, .class, .actor, .extension, .protocol: true
    default: false
    }
  }

  /// Keywords that begin a declaration; a missing `}` shows when one of them starts a line
  /// less indented than the block it appears in.
  var startsDeclaration: Bool {
    isTypeIntroducer || isModifier || {
      switch self {
      case .var, .let, .func, .`init`, .deinit, .subscript, .typealias, .associatedtype,
        .import, .operator, .precedencegroup, .macro:
        true
      default: false
      }
    }()
  }
}
