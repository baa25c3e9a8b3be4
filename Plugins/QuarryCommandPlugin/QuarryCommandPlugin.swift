import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory quarry [--target <name>]… [--check]
/// [--output <folder>] [other quarry options]`
///
/// Regenerates the checked-in `Generated/` folder of each target (by default every target
/// with a `// quarry:` annotation in its sources) by running
/// `quarry generate <the target's Swift files> --output <target folder>/Generated --root
/// <package>`. The files are the ones SwiftPM compiles (not the whole folder), so a file the
/// manifest excludes gets no generated code, which would not compile without it.
/// Paths in headers and messages are relative to the package, so the output is the same on
/// every machine. `--check` writes nothing and fails when a folder is stale, for CI; its hint
/// names this plugin's command, not `quarry generate`.
///
/// ```text
/// $ swift package --allow-writing-to-package-directory quarry --target BirdWatch
/// created Sources/BirdWatch/Generated/Bird+Quarry.swift
/// $ swift package --allow-writing-to-package-directory quarry --target BirdWatch
/// quarry: 7 generated files up to date
/// ```
@main
struct QuarryCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let outputName = extractor.extractOption(named: "output").last ?? "Generated"
    let passThrough = extractor.remainingArguments
    let tool = try context.tool(named: "quarry")
    let packageDirectory = context.package.directoryURL
    // What `--check` tells to run instead: this command, with the targets it was given.
    let regenerateCommand =
      (["swift package --allow-writing-to-package-directory quarry"]
      + targetNames.map { "--target \($0)" }).joined(separator: " ")

    let candidates =
      targetNames.isEmpty
      ? context.package.targets : try context.package.targets(named: targetNames)
    var failed: [String] = []
    for target in candidates {
      guard let module = target as? SwiftSourceModuleTarget else { continue }
      if targetNames.isEmpty && !hasAnnotations(module) { continue }
      let folder = module.directoryURL
      let output = folder.appendingPathComponent(outputName)
      // Both schemas are for review; each needs an exclude once it first appears.
      let schemas = ["Schema.sql", "Schema.postgres.sql"]
      let hadSchema = schemas.map {
        FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path)
      }
      let process = Process()
      process.executableURL = tool.url
      process.currentDirectoryURL = packageDirectory
      process.arguments =
        ["generate"] + sources(of: module, outside: output)
        + [
          "--output", output.path, "--root", packageDirectory.path,
          "--regenerate-command", regenerateCommand,
        ] + passThrough
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { failed.append(target.name) }
      for (schema, had) in zip(schemas, hadSchema)
      where !had
        && FileManager.default.fileExists(atPath: output.appendingPathComponent(schema).path)
      {
        // SwiftPM warns about an unhandled file until the manifest excludes it, and about an
        // excluded file that does not exist before this first run: say when to add the line.
        print(
          "quarry: created \(outputName)/\(schema), which is for review, not for the compiler: "
            + "target '\(target.name)' in Package.swift needs "
            + "exclude: [\"\(outputName)/\(schema)\"]")
      }
    }
    // SwiftPM prints the thrown error once; reporting it through Diagnostics as well doubled it.
    if !failed.isEmpty { throw PluginFailure(targets: failed) }
  }

  /// The Swift files SwiftPM compiles for the target, less those in the output folder (they are
  /// what quarry writes), or the target folder when there are none (quarry then reports it).
  private func sources(of module: SwiftSourceModuleTarget, outside output: URL) -> [String] {
    let outputPrefix = output.standardizedFileURL.path + "/"
    let files = module.sourceFiles(withSuffix: "swift").map { $0.url.standardizedFileURL.path }
      .filter { !$0.hasPrefix(outputPrefix) }
      .sorted()
    return files.isEmpty ? [module.directoryURL.path] : files
  }

  /// Whether any Swift file of the target mentions a `quarry:` annotation; a cheap filter
  /// so that `swift package quarry` without `--target` skips unrelated targets.
  private func hasAnnotations(_ module: SwiftSourceModuleTarget) -> Bool {
    module.sourceFiles(withSuffix: "swift").contains { file in
      guard let data = FileManager.default.contents(atPath: file.url.path) else { return false }
      return String(decoding: data, as: UTF8.self).contains("quarry:")
    }
  }
}

struct PluginFailure: Error, CustomStringConvertible {
  var targets: [String]
  var description: String { "quarry failed for \(targets.joined(separator: ", "))" }
}
