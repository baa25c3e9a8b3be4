import PackagePlugin

@main
struct QuarryCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
