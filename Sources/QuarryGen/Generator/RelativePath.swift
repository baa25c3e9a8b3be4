import Foundation

/// Paths as users see them: relative to a root directory, so generated headers and
/// diagnostics hold no absolute path and read the same on every machine.
///
/// ```swift
/// RelativePath.from("/work/app", to: "/work/app/Sources/Bird.swift")   // "Sources/Bird.swift"
/// RelativePath.from("/work/app/Generated", to: "/work/app/Models")      // "../Models"
/// ```
public enum RelativePath {
  /// An absolute, standardized path with symbolic links resolved (`/tmp` vs `/private/tmp`).
  public static func absolute(_ path: String, base: String) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
    return url.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `path` relative to `root`; both absolute. Uses `..` when `path` lies outside `root`.
  /// A root of `/` keeps `path` absolute (the build plugin's `--root /`).
  public static func from(_ root: String, to path: String) -> String {
    if root == "/" { return path }
    let rootParts = root.split(separator: "/")
    let pathParts = path.split(separator: "/")
    var common = 0
    while common < rootParts.count && common < pathParts.count
      && rootParts[common] == pathParts[common]
    {
      common += 1
    }
    let ups = Array(repeating: "..", count: rootParts.count - common)
    let rest = pathParts[common...].map(String.init)
    let joined = (ups + rest).joined(separator: "/")
    return joined.isEmpty ? "." : joined
  }
}
