// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Quarry",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "Quarry", targets: ["Quarry"]),
    .executable(name: "quarry", targets: ["quarry"]),
    .plugin(name: "QuarryBuildPlugin", targets: ["QuarryBuildPlugin"]),
    .plugin(name: "QuarryCommandPlugin", targets: ["QuarryCommandPlugin"]),
  ],
  targets: [
    // The system SQLite; `apt-get install libsqlite3-dev` provides the header on Debian.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(name: "Quarry", dependencies: ["CSQLite"]),
    .target(name: "QuarryGen"),
    .executableTarget(name: "quarry", dependencies: ["QuarryGen"]),
    .executableTarget(
      name: "quarry-bench",
      // `quarry` is listed so `swift run -c release quarry-bench` also builds the release tool
      // whose whole-process time the generator suite measures; nothing of it is linked in.
      dependencies: ["Quarry", "QuarryGen", "CSQLite", "quarry"]
    ),
    .plugin(
      name: "QuarryBuildPlugin",
      capability: .buildTool(),
      dependencies: ["quarry"]
    ),
    .plugin(
      name: "QuarryCommandPlugin",
      capability: .command(
        intent: .custom(verb: "quarry", description: "Regenerate the checked-in Generated folder"),
        permissions: [
          .writeToPackageDirectory(reason: "Quarry writes generated persistence code")
        ]
      ),
      dependencies: ["quarry"]
    ),
    .target(name: "QuarryTestSupport", path: "Tests/QuarryTestSupport"),
    .testTarget(name: "QuarryTests", dependencies: ["Quarry", "CSQLite", "QuarryTestSupport"]),
    .testTarget(name: "QuarryGenTests", dependencies: ["QuarryGen", "QuarryTestSupport"]),
    .testTarget(
      name: "QuarryEndToEndTests",
      // The tests run the built `quarry`; it is built for QuarryBuildPluginTests' plugin.
      // (Depending on the executable here as well links its objects twice on Linux.)
      dependencies: ["Quarry", "QuarryGen", "QuarryTestSupport"],
      // Fixtures are inputs to the built `quarry` (some deliberately invalid) and Snapshots are
      // expected outputs: neither is compiled. Models/ and Generated/ are, so the generated
      // code is compiled and run by the tests.
      exclude: ["Fixtures", "Snapshots", "Generated/Schema.sql"]
    ),
    // Generates its persistence code at build time through the build tool plugin.
    .testTarget(
      name: "QuarryBuildPluginTests",
      dependencies: ["Quarry"],
      plugins: ["QuarryBuildPlugin"]
    ),
  ]
)
