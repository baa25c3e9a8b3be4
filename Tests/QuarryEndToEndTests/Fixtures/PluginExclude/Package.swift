// swift-tools-version: 6.0
import PackageDescription

// Input of ExcludedSourceTests: the command plugin must read the files this manifest lets
// SwiftPM compile, not the whole folder (Sketch.swift is excluded and has a persisted struct).
let package = Package(
  name: "PluginExclude",
  dependencies: [.package(name: "Quarry", path: "../../../..")],
  targets: [
    .target(
      name: "App", dependencies: [.product(name: "Quarry", package: "Quarry")],
      exclude: ["Sketch.swift"])
  ]
)
