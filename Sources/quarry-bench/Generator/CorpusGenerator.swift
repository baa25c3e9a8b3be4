import Foundation

/// Writes a deterministic synthetic Swift corpus: realistic app code with the constructs that
/// make scanning hard (nested and doc comments, strings holding `struct` and braces, multi-line
/// and raw strings, interpolation, attributes, generics, closures, `#if`, computed properties,
/// methods), so MB/s figures are not flattered by tidy input.
///
/// File `n` depends only on `n` and the shape: every run and machine sees the same bytes.
///
/// ```swift
/// let corpus = try CorpusGenerator.write(CorpusShape(files: 10, structsPerFile: 5,
///                                                   propertiesPerStruct: 10), to: folder)
/// ```
enum CorpusGenerator {
  /// The written corpus.
  struct Corpus: Sendable {
    /// The folder holding the sources (`Models/Group00/File0000.swift`, …).
    let root: URL
    let paths: [String]
    let totalBytes: Int
  }

  static func write(_ shape: CorpusShape, to root: URL) throws -> Corpus {
    var paths: [String] = []
    var totalBytes = 0
    let manager = FileManager.default
    for file in 0..<shape.files {
      let folder = root.appendingPathComponent(String(format: "Group%02d", file / 100))
      if file % 100 == 0 {
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      let url = folder.appendingPathComponent(String(format: "File%04d.swift", file))
      let bytes = Data(source(file: file, shape: shape).utf8)
      try bytes.write(to: url)
      paths.append(url.path)
      totalBytes += bytes.count
    }
    return Corpus(root: root, paths: paths, totalBytes: totalBytes)
  }

  /// The text of file `file`.
  static func source(file: Int, shape: CorpusShape) -> String {
    var random = SeededGenerator(seed: 0xC0DE_0000 &+ UInt64(file))
    var out = """
      // File\(String(format: "%04d", file)).swift: part of quarry-bench's synthetic corpus.
      // The word struct in a comment, a brace { and a "quote" must not confuse a scanner.
      // Non-ASCII bytes too: café, Größe, 日本語, 🚀.

      import Foundation

      /* A block comment /* with a nested comment holding struct Fake { var x: Int } */
         that goes on for a while, mentioning enum, var and let. */


      """
    let kind = "Kind\(file)"
    out += """
      /// The category of a persisted row in file \(file).
      public enum \(kind): String, Sendable, CaseIterable {
        case alpha, beta, gamma
        case `default`
      }


      """
    for index in 0..<shape.structsPerFile {
      if index == 0 {
        out += persistedStruct(file: file, kind: kind, shape: shape, random: &random)
      } else {
        out += plainStruct(file: file, index: index, shape: shape, random: &random)
      }
      out += "\n"
    }
    return out
  }

  // MARK: Persisted structs

  private static let persistedTypes = [
    ("String", "\"\""), ("Double", "0"), ("Date", "Date(timeIntervalSince1970: 0)"),
    ("Bool", "false"), ("Int", "0"), ("Data", "Data()"), ("UUID", "UUID()"), ("String?", "nil"),
    ("Double?", "nil"), ("[String]", "[]"), ("Int64?", "nil"),
  ]

  private static func persistedStruct(
    file: Int, kind: String, shape: CorpusShape, random: inout SeededGenerator
  ) -> String {
    let name = "Record\(file)"
    var out = """
      /// A persisted model: rows of table 'records_\(file)'.
      ///
      /// Doc comments may show code: `struct NotAModel { var x: Int }` is not a declaration.
      // quarry: table = "records_\(file)"
      public struct \(name): Sendable, Equatable {
        // quarry: primaryKey
        public var id: Int64

      """
    for property in 1..<shape.propertiesPerStruct {
      let propertyName = "field\(property)"
      if property == 1 {
        out += "  public var category: \(kind) = .alpha\n"
        continue
      }
      let (type, defaultValue) = persistedTypes[Int(random.next() % UInt64(persistedTypes.count))]
      switch random.next() % 4 {
      case 0:
        out += "  /// The \(propertyName) of this record, \"quoted\" in a doc comment.\n"
        out += "  public var \(propertyName): \(type)\n"
      case 1:
        out += "  // quarry: column = \"\(propertyName)_column\"\n"
        out += "  public var \(propertyName): \(type) = \(defaultValue)\n"
      case 2:
        out += "  public var \(propertyName): \(type)  // trailing comment with { a brace\n"
      default:
        out += "  public var \(propertyName): \(type) = \(defaultValue)\n"
      }
    }
    out += """

        /// Computed: not a column.
        public var summary: String { "\\(id): \\(category.rawValue)" }

        public static let tableLabel = "records_\(file)"
      }

      """
    return out
  }

  // MARK: Plain structs

  private static let plainTypes = [
    "Int", "String", "[String: [Int]]", "(Int, String)", "Set<String>", "URL?", "Optional<UUID>",
    "((Int) -> Void)?", "[Int]", "Double", "Result<Int, Error>?", "Int!", "any Sendable",
    "[String: any Sendable]", "Dictionary<String, Int>",
  ]

  private static func plainStruct(
    file: Int, index: Int, shape: CorpusShape, random: inout SeededGenerator
  ) -> String {
    let name = "ViewState\(file)x\(index)"
    var out = ""
    var indent = ""
    var closers: [String] = []
    var attributes = ""
    switch index % 4 {
    case 1:
      out += "extension \(kind(file)) {\n"
      indent = "  "
      closers.append("}\n")
    case 2:
      out += "#if DEBUG\n"
      closers.append("#else\nstruct \(name)Release {}\n#endif\n")
    case 3:
      attributes = "@available(iOS 16, macOS 13, *)\n@MainActor\n"
    default:
      break
    }
    let generic = index % 4 == 3 ? "<Element: Hashable & Sendable>" : ""
    let whereClause = generic.isEmpty ? "" : " where Element: Comparable"
    out += "\(indent)/// Screen state number \(index) of file \(file).\n" + attributes
    out += "\(indent)struct \(name)\(generic): Equatable\(whereClause) {\n"
    let body = indent + "  "
    for property in 0..<shape.propertiesPerStruct {
      let propertyName = "value\(property)"
      let type = plainTypes[Int(random.next() % UInt64(plainTypes.count))]
      switch random.next() % 8 {
      case 0:
        let optional = type.replacingOccurrences(of: "!", with: "?")
        out += "\(body)@Published var \(propertyName): \(optional)\n"
      case 1:
        out += "\(body)var \(propertyName): \(type) {\n"
        out += "\(body)  didSet { print(\"changed \\(oldValue)\") }\n\(body)}\n"
      case 2:
        out += "\(body)private(set) var \(propertyName): \(type)\n"
      case 3:
        out += "\(body)let \(propertyName): \(type) // a comment with \"struct\"\n"
      case 4:
        let number = random.next() % 100
        out += "\(body)var \(propertyName) = \"struct { } // not code \\(\(number))\"\n"
      case 5:
        out += "\(body)var \(propertyName) = \(random.next() % 1000)\n"
      case 6:
        out += "\(body)/* inline */ var \(propertyName): \(type) /* more */\n"
      default:
        out += "\(body)public var \(propertyName): \(type)\n"
      }
    }
    out += """
      \(body)static let identifier = #"raw "string" with \\#(\(body.count)) and } brace"#
      \(body)var isEmpty: Bool { value0Description.isEmpty }
      \(body)var value0Description: String {
      \(body)  get { "" }
      \(body)}

      \(body)func render() -> String {
      \(body)  let template = \"\"\"
      \(body)    struct Template {
      \(body)      var line: String = "\\(1 + 2)"
      \(body)    }
      \(body)    \"\"\"
      \(body)  let pattern = #/[a-z]+\\d*/#
      \(body)  return template + "\\(String(describing: pattern))" + "\\({ "}" }())"
      \(body)}
      \(indent)}

      """
    for closer in closers.reversed() { out += closer }
    return out
  }

  private static func kind(_ file: Int) -> String { "Kind\(file)" }
}
