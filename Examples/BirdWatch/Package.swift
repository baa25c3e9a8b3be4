// swift-tools-version: 6.0
import PackageDescription

// A small app persisting annotated structs with Quarry. Its Generated/ folder is checked in;
// regenerate it with `swift package --allow-writing-to-package-directory quarry`.
let package = Package(
  name: "BirdWatch",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Quarry", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "BirdWatch",
      dependencies: [.product(name: "Quarry", package: "Quarry")],
      // Schema.sql and Schema.postgres.sql are generated for review, not compiled.
      exclude: ["Generated/Schema.sql", "Generated/Schema.postgres.sql"]
    )
  ]
)
