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
/// `quarry` for one combined file, `QuarryGenerated.swift`, in the plugin work directory
/// (Schema.sql is left out: it is for review, and nobody reviews build products).
@main
struct QuarryBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
    let outputFolder = context.pluginWorkDirectoryURL
    let outputName = "QuarryGenerated.swift"
    return [
      .buildCommand(
        displayName: "Generating Quarry persistence code for \(target.name)",
        executable: try context.tool(named: "quarry").url,
        arguments: ["generate"] + inputs.map(\.path) + [
          "--output", outputFolder.path, "--single-file", outputName,
          "--root", context.package.directoryURL.path, "--quiet",
        ],
        inputFiles: inputs,
        outputFiles: [outputFolder.appendingPathComponent(outputName)])
    ]
  }
}
