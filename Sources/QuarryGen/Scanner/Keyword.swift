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

  /// The keyword spelled by `bytes[start..<end]`, or `.none`.
  ///
  /// Up to eight bytes are packed little-endian into one integer and matched with a
  /// `switch` (the compiler turns it into a binary search); longer keywords compare their
  /// first eight bytes and then the rest. Each constant is commented with its spelling.
  static func classify(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Keyword {
    let length = end - start
    guard length >= 2 && length <= 15 else { return .none }
    var head: UInt64 = 0
    for index in 0..<min(length, 8) {
      head |= UInt64(bytes[start + index]) << (8 * UInt64(index))
    }
    if length <= 8 {
      switch head {
      case 0x6E69: return .in  // in
      case 0x7361: return .as  // as
      case 0x7369: return .is  // is
      case 0x6C696E: return .nil  // nil
      case 0x726176: return .var  // var
      case 0x74656C: return .let  // let
      case 0x746573: return .set  // set
      case 0x797274: return .try  // try
      case 0x636E7566: return .func  // func
      case 0x65736163: return .case  // case
      case 0x65757274: return .true  // true
      case 0x666C6553: return .Self  // Self
      case 0x666C6573: return .self  // self
      case 0x6B616577: return .weak  // weak
      case 0x6D756E65: return .enum  // enum
      case 0x6E65706F: return .open  // open
      case 0x74696E69: return .`init`  // init
      case 0x797A616C: return .lazy  // lazy
      case 0x636E797361: return .async  // async
      case 0x6572656877: return .where  // where
      case 0x65736C6166: return .false  // false
      case 0x6C616E6966: return .final  // final
      case 0x6F7263616D: return .macro  // macro
      case 0x7265707573: return .super  // super
      case 0x726F746361: return .actor  // actor
      case 0x7373616C63: return .class  // class
      case 0x7469617761: return .await  // await
      case 0x7869666E69: return .infix  // infix
      case 0x63696C627570: return .public  // public
      case 0x636974617473: return .static  // static
      case 0x6E7275746572: return .return  // return
      case 0x73776F726874: return .throws  // throws
      case 0x746375727473: return .struct  // struct
      case 0x746553646964: return .didSet  // didSet
      case 0x74696E696564: return .deinit  // deinit
      case 0x74726F706D69: return .import  // import
      case 0x786966657270: return .prefix  // prefix
      case 0x63696D616E7964: return .dynamic  // dynamic
      case 0x64656E776F6E75: return .unowned  // unowned
      case 0x6567616B636170: return .package  // package
      case 0x65746176697270: return .private  // private
      case 0x7465536C6C6977: return .willSet  // willSet
      case 0x78696674736F70: return .postfix  // postfix
      case 0x6465726975716572: return .required  // required
      case 0x656469727265766F: return .override  // override
      case 0x676E69746174756D: return .mutating  // mutating
      case 0x6C616E6F6974706F: return .optional  // optional
      case 0x6C616E7265746E69: return .internal  // internal
      case 0x6C6F636F746F7270: return .protocol  // protocol
      case 0x726F74617265706F: return .operator  // operator
      case 0x73776F7268746572: return .rethrows  // rethrows
      case 0x7463657269646E69: return .indirect  // indirect
      default: return .none
      }
    }
    var tail: UInt64 = 0
    for index in 8..<length {
      tail |= UInt64(bytes[start + index]) << (8 * UInt64(index - 8))
    }
    switch (head, tail) {
    case (0x61696C6165707974, 0x73): return .typealias  // typealias
    case (0x616C6F73696E6F6E, 0x646574): return .nonisolated  // nonisolated
    case (0x65696E65766E6F63, 0x65636E): return .convenience  // convenience
    case (0x6E65646563657270, 0x70756F72676563): return .precedencegroup  // precedencegroup
    case (0x6E696D75736E6F63, 0x67): return .consuming  // consuming
    case (0x6E69776F72726F62, 0x67): return .borrowing  // borrowing
    case (0x6F69736E65747865, 0x6E): return .extension  // extension
    case (0x7069726373627573, 0x74): return .subscript  // subscript
    case (0x746169636F737361, 0x657079746465): return .associatedtype  // associatedtype
    case (0x746174756D6E6F6E, 0x676E69): return .nonmutating  // nonmutating
    case (0x7562697274736964, 0x646574): return .distributed  // distributed
    case (0x76697270656C6966, 0x657461): return .fileprivate  // fileprivate
    default: return .none
    }
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
    isTypeIntroducer || isModifier
      || {
        switch self {
        case .var, .let, .func, .`init`, .deinit, .subscript, .typealias, .associatedtype,
          .import, .operator, .precedencegroup, .macro:
          true
        default: false
        }
      }()
  }
}
