import Foundation

/// Finds the default templates, wherever the `quarry` binary runs.
///
/// In order, the first folder holding `Table.stencil` wins:
/// 1. `--templates <dir>` (checked by the caller);
/// 2. the `QUARRY_TEMPLATES` environment variable;
/// 3. `Templates/` beside the executable, then `../share/quarry/Templates` (an installed copy);
/// 4. the `Templates/` folder of the Quarry package this binary was built from, found from
///    this source file's compile-time path. SwiftPM always builds `quarry` from source, so this
///    covers `swift run` here and both plugins in any package that depends on Quarry, whether by
///    path or from a checkout in `.build/checkouts`.
///
/// ```swift
/// let folder = TemplateLocator.defaultDirectory()   // "/src/Quarry/Templates"
/// ```
public enum TemplateLocator {
  /// The template rendered once per persisted struct; its presence marks a template folder.
  public static let marker = "Table.stencil"

  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    candidates(environment: environment).first { folder in
      FileManager.default.fileExists(atPath: folder + "/" + marker)
    }
  }

  static func candidates(environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let fromEnvironment = environment["QUARRY_TEMPLATES"], !fromEnvironment.isEmpty {
      folders.append(fromEnvironment)
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
      .resolvingSymlinksInPath().deletingLastPathComponent()
    folders.append(executable.appendingPathComponent("Templates").path)
    folders.append(executable.appendingPathComponent("../share/quarry/Templates").standardized.path)
    // Sources/QuarryGen/Generator/TemplateLocator.swift -> the package root.
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    folders.append(packageRoot.appendingPathComponent("Templates").path)
    return folders
  }
}
