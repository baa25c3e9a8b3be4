/// `#if` / `#elseif` / `#else` / `#endif`: every branch is scanned, and each declaration
/// records the conditions of the clauses around it (`#else` of `#if DEBUG` reads `!DEBUG`).
extension DeclarationScanner {
  enum Directive {
    case `if`, elseif, `else`, endif
  }

  struct ConditionFrame {
    var start: Int
    /// The `#if` condition, negated only if an `#elseif` or `#else` needs it.
    private let firstCondition: String
    /// How many clauses (`#if` and `#elseif`) were seen.
    private var clauseCount = 1
    private var negatedLaterClauses = ""

    init(start: Int, condition: String) {
      self.start = start
      firstCondition = condition
    }

    /// The negation of every clause seen so far, joined with `&&`, as `#else` needs it.
    var negatedClauses: String {
      DeclarationScanner.negate(firstCondition) + negatedLaterClauses
    }

    /// Adds an `#elseif` clause. Past `maximumNegatedClauses` the rest reads `…`: otherwise
    /// each clause of a long chain would copy all the others, quadratically.
    mutating func add(_ condition: String) {
      clauseCount += 1
      if clauseCount <= DeclarationScanner.maximumNegatedClauses {
        negatedLaterClauses +=
          " && "
          + DeclarationScanner.parenthesized(
            DeclarationScanner.negate(condition))
      } else if clauseCount == DeclarationScanner.maximumNegatedClauses + 1 {
        negatedLaterClauses += " && …"
      }
    }
  }

  func directiveKind(_ token: Token) -> Directive? {
    switch token.end - token.start {
    case 3 where text(of: token) == "#if": .if
    case 5 where text(of: token) == "#else": .else
    case 6 where text(of: token) == "#endif": .endif
    case 7 where text(of: token) == "#elseif": .elseif
    default: nil
    }
  }

  /// Handles the directive at `token` and moves past its line.
  mutating func handleDirective(_ directive: Directive) {
    let directiveToken = token
    var condition = TextBuilder()
    token = lexer.next()
    if directive == .if || directive == .elseif {
      while token.kind != .endOfFile && !token.hasLeadingNewline {
        condition.append(token, from: bytes)
        token = lexer.next()
      }
    }
    let text = condition.text(from: bytes)
    switch directive {
    case .if:
      guard conditionFrames.count < Self.maximumConditionNesting else {
        // Deeper blocks are only counted, so 10,000 nested `#if`s cost no memory per level.
        if !didReportConditionNesting {
          didReportConditionNesting = true
          report(
            .warning(
              ScannerMessage.conditionsTooDeep(limit: Self.maximumConditionNesting).text,
              at: location(directiveToken.start)))
        }
        untrackedConditions += 1
        return
      }
      conditionFrames.append(ConditionFrame(start: directiveToken.start, condition: text))
      conditions.append(text)
    case .elseif, .else:
      if untrackedConditions > 0 { return }
      guard let frame = conditionFrames.last else {
        diagnose(.unexpectedDirective(self.text(of: directiveToken)), at: directiveToken.start)
        return
      }
      // `#else` and `#elseif` hold when every earlier clause does not.
      let negated = frame.negatedClauses
      if directive == .elseif {
        conditions[conditions.count - 1] = negated + " && " + Self.parenthesized(text)
        conditionFrames[conditionFrames.count - 1].add(text)
      } else {
        conditions[conditions.count - 1] = negated
      }
    case .endif:
      if untrackedConditions > 0 {
        untrackedConditions -= 1
        return
      }
      guard conditionFrames.popLast() != nil else {
        diagnose(.unexpectedDirective("#endif"), at: directiveToken.start)
        return
      }
      conditions.removeLast()
    }
  }

  /// `DEBUG` → `!DEBUG`, `os(iOS)` → `!os(iOS)`, `A || B` → `!(A || B)`, `!A` → `A`.
  static func negate(_ condition: String) -> String {
    let isSimple = !condition.utf8.contains(where: {
      $0 == ASCII.space || $0 == ASCII.ampersand
        || $0 == UInt8(ascii: "|")
    })
    if isSimple && condition.hasPrefix("!") { return String(condition.dropFirst()) }
    return isSimple ? "!" + condition : "!(" + condition + ")"
  }

  /// `A || B` → `(A || B)` so that it can be joined with `&&` (which binds tighter).
  static func parenthesized(_ condition: String) -> String {
    let hasOr = condition.utf8.contains(UInt8(ascii: "|"))
    return hasOr && !condition.hasPrefix("!(") ? "(" + condition + ")" : condition
  }
}
