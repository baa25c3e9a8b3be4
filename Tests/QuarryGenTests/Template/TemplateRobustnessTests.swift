import QuarryGen
import XCTest

/// Templates stitched from random fragments must never trap: every mistake is a diagnostic.
final class TemplateRobustnessTests: XCTestCase {
  /// A small deterministic generator so failures reproduce.
  private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private let fragments = [
    "{{", "}}", "{%", "%}", "{#", "#}", "-", " ", "\n", "\r\n", "\"", "'", "\\", "|", ":", ",",
    "(", ")", "=", "==", "<", ">=", "!", ".", "..", "0", "1.5", "-2", "x", "xs", "d", "type",
    "name", "forloop", "first", "last", "count", "for", "in", "endfor", "empty", "if", "elif",
    "else", "endif", "set", "include", "filter", "endfilter", "not", "and", "or", "true", "nil",
    "join", "default", "indent", "upperFirstLetter", "replace", "\"Inc\"", "é", "\t", "}", "{",
  ]

  func testRandomTemplatesNeverTrap() {
    var generator = SplitMix(state: 42)
    let context = TemplateContext([
      "x": "Bird", "xs": ["a", "b"], "d": ["k": 1], "type": ["name": "Bird"],
    ])
    let loader = InMemoryTemplateLoader(["Inc": "{{ x }}{% include \"Inc\" %}"])
    for _ in 0..<3_000 {
      let length = Int.random(in: 1...24, using: &generator)
      var text = ""
      for _ in 0..<length { text += fragments.randomElement(using: &generator) ?? "" }
      let file = SourceFile(path: "Templates/Fuzz.stencil", text: text)
      let (template, diagnostics) = Template.parse(file, loader: loader)
      _ = DiagnosticRenderer(files: [file]).render(diagnostics)
      if let template {
        let (_, renderDiagnostics) = template.render(context: context, element: "Bird")
        _ = DiagnosticRenderer(files: [file]).render(renderDiagnostics)
      }
    }
  }
}
