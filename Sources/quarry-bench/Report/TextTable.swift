/// A plain-text table with a header row and aligned columns, for terminal output.
///
/// ```swift
/// var table = TextTable(columns: [.left("operation"), .right("median")])
/// table.append(["insert", "12.3 ms"])
/// print(table.render())
/// ```
struct TextTable {
  enum Column {
    case left(String)
    case right(String)

    var title: String {
      switch self {
      case .left(let title), .right(let title): title
      }
    }

    var isRightAligned: Bool {
      if case .right = self { return true }
      return false
    }
  }

  let columns: [Column]
  private var rows: [[String]] = []
  /// Indexes of rows after which a blank separator line is printed.
  private var breaks: Set<Int> = []

  init(columns: [Column]) {
    self.columns = columns
  }

  mutating func append(_ cells: [String]) {
    precondition(cells.count == columns.count, "a row needs one cell per column")
    rows.append(cells)
  }

  /// Starts a visual group: a blank line before the next row.
  mutating func appendBreak() {
    if !rows.isEmpty { breaks.insert(rows.count - 1) }
  }

  func render() -> String {
    var widths = columns.map { $0.title.count }
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        parts.append(columns[index].isRightAligned ? padding + cell : cell + padding)
      }
      var text = parts.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    var lines = [line(columns.map(\.title))]
    lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for (index, row) in rows.enumerated() {
      lines.append(line(row))
      if breaks.contains(index) && index != rows.count - 1 { lines.append("") }
    }
    return lines.joined(separator: "\n")
  }
}
