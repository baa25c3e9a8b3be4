/// `#if` / `#elseif` / `#else` / `#endif`: every branch is scanned, and each declaration
/// records the conditions of the clauses around it (`#else` of `#if DEBUG` reads `!DEBUG`).
extension DeclarationScanner {
  enum Directive {
    case `if`, elseif, `else`, endif
  }

  struct ConditionFrame {
    var start: Int
    /// The conditions of the clauses seen so far, for negating them in later clauses.
    var clauses: [String]
    /// Whether this frame's condition is in `conditions` (false past the nesting limit).
    var isRecorded: Bool
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
      let isRecorded = conditionFrames.count < Self.maximumConditionNesting
      if !isRecorded && !didReportConditionNesting {
        didReportConditionNesting = true
        diagnostics.append(
          .warning(
            ScannerMessage.conditionsTooDeep(limit: Self.maximumConditionNesting).text,
            at: location(directiveToken.start)))
      }
      conditionFrames.append(
        ConditionFrame(start: directiveToken.start, clauses: [text], isRecorded: isRecorded))
      if isRecorded { conditions.append(text) }
    case .elseif, .else:
      guard let frame = conditionFrames.last else {
        diagnose(.unexpectedDirective(self.text(of: directiveToken)), at: directiveToken.start)
        return
      }
      var parts = frame.clauses.map(Self.negate)
      if directive == .elseif {
        parts.append(text)
        conditionFrames[conditionFrames.count - 1].clauses.append(text)
      }
      if frame.isRecorded {
        // `&&` binds tighter than `||`: keep each clause's meaning when joining.
        let joined =
          parts.count == 1
          ? parts : parts.map { $0.contains("||") && !$0.hasPrefix("!(") ? "(" + $0 + ")" : $0 }
        conditions[conditions.count - 1] = joined.joined(separator: " && ")
      }
    case .endif:
      guard let frame = conditionFrames.popLast() else {
        diagnose(.unexpectedDirective("#endif"), at: directiveToken.start)
        return
      }
      if frame.isRecorded { conditions.removeLast() }
    }
  }

  /// `DEBUG` → `!DEBUG`, `os(iOS)` → `!os(iOS)`, `A || B` → `!(A || B)`.
  static func negate(_ condition: String) -> String {
    if condition.hasPrefix("!") && !condition.contains(" ") && !condition.contains("&")
      && !condition.contains("|")
    {
      return String(condition.dropFirst())
    }
    let isSimple = !condition.contains(" ") && !condition.contains("&") && !condition.contains("|")
    return isSimple ? "!" + condition : "!(" + condition + ")"
  }
}
