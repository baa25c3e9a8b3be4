/// The output file names of `--per-source-file` (the build tool plugin's mode): one
/// `<stem>.quarry.swift` per source file, plus `QuarryTables.quarry.swift` for what belongs to
/// no single source (the `QuarryTables` registry). Names depend only on the source paths as
/// given, never on their contents, because a build command declares its outputs before
/// anything is scanned; `QuarryBuildPlugin` repeats this rule (a plugin cannot link
/// QuarryGen), so change both together.
///
/// A stem shared by two sources (or equal to `QuarryTables`) gets a stable suffix: eight hex
/// digits of the FNV-1a hash of the path as given.
///
/// ```swift
/// SourceOutputNames.names(for: ["/p/A/Bird.swift", "/p/B/Bird.swift", "/p/Nest.swift"])
/// // ["/p/A/Bird.swift": "Bird-1b5c3e2a.quarry.swift", ..., "/p/Nest.swift": "Nest.quarry.swift"]
/// ```
public enum SourceOutputNames {
  public static let shared = "QuarryTables.quarry.swift"

  public static func names(for sources: [String]) -> [String: String] {
    let stems = sources.map(stem)
    var counts: [String: Int] = ["QuarryTables": 1]
    for stem in stems { counts[stem, default: 0] += 1 }
    var names: [String: String] = [:]
    for (source, stem) in zip(sources, stems) {
      let unique = counts[stem] == 1 ? stem : stem + "-" + hash(source)
      names[source] = unique + ".quarry.swift"
    }
    return names
  }

  /// The file name without its folder and `.swift`.
  static func stem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
  }

  /// 32-bit FNV-1a of the UTF-8 bytes, as eight lowercase hex digits.
  static func hash(_ text: String) -> String {
    var value: UInt32 = 2_166_136_261
    for byte in text.utf8 {
      value = (value ^ UInt32(byte)) &* 16_777_619
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
