/// PostgreSQL's JSON path over `jsonb`: `(("meta" #>> '{"author","name"}'))`, with the
/// extracted text cast to the type the path is read as (`::bigint`, `::double precision`,
/// `::boolean`, `::numeric`, `::uuid`), so it answers what SQLite's `json_extract` does: numbers
/// compare and order by value and equal the bound `bigint`/`double precision`, a Bool equals a
/// bound `boolean`, a `Date` is the seconds JSONEncoder wrote; a missing key and a JSON `null`
/// give NULL; text comes unquoted and an object or array as its JSON text.
///
/// ```swift
/// postgresJSONPath(["page_count"], .integer)
/// // ("((", #" #>> '{"page_count"}')::bigint)"#): (("meta" #>> '{"page_count"}')::bigint)
/// ```
///
/// Every key is written as a double-quoted element of the text array, so a key with a space,
/// comma, brace or quote names that key and nothing else.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/functions-json.html>
@Sendable func postgresJSONPath(_ keys: [String], _ kind: JSONValueKind) -> (
  prefix: String, suffix: String
) {
  var path = "{"
  for (offset, key) in keys.enumerated() {
    if offset > 0 { path += "," }
    // Array-literal quoting first (backslash and double quote escaped), then SQL's.
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    path += "\"" + escaped + "\""
  }
  path += "}"
  let literal = "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
  return ("((", " #>> " + literal + ")" + postgresCast(kind) + ")")
}

/// The cast from extracted text to the type a path of `kind` is bound and read as.
private func postgresCast(_ kind: JSONValueKind) -> String {
  switch kind {
  case .text, .json: return ""
  case .integer: return "::bigint"
  case .real: return "::double precision"
  case .boolean: return "::boolean"
  case .decimal: return "::numeric"
  case .uuid: return "::uuid"
  }
}
