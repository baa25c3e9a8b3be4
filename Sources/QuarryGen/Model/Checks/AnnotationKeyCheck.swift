/// Reads `// quarry:` annotations into options, reporting near misses of Quarry's keys (with
/// the nearest known key), keys used at the wrong level and values of the wrong kind.
///
/// Other keys are custom keys for templates (`// quarry: realmName = "BirdObject"` reaches a
/// template as `annotations.realmName`) and are not reported. A key is a near miss when it is
/// within `EditDistance.suggestionLimit` edits of a key of its level or starts with one
/// (`tabel`, `persistence`): the error then says to write it as `// sourcery:` if it was
/// meant for a template.
enum AnnotationKeyCheck {
  static let structKeys = [
    "persist", "table", "primaryKey", "index", "unique", "renamedFrom", "dropped", "fullText",
    "dateStorage",
  ]
  static let propertyKeys = [
    "primaryKey", "autoincrement", "column", "unique", "index", "ignore", "json", "references",
    "default", "owned", "onDelete", "onUpdate", "inverse", "createdAt", "updatedAt",
    "renamedFrom", "dateStorage",
  ]

  /// The actions `onDelete` and `onUpdate` accept, as the runtime's `ForeignKeyAction` cases.
  static let foreignKeyActions = ["cascade", "setNull", "restrict", "noAction"]

  /// A list of property names with where it was written.
  struct NameList: Sendable, Hashable {
    var names: [String]
    var location: SourceLocation
  }

  struct StructOptions {
    var table: String?
    var primaryKey: NameList?
    /// `index = [...]` and `unique = [...]` in the order written; `isUnique` tells which.
    var indexes: [(list: NameList, isUnique: Bool)] = []
    /// `renamedFrom = "books"`: the table's name in the previous schema.
    var renamedFrom: String?
    /// `dropped = ["legacyCode"]`: columns of the previous schema whose property is gone.
    var dropped: NameList?
    /// `fullText = [...]`: the columns of the table's FTS5 index.
    var fullText: NameList?
    /// `dateStorage = iso8601`: how the struct's `Date` properties are stored.
    var dateStorage: ColumnModel.DateStorage?
  }

  struct PropertyOptions {
    var isPrimaryKey = false
    var isAutoincrement = false
    var isUnique = false
    var isIndexed = false
    var isIgnored = false
    var isJSON = false
    var isOwned = false
    var onDelete: (action: String, location: SourceLocation)?
    var onUpdate: (action: String, location: SourceLocation)?
    var inverse: (name: String, location: SourceLocation)?
    var column: String?
    var references: (name: String, location: SourceLocation)?
    var defaultValue: (value: AnnotationValue, location: SourceLocation)?
    /// `renamedFrom = "isbn"`: the column's name in the previous schema.
    var renamedFrom: String?
    /// `createdAt` or `updatedAt`, the first one written.
    var timestamp: (key: ColumnModel.Timestamp, location: SourceLocation)?
    /// `dateStorage = iso8601` or `real`: how this `Date` property is stored.
    var dateStorage: (storage: ColumnModel.DateStorage, location: SourceLocation)?
  }

  static func structOptions(
    _ annotations: [Annotation], diagnostics: inout [Diagnostic]
  ) -> StructOptions {
    var options = StructOptions()
    for annotation in annotations {
      let location = annotation.location
      switch annotation.key {
      case "persist":
        if case .bool = annotation.value { continue }
        diagnostics.append(
          .error(.invalidAnnotationValue(key: "persist", expected: "no value"), at: location))
      case "table":
        if let name = name(annotation.value) {
          options.table = name
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(key: "table", expected: "a string, like table = \"birds\""),
              at: location))
        }
      case "renamedFrom":
        if case .string(let name) = annotation.value, !name.isEmpty {
          options.renamedFrom = name
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "renamedFrom", expected: "a string, like renamedFrom = \"books\""),
              at: location))
        }
      case "dropped":
        if let names = nameList(annotation.value) {
          // Several lines add up: a later run may add one for a newly removed property.
          options.dropped = NameList(
            names: (options.dropped?.names ?? []) + names, location: location)
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "dropped", expected: "a list of column names, like dropped = [\"legacyCode\"]"),
              at: location))
        }
      case "dateStorage":
        options.dateStorage = dateStorage(annotation, diagnostics: &diagnostics)
      case "primaryKey", "index", "unique", "fullText":
        guard let names = nameList(annotation.value) else {
          let example = "\(annotation.key) = [a, b]"
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: annotation.key, expected: "a list of property names, like \(example)"),
              at: location))
          continue
        }
        let list = NameList(names: names, location: location)
        if annotation.key == "primaryKey" {
          options.primaryKey = list
        } else if annotation.key == "fullText" {
          options.fullText = list
        } else {
          options.indexes.append((list, annotation.key == "unique"))
        }
      default:
        reportUnknown(
          annotation, level: structKeys, other: propertyKeys, isStruct: true,
          diagnostics: &diagnostics)
      }
    }
    return options
  }

  static func propertyOptions(
    _ annotations: [Annotation], diagnostics: inout [Diagnostic]
  ) -> PropertyOptions {
    var options = PropertyOptions()
    for annotation in annotations {
      let location = annotation.location
      func flag() -> Bool {
        if case .bool(let value) = annotation.value { return value }
        diagnostics.append(
          .error(
            .invalidAnnotationValue(key: annotation.key, expected: "no value, or 'true'/'false'"),
            at: location))
        return false
      }
      switch annotation.key {
      case "primaryKey": options.isPrimaryKey = flag()
      case "autoincrement": options.isAutoincrement = flag()
      case "unique": options.isUnique = flag()
      case "index": options.isIndexed = flag()
      case "ignore": options.isIgnored = flag()
      case "json": options.isJSON = flag()
      case "owned": options.isOwned = flag()
      case "onDelete", "onUpdate":
        guard let action = name(annotation.value), foreignKeyActions.contains(action) else {
          let list = foreignKeyActions.joined(separator: ", ")
          diagnostics.append(
            .error(
              .invalidAnnotationValue(key: annotation.key, expected: "one of \(list)"),
              at: location))
          continue
        }
        if annotation.key == "onDelete" {
          options.onDelete = (action, location)
        } else {
          options.onUpdate = (action, location)
        }
      case "inverse":
        if case .string(let name) = annotation.value, !name.isEmpty {
          options.inverse = (name, location)
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "inverse", expected: "a string, like inverse = \"works\""),
              at: location))
        }
      case "column":
        if case .string(let name) = annotation.value, !name.isEmpty {
          options.column = name
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "column", expected: "a string, like column = \"nest_id\""),
              at: location))
        }
      case "references":
        if let name = name(annotation.value) {
          options.references = (name, location)
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "references", expected: "a struct name, like references = Nest"),
              at: location))
        }
      case "createdAt", "updatedAt":
        guard flag(), let key = ColumnModel.Timestamp(rawValue: annotation.key) else { continue }
        if let first = options.timestamp, first.key != key {
          diagnostics.append(
            .error(.conflictingTimestamps(first: first.key.rawValue), at: location))
        } else if options.timestamp == nil {
          options.timestamp = (key, location)
        }
      case "dateStorage":
        if let storage = dateStorage(annotation, diagnostics: &diagnostics) {
          options.dateStorage = (storage, location)
        }
      case "default":
        options.defaultValue = (annotation.value, location)
      case "renamedFrom":
        if case .string(let name) = annotation.value, !name.isEmpty {
          options.renamedFrom = name
        } else {
          diagnostics.append(
            .error(
              .invalidAnnotationValue(
                key: "renamedFrom", expected: "a string, like renamedFrom = \"isbn\""),
              at: location))
        }
      default:
        reportUnknown(
          annotation, level: propertyKeys, other: structKeys, isStruct: false,
          diagnostics: &diagnostics)
      }
    }
    return options
  }

  /// The storage `dateStorage = …` names, or nil after reporting an unknown one.
  private static func dateStorage(
    _ annotation: Annotation, diagnostics: inout [Diagnostic]
  ) -> ColumnModel.DateStorage? {
    let known = ColumnModel.DateStorage.allCases.map(\.rawValue)
    guard let value = name(annotation.value) else {
      diagnostics.append(
        .error(
          .invalidAnnotationValue(
            key: "dateStorage", expected: "iso8601 or real, like dateStorage = iso8601"),
          at: annotation.location))
      return nil
    }
    if let storage = ColumnModel.DateStorage(rawValue: value) { return storage }
    diagnostics.append(
      .error(
        .unknownDateStorage(value, suggestion: EditDistance.suggestion(for: value, among: known)),
        at: annotation.location))
    return nil
  }

  private static func reportUnknown(
    _ annotation: Annotation, level: [String], other: [String], isStruct: Bool,
    diagnostics: inout [Diagnostic]
  ) {
    let message: ModelMessage
    if other.contains(annotation.key) {
      message =
        isStruct ? .propertyKeyOnStruct(annotation.key) : .structKeyOnProperty(annotation.key)
    } else {
      let suggestion = EditDistance.suggestion(for: annotation.key, among: level)
      let extendsKnownKey = level.contains { annotation.key.hasPrefix($0) }
      // A custom key for templates.
      guard suggestion != nil || extendsKnownKey else { return }
      message = .unknownAnnotationKey(annotation.key, suggestion: suggestion, known: level)
    }
    diagnostics.append(.error(message, at: annotation.location))
  }

  /// The name a value spells: a non-empty string, or an identifier without its backticks
  /// (`` `default` `` names the property the scanner knows as `default`).
  private static func name(_ value: AnnotationValue) -> String? {
    switch value {
    case .string(let text) where !text.isEmpty: text
    case .identifier(let text):
      String(decoding: text.utf8.filter { $0 != ASCII.backtick }, as: UTF8.self)
    default: nil
    }
  }

  /// The names of a list; in a list of names, `true` and `false` name properties (declared
  /// as `` `true` ``), since a list of property names holds no Booleans.
  private static func nameList(_ value: AnnotationValue) -> [String]? {
    guard case .list(let items) = value, !items.isEmpty else { return nil }
    var names: [String] = []
    for item in items {
      if case .bool(let flag) = item {
        names.append(flag ? "true" : "false")
        continue
      }
      guard let name = name(item) else { return nil }
      names.append(name)
    }
    return names
  }
}
