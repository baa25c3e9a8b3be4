import Foundation

/// Human-readable numbers for the tables: times with a unit, rates with thousands separators.
enum NumberFormat {
  /// `0.000123` → `123 µs`, `0.0456` → `45.6 ms`, `2.5` → `2.50 s` (three significant digits).
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "-" }
    if seconds < 1e-3 { return significant(seconds * 1e6) + " µs" }
    if seconds < 1 { return significant(seconds * 1e3) + " ms" }
    return significant(seconds) + " s"
  }

  /// `1234567.8` → `1,234,568`.
  static func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    let digits = String(Int64(value.rounded()))
    var out = ""
    for (index, character) in digits.reversed().enumerated() {
      if index > 0 && index % 3 == 0 && character != "-" { out.append(",") }
      out.append(character)
    }
    return String(out.reversed())
  }

  /// `1.0834` → `1.08×`.
  static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return String(format: value < 10 ? "%.2f×" : "%.1f×", value)
  }

  /// The range of the runs relative to their median: `±4%` when runs lie within 8% of it.
  static func spread(_ samples: Samples) -> String {
    let median = samples.median
    guard samples.count > 1, median > 0, median.isFinite else { return "" }
    return String(format: "±%.0f%%", (samples.slowest - samples.fastest) / median * 50)
  }

  /// `123.456` → `123.5`.
  static func rate(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return String(format: "%.1f", value)
  }

  private static func significant(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }
}
