import Foundation

/// Expands the command line's sources into the Swift files to scan, in a stable order.
///
/// Folders are searched recursively for `.swift` files, skipping hidden folders, `.build`,
/// the output directory and files quarry generated itself; the result is sorted by path so
/// the same tree gives the same run on every machine.
struct SourceCollector {
  /// Absolute paths to leave out: the output directory, so generated code never feeds back.
  var excludedDirectories: [String]

  /// Absolute paths of the files to scan, and diagnostics for sources that do not exist.
  func collect(_ sources: [String], base: String) -> (files: [String], missing: [String]) {
    var files: Set<String> = []
    var missing: [String] = []
    for source in sources {
      let absolute = RelativePath.absolute(source, base: base)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
        missing.append(source)
        continue
      }
      if !isDirectory.boolValue {
        files.insert(absolute)
        continue
      }
      guard let enumerator = FileManager.default.enumerator(atPath: absolute) else { continue }
      while let relative = enumerator.nextObject() as? String {
        let full = absolute + "/" + relative
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        if name.hasPrefix(".") || isExcluded(full) {
          enumerator.skipDescendants()
          continue
        }
        if name.hasSuffix(".swift") { files.insert(full) }
      }
    }
    return (files.sorted(), missing)
  }

  private func isExcluded(_ path: String) -> Bool {
    excludedDirectories.contains { path == $0 || path.hasPrefix($0 + "/") }
  }
}
