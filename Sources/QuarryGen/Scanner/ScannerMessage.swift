/// Every message the scanner reports, worded in one place (compiler style: lowercase start,
/// no final period, identifiers in single quotes).
enum ScannerMessage {
  case unterminatedBlockComment
  case unterminatedString
  case unterminatedMultilineString
  case unterminatedRegex
  case extraneousCloseBrace
  case missingCloseBrace(declaration: String)
  case missingCloseBraceBeforeDeclaration(declaration: String)
  case openingBraceNote
  case missingOpenBrace(kind: String, name: String)
  case missingName(kind: String)
  case unexpectedDirective(String)
  case missingEndif
  case nestingTooDeep(limit: Int)
  case conditionsTooDeep(limit: Int)
  case tuplePattern
  case missingPattern
  case missingTypeAnnotation(property: String)
  case missingColonBeforeType
  case missingTypeAfterColon
  case missingAnnotation
  case missingAnnotationKey
  case missingAnnotationSeparator
  case missingAnnotationValue
  case unclosedAnnotationList
  case annotationListTooDeep(limit: Int)
  case unterminatedAnnotationString
  case nulInAnnotationString
  case invalidUnicodeEscape
  case unknownAnnotationEscape(String)
  case trailingAnnotation
  case annotationNearMiss(AnnotationNearMiss)
  case tooManyDiagnostics(Int)
  case unreadableFile(String)
  case annotatedNonStruct(kind: String, name: String)

  var text: String {
    switch self {
    case .unterminatedBlockComment: "unterminated '/*' comment"
    case .unterminatedString: "unterminated string literal"
    case .unterminatedMultilineString: "unterminated multi-line string literal"
    case .unterminatedRegex: "unterminated regex literal"
    case .extraneousCloseBrace: "extraneous '}' at top level"
    case .missingCloseBrace(let declaration): "expected '}' at end of \(declaration)"
    case .missingCloseBraceBeforeDeclaration(let declaration):
      "expected '}' at end of \(declaration) before this declaration"
    case .openingBraceNote: "to match this opening '{'"
    case .missingOpenBrace(let kind, let name): "expected '{' in \(kind) '\(name)'"
    case .missingName(let kind): "expected a name after '\(kind)'"
    case .unexpectedDirective(let directive): "unexpected '\(directive)' without '#if'"
    case .missingEndif: "expected '#endif' for this '#if'"
    case .nestingTooDeep(let limit):
      "declarations nested more than \(limit) levels deep are not scanned"
    case .conditionsTooDeep(let limit):
      "'#if' blocks nested more than \(limit) levels deep: inner conditions are not recorded"
    case .tuplePattern:
      "tuple patterns in stored properties are not supported; declare one property per name"
    case .missingPattern: "expected a property name"
    case .missingTypeAnnotation(let property):
      "property '\(property)' needs a type annotation"
    case .missingColonBeforeType: "expected ':' between property name and type"
    case .missingTypeAfterColon: "expected a type after ':'"
    case .missingAnnotation: "expected an annotation after 'quarry:'"
    case .missingAnnotationKey: "expected an annotation key"
    case .missingAnnotationSeparator: "expected ',' between annotations"
    case .missingAnnotationValue: "expected a value after '='"
    case .unclosedAnnotationList: "expected ']' to close the list"
    case .annotationListTooDeep(let limit): "annotation lists are nested more than \(limit) deep"
    case .unterminatedAnnotationString: "unterminated string in annotation"
    case .nulInAnnotationString:
      "a NUL character ('\\0') cannot be part of an annotation string: SQLite names and "
        + "values end at it"
    case .invalidUnicodeEscape:
      "invalid '\\u{…}' escape in annotation string; write 1 to 8 hex digits of a Unicode "
        + "scalar, like '\\u{E9}'"
    case .unknownAnnotationEscape(let escape):
      "unknown escape '\(escape)' in annotation string; known escapes are '\\\"', '\\\\', "
        + "'\\n', '\\r', '\\t' and '\\u{…}'"
    case .tooManyDiagnostics(let count):
      "too many problems in this file: \(count) more are not shown"
    case .trailingAnnotation:
      "an annotation in a trailing comment is ignored; put it on the line above the declaration"
    case .unreadableFile(let reason): "cannot read file: \(reason)"
    case .annotatedNonStruct(let kind, let name):
      "Quarry persists structs; \(kind) '\(name)' cannot take a '// quarry:' annotation: make "
        + "it a struct to store it, or use '// sourcery:' to annotate it for a custom template"
    case .annotationNearMiss(let miss):
      switch miss.kind {
      case .wrongCase:
        "comment '\(miss.written)' is not an annotation (annotations are lowercase); write "
          + "'\(miss.fix)'"
      case .missingColon:
        "comment '\(miss.written)' is not an annotation ('quarry' must be followed directly by "
          + "':'); write '\(miss.fix)'"
      case .misspelled(let word):
        "comment '\(miss.written)' is not an annotation ('\(word)' is not 'quarry'); write "
          + "'\(miss.fix)'"
      case .docComment:
        "doc comment '\(miss.written)' is not an annotation; write '\(miss.fix)' with two slashes"
      case .blockComment:
        "block comment '\(miss.written)' is not an annotation (annotations are '//' line "
          + "comments); write '\(miss.fix)'"
      }
    }
  }
}
