/// Reads the `Schema.sql` that quarry writes back into a `SchemaSnapshot`.
///
/// Users upgrading Quarry have only that file from their last release, so it is the one
/// record of the previous schema. The parser reads exactly the statements quarry writes
/// (`CREATE TABLE` with one column per line, `CREATE [UNIQUE] INDEX`), but tolerantly: any
/// spacing and case, quoted or bare names, `--` comments, and statements it does not know
/// (a hand-added `CREATE VIEW`) skipped.
///
/// ```swift
/// let snapshot = SchemaSQLParser.parse(#"CREATE TABLE "books" ("id" INTEGER NOT NULL PRIMARY KEY);"#)
/// print(snapshot.tables[0].columns[0].isPrimaryKey)   // true
/// ```
public enum SchemaSQLParser {
  public static func parse(_ text: String) -> SchemaSnapshot {
    let tokens = SQLToken.tokens(in: text)
    var snapshot = SchemaSnapshot()
    var start = 0
    while start < tokens.count {
      var end = start
      while end < tokens.count && tokens[end].text != ";" { end += 1 }
      let statement = Array(tokens[start..<end])
      start = end + 1
      guard statement.count > 2, statement[0].word == "CREATE" else { continue }
      if statement[1].word == "TABLE", let table = table(statement, text: text) {
        snapshot.append(table)
      } else if let (tableName, index) = index(statement),
        let position = snapshot.position(of: tableName)
      {
        snapshot.tables[position].indexes.append(index)
      }
    }
    return snapshot
  }

  /// `CREATE TABLE [IF NOT EXISTS] name ( item, … )`.
  private static func table(_ tokens: [SQLToken], text: String) -> SchemaTable? {
    var position = 2
    skipIfNotExists(tokens, &position)
    guard position < tokens.count, let name = tokens[position].name,
      position + 1 < tokens.count, tokens[position + 1].text == "("
    else { return nil }
    var table = SchemaTable(name: name, columns: [])
    for item in items(tokens, openingAt: position + 1) where !item.isEmpty {
      switch item[0].word {
      case "PRIMARY":
        table.compositeKey = nameList(item, from: 2)?.names ?? []
      case "FOREIGN":
        if let (columns, next) = nameList(item, from: 2),
          var foreignKey = foreignKey(item, from: next + 1)
        {
          foreignKey.columns = columns
          table.foreignKeys.append(foreignKey)
        }
      case "UNIQUE", "CHECK", "CONSTRAINT":
        continue
      default:
        if let column = column(item, text: text) { table.columns.append(column) }
      }
    }
    return table
  }

  /// One column: name, type, then constraints in any order.
  private static func column(_ item: [SQLToken], text: String) -> SchemaColumn? {
    guard let name = item[0].name else { return nil }
    var column = SchemaColumn(name: name, type: item.count > 1 ? item[1].word : "")
    var position = item.count > 1 && item[1].isWord ? 2 : 1
    let constraintWords: Set<String> = [
      "NOT", "NULL", "PRIMARY", "UNIQUE", "DEFAULT", "REFERENCES", "CHECK", "COLLATE",
      "CONSTRAINT",
    ]
    while position < item.count {
      switch item[position].word {
      case "NOT":
        column.isNotNull = true
        position += 2
      case "PRIMARY":
        column.isPrimaryKey = true
        position += 2
        if position < item.count, item[position].word == "AUTOINCREMENT" {
          column.isAutoincrement = true
          position += 1
        }
      case "UNIQUE":
        column.isUnique = true
        position += 1
      case "DEFAULT":
        position += 1
        let first = position
        var depth = 0
        while position < item.count {
          let token = item[position]
          if token.text == "(" { depth += 1 }
          if token.text == ")" { depth -= 1 }
          if depth == 0 && position > first && constraintWords.contains(token.word) { break }
          position += 1
        }
        if position > first {
          column.defaultSQL = String(
            decoding: Array(text.utf8)[item[first].start..<item[position - 1].end], as: UTF8.self)
        }
      case "REFERENCES":
        if var foreignKey = foreignKey(item, from: position) {
          foreignKey.columns = [name]
          column.references = foreignKey
        }
        position = item.count
      default:
        position += 1
      }
    }
    return column
  }

  /// `REFERENCES table (columns) [ON DELETE action] [ON UPDATE action]` at `start`.
  private static func foreignKey(_ item: [SQLToken], from start: Int) -> SchemaForeignKey? {
    guard start + 1 < item.count, item[start].word == "REFERENCES",
      let table = item[start + 1].name
    else { return nil }
    var foreignKey = SchemaForeignKey(columns: [], table: table, referencedColumns: [])
    var position = start + 2
    if let (columns, next) = nameList(item, from: position) {
      foreignKey.referencedColumns = columns
      position = next + 1
    }
    while position + 2 < item.count, item[position].word == "ON" {
      let event = item[position + 1].word
      var words = item[position + 2].word
      position += 3
      if (words == "SET" || words == "NO") && position < item.count {
        words += " " + item[position].word
        position += 1
      }
      let action = SchemaForeignKey.action(sql: words)
      if event == "DELETE" { foreignKey.onDelete = action } else { foreignKey.onUpdate = action }
    }
    return foreignKey
  }

  /// `CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (columns)`.
  private static func index(_ tokens: [SQLToken]) -> (String, SchemaIndex)? {
    var position = 1
    let isUnique = tokens[position].word == "UNIQUE"
    if isUnique { position += 1 }
    guard position < tokens.count, tokens[position].word == "INDEX" else { return nil }
    position += 1
    skipIfNotExists(tokens, &position)
    guard position + 2 < tokens.count, let name = tokens[position].name,
      tokens[position + 1].word == "ON", let table = tokens[position + 2].name,
      let (columns, _) = nameList(tokens, from: position + 3)
    else { return nil }
    return (table, SchemaIndex(name: name, columns: columns, isUnique: isUnique))
  }

  private static func skipIfNotExists(_ tokens: [SQLToken], _ position: inout Int) {
    if position + 2 < tokens.count, tokens[position].word == "IF",
      tokens[position + 1].word == "NOT", tokens[position + 2].word == "EXISTS"
    {
      position += 3
    }
  }

  /// `( a, b )` starting at `start`: the names and the position of `)`.
  private static func nameList(_ tokens: [SQLToken], from start: Int) -> (
    names: [String], end: Int
  )? {
    guard start < tokens.count, tokens[start].text == "(" else { return nil }
    var names: [String] = []
    var position = start + 1
    while position < tokens.count, tokens[position].text != ")" {
      if let name = tokens[position].name { names.append(name) }
      position += 1
    }
    return position < tokens.count ? (names, position) : nil
  }

  /// The comma-separated items between the `(` at `open` and its `)`.
  private static func items(_ tokens: [SQLToken], openingAt open: Int) -> [[SQLToken]] {
    var items: [[SQLToken]] = [[]]
    var depth = 0
    for token in tokens[(open + 1)...] {
      if token.text == "(" { depth += 1 }
      if token.text == ")" {
        if depth == 0 { break }
        depth -= 1
      }
      if token.text == "," && depth == 0 {
        items.append([])
      } else {
        items[items.count - 1].append(token)
      }
    }
    return items
  }
}
