import Foundation

/// The process's resident memory and its high-water mark, from `/proc/self/status` (Linux).
///
/// ``reset()`` lowers the high-water mark to the current size (writing `5` to
/// `/proc/self/clear_refs`), so ``peakAboveReset()`` is what one operation added at its worst
/// moment, not what the whole run ever held.
///
/// ```swift
/// let start = PeakMemory.reset()
/// try walk()
/// let megabytes = PeakMemory.peakAboveReset(start)
/// ```
enum PeakMemory {
  /// Resets the high-water mark and returns the resident size in bytes (nil off Linux).
  static func reset() -> Int? {
    // A FileHandle write: /proc files take writes, not the replacement `createFile` makes.
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
    return field("VmRSS")
  }

  /// The high-water mark's growth over `start`, in megabytes (10^6 bytes); nil off Linux.
  static func peakAboveReset(_ start: Int?) -> Double? {
    guard let start, let peak = field("VmHWM") else { return nil }
    return Double(max(0, peak - start)) / 1e6
  }

  /// A `kB` field of `/proc/self/status`, in bytes.
  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let number = line.dropFirst(name.count + 1).split(separator: " ").first
      return number.flatMap { Int($0) }.map { $0 * 1024 }
    }
    return nil
  }
}
