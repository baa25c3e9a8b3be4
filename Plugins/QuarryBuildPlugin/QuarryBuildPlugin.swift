import Foundation
import PackagePlugin

/// Generates persistence code at build time, for targets that prefer it to a checked-in
/// `Generated/` folder (use one or the other, not both: the types would be declared twice).
///
/// ```swift
/// .target(name: "App", dependencies: [.product(name: "Quarry", package: "Quarry")],
///         plugins: [.plugin(name: "QuarryBuildPlugin", package: "Quarry")])
/// ```
///
/// A build command must name its outputs before anything is scanned, so the plugin asks
/// `quarry` for one `<stem>.quarry.swift` per source file plus a shared
/// `QuarryTables.quarry.swift`, in the plugin work directory: editing one source rewrites and
/// recompiles only its own output (unchanged files are not rewritten). Schema.sql is left out
/// (it is for review, and nobody reviews build products). Paths are absolute (`--root /`), so
/// diagnostics resolve wherever the build runs from.
@main
struct QuarryBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
    // Resolved as quarry resolves them: its output names hash these paths.
    let paths = inputs.map { $0.standardizedFileURL.resolvingSymlinksInPath().path }
    let outputFolder = context.pluginWorkDirectoryURL
    let names = Self.outputNames(for: paths) + ["QuarryTables.quarry.swift"]
    return [
      .buildCommand(
        displayName: "Generating Quarry persistence code for \(target.name)",
        executable: try context.tool(named: "quarry").url,
        arguments: ["generate"] + paths + [
          "--output", outputFolder.path, "--per-source-file", "--root", "/", "--quiet",
        ],
        inputFiles: inputs,
        outputFiles: names.map { outputFolder.appendingPathComponent($0) })
    ]
  }

  /// QuarryGen's `SourceOutputNames` rule (a plugin cannot link QuarryGen; change both
  /// together): `<stem>.quarry.swift`, with eight hex digits of the path's FNV-1a hash after
  /// a stem that two sources share or that is `QuarryTables`.
  static func outputNames(for paths: [String]) -> [String] {
    let stems = paths.map { path in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
    }
    var counts: [String: Int] = ["QuarryTables": 1]
    for stem in stems { counts[stem, default: 0] += 1 }
    return zip(paths, stems).map { path, stem in
      guard counts[stem] != 1 else { return stem + ".quarry.swift" }
      var value: UInt32 = 2_166_136_261
      for byte in path.utf8 { value = (value ^ UInt32(byte)) &* 16_777_619 }
      let digits = String(value, radix: 16)
      return stem + "-" + String(repeating: "0", count: 8 - digits.count) + digits + ".quarry.swift"
    }
  }
}
