import Foundation
import QuarryGen

/// A Sourcery template over a model of many types, classes and protocols included: Sourcery's
/// own use, beside the persistence templates of the rest of the generator suite.
///
/// The source is built in memory (a tenth each of files' worth of structs, classes, protocols
/// and enums, with properties, methods, initializers and extensions); its scan is timed on its
/// own, then the Sourcery model (`TemplateContext(files:)`) plus the render of a mock template
/// over every protocol and an Equatable template over every other type.
struct SourceryTemplateBenchmark {
  let typeCount: Int
  let runs: Int
  let log: (String) -> Void

  static let template = """
    {% for type in types.implementing.AutoMockable|protocol %}
    final class {{ type.name }}Mock: {{ type.name }} {
        {% for variable in type.allVariables|!definedInExtension %}
        var {{ variable.name }}: {{ variable.typeName }}{{ "!" if not variable.isOptional }}
        {% endfor %}
        {% for method in type.allMethods|!definedInExtension %}
        var {{ method.callName }}CallsCount = 0
        func {{ method.shortName }}({{ method.parameters|join:", " }}){{ " async" if method.isAsync }}{{ " throws" if method.throws }} -> {{ method.returnTypeName }} {
            {{ method.callName }}CallsCount += 1
            fatalError()
        }
        {% endfor %}
    }
    {% endfor %}
    {% for type in types.all|!protocol|implements:"AutoEquatable" %}
    extension {{ type.name }}: Equatable {
        static func == (lhs: {{ type.name }}, rhs: {{ type.name }}) -> Bool {
            {% for variable in type.storedVariables %}
            guard lhs.{{ variable.name }} == rhs.{{ variable.name }} else { return false }
            {% endfor %}
            return true
        }
    }
    {% endfor %}
    """

  func run(into results: inout [BenchResult]) throws {
    let files = Self.sources(typeCount: typeCount)
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    log("generator: Sourcery template over \(typeCount) types (\(bytes) bytes)")
    let (template, errors) = Template.parse(SourceFile(path: "Mocks.stencil", text: Self.template))
    guard let template, errors.isEmpty else {
      throw BenchCheckFailure(description: "Sourcery bench template: \(errors)")
    }
    var scanSamples = Samples()
    var scanned: [ScannedFile] = []
    for _ in 0..<runs {
      let (seconds, output) = Stopwatch.time { files.map { SourceScanner().scan($0) } }
      scanned = output
      scanSamples.append(seconds)
    }
    let found = scanned.reduce(0) { $0 + $1.structs.count + $1.enums.count + $1.types.count }
    // File 0 also declares the two marker protocols.
    try BenchCheck.equal(
      found, typeCount + files.count + 2, "Sourcery corpus: types and extensions")
    var scanResult = result("scan \(typeCount) Sourcery types (1 core)", files.count, scanSamples)
    scanResult.megabytesPerSecond = Double(bytes) / 1e6 / scanSamples.median
    results.append(scanResult)

    var renderSamples = Samples()
    for _ in 0..<runs {
      let (seconds, output) = Stopwatch.time { () -> (String, [Diagnostic]) in
        let context = TemplateContext(files: scanned)
        return template.render(context: context)
      }
      try BenchCheck.equal(output.1, [], "Sourcery template: diagnostics")
      let mocks = output.0.components(separatedBy: "Mock: ").count - 1
      try BenchCheck.equal(mocks, typeCount / 10 * 3, "Sourcery template: one mock per protocol")
      renderSamples.append(seconds)
    }
    results.append(
      result("Sourcery model + template, \(typeCount) types", files.count, renderSamples))
    var total = Samples()
    total.append(scanSamples.median + renderSamples.median)
    results.append(result("Sourcery scan + model + template (sum)", files.count, total))
  }

  private func result(_ operation: String, _ files: Int, _ samples: Samples) -> BenchResult {
    BenchResult(
      suite: "generator", operation: operation, implementation: nil, storage: nil, rows: files,
      samples: samples, ratioToRaw: nil, megabytesPerSecond: nil)
  }

  /// Files of ten types each: 4 structs, 3 classes (one subclassing another), 3 protocols,
  /// and one extension adding a method and a conformance.
  static func sources(typeCount: Int) -> [SourceFile] {
    (0..<max(typeCount / 10, 1)).map { file in
      var text = "import Foundation\n\nprotocol AutoMockable {}\nprotocol AutoEquatable {}\n"
      text = file == 0 ? text : "import Foundation\n"
      for index in 0..<4 {
        let name = "Value\(file)_\(index)"
        text += """

          /// A value.
          struct \(name): AutoEquatable {
            var id: Int
            var name: String
            var tags: [String] = []
            var score: Double?
            var label: String { name }
            static let empty = \(name)(id: 0, name: "")
            func describe(prefix: String = "") -> String { prefix + name }
          }

          """
      }
      text += """

        extension Value\(file)_0: CustomStringConvertible {
          var description: String { describe() }
        }

        class Base\(file) {
          var id = 0
          init(id: Int) { self.id = id }
          func refresh() async throws {}
        }

        final class Service\(file): Base\(file), AutoEquatable {
          private(set) var count: Int = 0
          let url: URL
          init(url: URL) {
            self.url = url
            super.init(id: 1)
          }
          func load(id: Int, force: Bool = false) async throws -> Data { Data() }
          static func make() -> Service\(file) { Service\(file)(url: URL(fileURLWithPath: "/")) }
        }

        actor Cache\(file) {
          var items: [String: Data] = [:]
          func item(for key: String) -> Data? { items[key] }
        }

        """
      for index in 0..<3 {
        text += """

          protocol Store\(file)_\(index): AutoMockable {
            var name: String { get }
            var count: Int { get set }
            var current: Data? { get }
            func fetch(id: Int) async throws -> Data
            func save(_ data: Data, tags: [String]) throws -> Bool
            func reset() -> Void
          }

          """
      }
      return SourceFile(path: "Sourcery/File\(file).swift", text: text)
    }
  }
}
