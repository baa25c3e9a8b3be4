// libFuzzer entry point for the generator's parsers, compiled together with
// Sources/QuarryGen/**/*.swift by Tests/Fuzz/run.sh (so internal types are reachable).
// QUARRY_FUZZ_TARGET picks what the input feeds:
//   scanner     the bytes are a Swift file: scanned, dumped as JSON, built into a model and
//               rendered with the default templates' context, diagnostics rendered
//   annotation  each line of the bytes is the text after `// quarry:`
//   template    the bytes are a template, rendered over a small model with hostile strings
// A crash, trap, hang or sanitizer report is a bug; every one found becomes a test in
// Tests/QuarryGenTests/Reliability/FuzzRegressionTests.swift.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum FuzzTarget: String {
  case scanner, annotation, template

  static let current: FuzzTarget = {
    guard let name = getenv("QUARRY_FUZZ_TARGET").map({ String(cString: $0) }),
      let target = FuzzTarget(rawValue: name)
    else {
      fatalError("set QUARRY_FUZZ_TARGET to scanner, annotation or template")
    }
    return target
  }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  switch FuzzTarget.current {
  case .scanner: FuzzGenerator.scan(bytes)
  case .annotation: FuzzGenerator.annotate(bytes)
  case .template: FuzzGenerator.render(bytes)
  }
  return 0
}

enum FuzzGenerator {
  static func scan(_ bytes: [UInt8]) {
    let file = SourceFile(path: "Models/Fuzz.swift", bytes: bytes)
    let scanned = SourceScanner().scan(file)
    _ = ScanDump.jsonBytes([scanned])
    let built = ModelBuilder().build([scanned])
    let rendered = DiagnosticRenderer(files: [file]).render(
      scanned.diagnostics + built.diagnostics)
    precondition(!rendered.isEmpty || (scanned.diagnostics + built.diagnostics).isEmpty)
    for table in built.model.tables {
      _ = ModelContext.tableValue(table)
      _ = table.createTableSQL
      _ = table.createIndexSQL
    }
  }

  static func annotate(_ bytes: [UInt8]) {
    var ranges: [Range<Int>] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      ranges.append(start..<offset)
      start = offset + 1
    }
    ranges.append(start..<bytes.count)
    let (annotations, diagnostics) = AnnotationParser.parse(
      bytes: bytes, ranges: ranges, path: "Models/Fuzz.swift")
    for annotation in annotations {
      precondition(annotation.location.offset >= 0 && annotation.location.offset <= bytes.count)
    }
    for diagnostic in diagnostics {
      precondition(diagnostic.location.offset >= 0 && diagnostic.location.offset <= bytes.count)
    }
    _ = DiagnosticRenderer(files: [SourceFile(path: "Models/Fuzz.swift", bytes: bytes)])
      .render(diagnostics)
  }

  /// A small model: strings that need escaping, nested values, numbers and nulls.
  static let context: TemplateContext = {
    let column: TemplateValue = [
      "name": "a\tb\"c\\d\u{1}", "swiftType": "String?", "isOptional": true, "index": 0,
      "tags": ["x", "y\n", ""],
    ]
    let table: TemplateValue = [
      "typeName": "Bird", "name": "birds\u{202E}", "columns": [column, column],
      "count": 2.5, "missing": nil,
    ]
    return TemplateContext(["table": table, "tables": [table, table], "access": "public "])
  }()

  static func render(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    // The same text is also the included partial, so includes (and include cycles) run.
    let loader = InMemoryTemplateLoader(["T": text, "_P": text, "Other": "x{{ table.name }}"])
    let engine = TemplateEngine(loader: loader)
    let (output, diagnostics) = engine.render(templateNamed: "T", context: context)
    if !diagnostics.isEmpty {
      _ = DiagnosticRenderer(files: engine.loader.templateNames().compactMap {
        engine.loader.loadTemplate(named: $0)
      }).render(diagnostics)
    }
    _ = TemplateWords.words(in: SourceFile(path: "Templates/T.stencil", bytes: bytes))
    _ = GeneratedText.file(header: "// H", body: output)
  }
}
