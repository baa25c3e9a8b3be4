import PackagePlugin

@main
struct QuarryBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    []
  }
}
