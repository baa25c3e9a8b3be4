import Foundation

/// Renders results as one JSON array, one object per figure, for tracking figures over time.
///
/// ```json
/// [{"suite":"runtime","operation":"insert","implementation":"generated","storage":"file",
///   "rows":100000,"median_s":0.12,"rows_per_s":833333.3,"ratio_to_raw":1.08}]
/// ```
/// `ratio_to_raw` appears on the generated and naive rows, `mb_per_s` where it applies.
enum JSONReport {
  static func render(_ results: [BenchResult]) -> String {
    var lines: [String] = []
    for result in results {
      var fields: [(String, String)] = [
        ("suite", string(result.suite)),
        ("operation", string(result.operation)),
      ]
      if let implementation = result.implementation {
        fields.append(("implementation", string(implementation)))
      }
      fields.append(("storage", result.storage.map(string) ?? "null"))
      fields.append(("rows", String(result.rows)))
      fields.append(("runs", String(result.samples.count)))
      fields.append(("median_s", number(result.medianSeconds)))
      // The spread shows how far a loaded machine moved the runs.
      fields.append(("min_s", number(result.samples.fastest)))
      fields.append(("max_s", number(result.samples.slowest)))
      if result.suite == "runtime" || result.operation == "write throughput" {
        fields.append(("rows_per_s", number(result.rowsPerSecond)))
      }
      if let ratio = result.ratioToRaw {
        fields.append(("ratio_to_raw", number(ratio)))
      }
      if let p99 = result.p99Seconds {
        fields.append(("p99_s", number(p99)))
      }
      if let ratio = result.ratioToBaseline {
        fields.append(("ratio_to_none", number(ratio)))
      }
      if let megabytes = result.megabytesPerSecond {
        fields.append(("mb_per_s", number(megabytes)))
      }
      if let megabytes = result.peakMegabytes {
        fields.append(("peak_mb", number(megabytes)))
      }
      let body = fields.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",")
      lines.append("  {\(body)}")
    }
    return lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
  }

  /// A JSON number; NaN and infinities (a failed or empty measurement) become null.
  private static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    // Six significant digits are plenty for timings and keep the output stable to read.
    let rounded = Double(String(format: "%.6g", value)) ?? value
    return rounded == rounded.rounded() && abs(rounded) < 1e15
      ? String(Int64(rounded)) : String(rounded)
  }

  private static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count)
          + String(c.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
