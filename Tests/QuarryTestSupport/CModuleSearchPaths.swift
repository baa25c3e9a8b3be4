import Foundation

/// The compiler arguments that let a `swiftc` run by a test import the `Quarry` module built by
/// SwiftPM: Quarry imports the system-library modules `CSQLite` and `CPostgreSQL`, whose module
/// maps live in `Sources/`, and libpq's header lives outside the default search path on some
/// systems (`/usr/include/postgresql` on Debian, Homebrew's keg-only `libpq`).
///
/// ```swift
/// let arguments = ["-typecheck", "-I", modules.path]
///   + CModuleSearchPaths.arguments(packageRoot: root) + [file.path]
/// ```
public enum CModuleSearchPaths {
  /// Where libpq-fe.h may be, beyond the compiler's default folders.
  private static let libpqHeaderFolders = [
    "/usr/include/postgresql", "/opt/homebrew/opt/libpq/include", "/usr/local/opt/libpq/include",
    "/usr/local/include/postgresql",
  ]

  /// `-I` for both module maps, and `-Xcc -I` for the folder of libpq's header when it is not
  /// in a default one.
  public static func arguments(packageRoot: URL) -> [String] {
    var arguments = [
      "-I", packageRoot.appendingPathComponent("Sources/CSQLite").path,
      "-I", packageRoot.appendingPathComponent("Sources/CPostgreSQL").path,
    ]
    for folder in libpqHeaderFolders
    where FileManager.default.fileExists(atPath: folder + "/libpq-fe.h") {
      arguments += ["-Xcc", "-I" + folder]
    }
    return arguments
  }

  /// The libraries a program linking Quarry's objects needs.
  public static let linkerArguments = ["-lsqlite3", "-lpq"]
}
