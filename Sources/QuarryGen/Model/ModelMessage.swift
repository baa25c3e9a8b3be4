/// Every message the model stage reports, worded in one place.
///
/// Messages follow the compiler's style: lowercase start, no final period, user identifiers in
/// single quotes, and "did you mean 'x'?" when a near name exists.
enum ModelMessage: Sendable, Hashable {
  case unknownAnnotationKey(String, suggestion: String?, known: [String])
  case structKeyOnProperty(String)
  case propertyKeyOnStruct(String)
  case invalidAnnotationValue(key: String, expected: String)
  case noPrimaryKey(structName: String)
  case computedPrimaryKey(structName: String)
  case partlyCodable(property: String, type: String, has: String, lacks: String, isJSON: Bool)
  case notCodableJSON(property: String, type: String)
  case tooManyColumns(structName: String, count: Int)
  case primaryKeyDeclaredTwice(structName: String, property: String)
  case optionalPrimaryKey(property: String, type: String)
  case autoincrementNotInteger(property: String, type: String)
  case autoincrementNotOptional(property: String, type: String)
  case autoincrementInCompositeKey(property: String)
  case unsupportedType(property: String, type: String, reason: String)
  case persistedStructType(property: String, type: String)
  case enumWithoutRawValue(property: String, type: String)
  case unconvertibleType(property: String, type: String, isCodable: Bool)
  case duplicateColumn(String)
  case duplicateIndex(String)
  case collidingColumn(String, other: String)
  case duplicateTable(String, otherStruct: String)
  case persistedStructDeclaredTwice(String, otherPath: String)
  case letWithDefault(property: String)
  case unknownReference(String, suggestion: String?)
  case referenceToCompositeKey(String)
  case referenceTypeMismatch(property: String, type: String, target: String, keyType: String)
  case unknownProperty(String, key: String, suggestion: String?)
  case ignoredPropertyInList(String, key: String)
  case ignoredPropertyWithoutDefault(property: String, structName: String)
  case inaccessibleProperty(property: String, access: AccessLevel)
  case inaccessibleSetter(property: String, access: AccessLevel)
  case inaccessibleStruct(structName: String, access: AccessLevel)
  case unreachableNestedStruct(structName: String, access: AccessLevel)
  case inaccessibleEnum(enumName: String, access: AccessLevel)
  case genericStruct(structName: String)
  case shadowedJSONPath(property: String, structName: String, owner: String)
  case conditionalStruct(structName: String, condition: String)
  case conditionalProperty(property: String, condition: String)
  case lazyProperty(property: String)
  case recordMemberName(property: String, recordName: String)
  case invalidDefault(property: String)
  case nonConstantDefault(property: String, value: String)
  case enumCaseDefault(property: String, value: String)
  case nullDefaultOnNonOptional(property: String, type: String)
  case defaultTypeMismatch(property: String, value: String, type: String, sqlType: String)
  case wrappedPropertyWithoutDefault(property: String, wrapper: String)
  case wrappedPropertyBeforePlainOne(property: String, wrapper: String, next: String)
  case notSendable(
    structName: String, localName: String, access: AccessLevel, declaredAccess: AccessLevel?,
    inherited: [String])
  case uncheckableSendable(
    structName: String, localName: String, reason: String, inherited: [String])
  case associationNameClash(name: String, structName: String, fix: String?)
  case inverseNameTaken(name: String, structName: String, fix: String)
  case referenceWithoutAssociation(
    property: String, type: String, target: String, keyType: String, fix: String)
  case setNullOnNonOptional(key: String, property: String, type: String)
  case actionWithoutReference(key: String)
  case conflictingTimestamps(first: String)
  case timestampNotDate(key: String, property: String, type: String)
  case unknownDateStorage(String, suggestion: String?)
  case dateStorageNotDate(property: String, type: String)
  case dateStorageOnJSON(property: String)
  case ownedNotStruct(property: String, type: String)
  case ownedPersistedStruct(property: String, type: String)
  case ownedLet(property: String)
  case ownedWithoutDefault(property: String, type: String)
  case ownedCycle(property: String, cycle: [String])
  case ownedChildKey(property: String, key: String)
  case ownedChildStructKey(structName: String, key: String)
  case ownedKeyColumnClash(column: String, table: String)
  case reservedTableName(String)
  case generatedTypeName(property: String, structName: String)
  case nulInName(kind: String, String)
  case nulInDefault(property: String)
  case integerDefaultOutOfRange(property: String, value: String, type: String, range: String)
  case enumRawTypeDiffers(enumName: String, rawType: String, otherType: String)
  case columnWithoutProperty(columns: [String], table: String, line: String)
  case droppedNameNotInTable(String, table: String)
  case nullsWithoutDefault(property: String, column: String, table: String)
  case newRequiredColumnInRebuild(property: String, column: String, table: String)
  case bidiControl(subject: String, scalar: String)
  // Notes.
  case firstDeclaredHere
  case otherTableHere

  var text: String {
    switch self {
    case .unknownAnnotationKey(let key, let suggestion?, _):
      return "unknown annotation key '\(key)'; did you mean '\(suggestion)'? "
        + "(a custom key for templates goes in '// sourcery: \(key)')"
    case .unknownAnnotationKey(let key, nil, let known):
      let list = known.map { "'\($0)'" }.joined(separator: ", ")
      return "unknown annotation key '\(key)'; known keys are \(list) "
        + "(a custom key for templates goes in '// sourcery: \(key)')"
    case .structKeyOnProperty(let key):
      return "annotation key '\(key)' applies to structs, not to properties"
    case .propertyKeyOnStruct(let key):
      return "annotation key '\(key)' applies to properties, not to structs"
    case .invalidAnnotationValue(let key, let expected):
      return "annotation key '\(key)' expects \(expected)"
    case .computedPrimaryKey(let name):
      return "struct '\(name)' has no primary key: its 'id' is a computed property, and a "
        + "computed property cannot be the key (it is not stored); make 'id' a stored 'var', "
        + "or annotate a stored property with 'primaryKey'"
    case .partlyCodable(let property, let type, let has, let lacks, true):
      return "property '\(property)' is stored as JSON, but its type '\(type)' is '\(has)' and "
        + "not '\(lacks)', and JSON storage needs both; declare '\(type)' 'Codable'"
    case .partlyCodable(let property, let type, let has, let lacks, false):
      return "property '\(property)' has type '\(type)', which is '\(has)' but not '\(lacks)', "
        + "so it can be stored neither as JSON text (that needs 'Codable') nor as a value; "
        + "declare '\(type)' 'Codable', or write 'extension \(type): DatabaseValueConvertible' "
        + "in a scanned file"
    case .notCodableJSON(let property, let type):
      return "property '\(property)' is stored as JSON, but its type '\(type)' is not "
        + "'Codable' in the scanned sources; declare '\(type)' 'Codable', or remove 'json' and "
        + "write 'extension \(type): DatabaseValueConvertible'"
    case .tooManyColumns(let name, let count):
      return "struct '\(name)' has \(count) columns, more than SQLite's limit of 2000 "
        + "(SQLITE_MAX_COLUMN), so its table could not be created; move some properties into "
        + "an 'owned' child or a 'json' property"
    case .noPrimaryKey(let name):
      return "struct '\(name)' has no primary key; annotate a property with 'primaryKey' or add "
        + "an 'id' property"
    case .primaryKeyDeclaredTwice(let name, let property):
      return "struct '\(name)' declares its primary key both in 'primaryKey = [...]' and on "
        + "property '\(property)'"
    case .optionalPrimaryKey(let property, let type):
      return "primary key '\(property)' has optional type '\(type)'; only an 'autoincrement' "
        + "key may be optional"
    case .autoincrementNotInteger(let property, let type):
      return "'autoincrement' requires an optional integer, but '\(property)' is '\(type)'"
    case .autoincrementNotOptional(let property, let type):
      return "'autoincrement' requires an optional integer so new rows can leave it nil; "
        + "declare '\(property)' as '\(type)?'"
    case .autoincrementInCompositeKey(let property):
      return "'autoincrement' on '\(property)' cannot be part of a composite primary key"
    case .unsupportedType(let property, let type, let reason):
      return "property '\(property)' has unsupported type '\(type)'; \(reason)"
    case .persistedStructType(let property, let type):
      return "property '\(property)' has type '\(type)', which is a persisted struct; store its "
        + "key with 'references = \(type)' or embed it with 'json'"
    case .enumWithoutRawValue(let property, let type):
      return "property '\(property)' has type '\(type)', an enum without raw values; give it a "
        + "'String' or integer raw type, or annotate the property with 'json'"
    case .unconvertibleType(let property, let type, true):
      return "property '\(property)' has type '\(type)', which does not conform to "
        + "'DatabaseValueConvertible' in the scanned sources, so the generated code cannot "
        + "store it; annotate the property with 'json' to store this 'Codable' value as JSON text"
    case .unconvertibleType(let property, let type, false):
      // `type` is qualified (`InstanceSocial.Info`), so the extension it suggests compiles.
      let base = type.split(separator: "<").first.map(String.init) ?? type
      return "property '\(property)' has type '\(type)', which does not conform to "
        + "'DatabaseValueConvertible' in the scanned sources, so the generated code cannot "
        + "store it; write 'extension \(base): DatabaseValueConvertible' in a scanned file (or "
        + "annotate the property with 'json' if '\(base)' is 'Codable')"
    case .duplicateIndex(let name):
      return "index '\(name)' is declared twice over the same columns; keep one (a unique "
        + "index also serves lookups)"
    case .duplicateColumn(let name):
      return "column '\(name)' is declared twice"
    case .collidingColumn(let name, let other):
      return "column '\(name)' collides with column '\(other)'; SQLite column names ignore case"
    case .persistedStructDeclaredTwice(let name, let other):
      return "persisted struct '\(name)' is also declared in '\(other)'; two persisted structs "
        + "cannot share a name (they would share one table and one generated file): rename one, "
        + "or scan the folders in separate runs into separate '--output' folders"
    case .duplicateTable(let name, let other):
      return "table '\(name)' is already used by struct '\(other)'"
    case .letWithDefault(let property):
      return "property '\(property)' is a 'let' with a default value, so it can never be read "
        + "back; make it 'var' or annotate it with 'ignore'"
    case .unknownReference(let type, let suggestion?):
      return "unknown type '\(type)' in 'references'; did you mean '\(suggestion)'?"
    case .unknownReference(let type, nil):
      return "unknown type '\(type)' in 'references'; it must name a persisted struct"
    case .referenceTypeMismatch(let property, let type, let target, let keyType):
      return "'\(property)' of type '\(type)' cannot reference '\(target)', whose key is "
        + "'\(keyType)'; declare it as '\(keyType)' (or '\(keyType)?')"
    case .referenceToCompositeKey(let type):
      return "'references = \(type)' needs a single-column primary key, but '\(type)' has a "
        + "composite key"
    case .unknownProperty(let name, let key, let suggestion?):
      return "unknown property '\(name)' in '\(key)'; did you mean '\(suggestion)'?"
    case .unknownProperty(let name, let key, nil):
      return "unknown property '\(name)' in '\(key)'"
    case .ignoredPropertyInList(let name, let key):
      return "property '\(name)' in '\(key)' is annotated 'ignore', so it has no column"
    case .ignoredPropertyWithoutDefault(let property, let name):
      return "ignored property '\(property)' needs a default value so a '\(name)' can be read "
        + "from a row"
    case .inaccessibleProperty(let property, let access):
      return "property '\(property)' is \(access.rawValue), so generated code cannot read it; "
        + "make it internal or annotate it with 'ignore'"
    case .inaccessibleSetter(let property, let access):
      return "property '\(property)' has a \(access.rawValue) setter, so generated code cannot "
        + "set it; widen the setter or annotate it with 'ignore'"
    case .inaccessibleStruct(let name, let access):
      return "struct '\(name)' is \(access.rawValue), so generated code cannot see it; make it "
        + "internal"
    case .unreachableNestedStruct(let name, let access):
      return "struct '\(name)' is \(access.rawValue) because of the declaration it is nested in, "
        + "so generated code in another file cannot see it; make the enclosing declarations "
        + "internal"
    case .inaccessibleEnum(let name, let access):
      return "enum '\(name)' is \(access.rawValue), so generated code in another file cannot "
        + "see it; make it internal"
    case .shadowedJSONPath(let property, let structName, let owner):
      return "the JSON path '\(property)' of '\(structName)' has the name of a member of every "
        + "\(owner), which takes precedence; reach the path with '[dynamicMember: \\.\(property)]' "
        + "or rename the property (keeping its key in 'CodingKeys')"
    case .genericStruct(let name):
      return "generic struct '\(name)' cannot be persisted"
    case .conditionalStruct(let name, let condition):
      return "persisted struct '\(name)' is declared inside '#if \(condition)'; generated code "
        + "cannot follow the condition"
    case .conditionalProperty(let property, let condition):
      return "property '\(property)' is declared inside '#if \(condition)'; annotate it with "
        + "'ignore' or move it out of the condition"
    case .recordMemberName(let property, let recordName):
      return "property '\(property)' has the name of a member '\(recordName)' inherits from "
        + "Quarry's 'Record', so the generated class cannot mirror it; rename the property "
        + "(annotate it with column = \"\(property)\" to keep the column name)"
    case .lazyProperty(let property):
      return "lazy property '\(property)' cannot be persisted; annotate it with 'ignore'"
    case .invalidDefault(let property):
      return "'default' of '\(property)' expects a number, a string, 'true', 'false' or 'NULL'"
    case .enumCaseDefault(let property, let value):
      return "'default' of '\(property)' is the value SQLite stores, not a Swift expression: "
        + "write the raw value of '\(value)', like default = \"\(value.dropFirst())\" for a "
        + "String raw value"
    case .nonConstantDefault(let property, let value):
      return "'default' of '\(property)' cannot be '\(value)': SQLite cannot add a column "
        + "with a non-constant default, and generated inserts always set every column; use a "
        + "constant or make the property optional"
    case .nullDefaultOnNonOptional(let property, let type):
      return "'default = NULL' on '\(property)' of non-optional type '\(type)' can never be "
        + "stored; make the property optional or choose another default"
    case .defaultTypeMismatch(let property, let value, let type, let sqlType):
      return "'default' of '\(property)' is \(value), which does not fit its type '\(type)' "
        + "(\(sqlType) column)"
    case .wrappedPropertyWithoutDefault(let property, let wrapper):
      return "property '\(property)' uses the property wrapper '@\(wrapper)' without a default "
        + "value; generated code lives in another file and cannot initialize its private "
        + "storage '_\(property)': give it a default value or annotate it with 'ignore'"
    case .wrappedPropertyBeforePlainOne(let property, let wrapper, let next):
      return "property '\(property)' uses the property wrapper '@\(wrapper)', so generated "
        + "initializers assign it through its setter, which Swift allows only once every "
        + "plain property is set; declare it after '\(next)' and the other plain properties"
    case .notSendable(let name, let localName, let access, let declared, let inherited):
      let list = (inherited + ["Sendable"]).joined(separator: ", ")
      // The declaration as written: a struct in a `public extension` has no modifier.
      let modifier = declared.map { $0.rawValue + " " } ?? ""
      return "\(access.rawValue) struct '\(name)' must declare 'Sendable': 'TableRecord' "
        + "requires it, and Swift infers it only for internal types, so the generated "
        + "conformance in another file cannot compile; write '\(modifier)struct "
        + "\(localName): \(list)'"
    case .uncheckableSendable(let name, let localName, let reason, let inherited):
      let list = (inherited + ["Sendable"]).joined(separator: ", ")
      return "struct '\(name)' must declare 'Sendable': 'TableRecord' requires it, and the "
        + "generated conformance in another file can check it only through each stored "
        + "property's type, but \(reason); write 'struct \(localName): \(list)'"
    case .associationNameClash(let name, let structName, let fix):
      return "association '\(name)' clashes with a member of '\(structName)'"
        + (fix.map { "; \($0)" } ?? "; rename that member")
    case .referenceWithoutAssociation(let property, let type, let target, let keyType, let fix):
      return "'\(property)' of type '\(type)' references '\(target)', whose key is '\(keyType)': "
        + "the foreign key is made, but no association is generated; declare it as '\(fix)' "
        + "to get one"
    case .inverseNameTaken(let name, let structName, let fix):
      return "'\(structName).\(name)' already follows an earlier reference to '\(structName)', "
        + "so this reference gets no inverse association; \(fix)"
    case .setNullOnNonOptional(let key, let property, let type):
      return "'\(key) = setNull' needs an optional column, but '\(property)' is '\(type)'; declare "
        + "it as '\(type)?' or choose another action"
    case .actionWithoutReference(let key):
      return "'\(key)' applies only with 'references = …' on the same property"
    case .conflictingTimestamps(let first):
      let other = first == "createdAt" ? "updatedAt" : "createdAt"
      return "'\(other)' cannot apply to a property that is already '\(first)'; "
        + "a row's creation and update dates need a property each"
    case .timestampNotDate(let key, let property, let type):
      return "'\(key)' requires a 'Date' or 'Date?' property, but '\(property)' is '\(type)'"
    case .unknownDateStorage(let value, let suggestion):
      return "unknown dateStorage '\(value)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (dateStorage is iso8601 or real)"
    case .dateStorageOnJSON(let property):
      return "'dateStorage' does not apply to '\(property)', which is stored as JSON ('json'); "
        + "remove one of the two"
    case .dateStorageNotDate(let property, let type):
      return "'dateStorage' applies to a 'Date' or 'Date?' property, but '\(property)' is "
        + "'\(type)'"
    case .generatedTypeName(let property, let name):
      return "property '\(property)' has a name the generated code needs for itself "
        + "('\(name).\(property)'), so Swift cannot tell them apart; rename the property "
        + "(annotate it with column = \"\(property)\" to keep the column name)"
    case .ownedNotStruct(let property, let type):
      return "owned property '\(property)' has type '\(type)'; 'owned' needs a struct found in "
        + "the sources, as '[Child]', 'Child?' or 'Child'"
    case .ownedPersistedStruct(let property, let type):
      return "owned property '\(property)' holds '\(type)', which is persisted with its own key; "
        + "store its key with 'references = \(type)', or drop 'persist' from '\(type)'"
    case .ownedLet(let property):
      return "owned property '\(property)' is a 'let'; declare it with 'var', as loading assigns "
        + "the children after the row is read"
    case .ownedWithoutDefault(let property, let type):
      return "owned property '\(property)' of type '\(type)' needs a default value, used until "
        + "its row is loaded; or declare it as '\(type)?'"
    case .ownedCycle(let property, let cycle):
      return "owned property '\(property)' makes a cycle of owned types ("
        + cycle.joined(separator: " -> ")
        + "); a child cannot own its ancestors: store a key with 'references' instead"
    case .ownedChildKey(let property, let key):
      return "property '\(property)' of an owned child cannot use '\(key)': child rows are "
        + "keyed by their owner"
    case .ownedChildStructKey(let name, let key):
      return "owned child struct '\(name)' cannot use '\(key)'; only 'table', 'renamedFrom' "
        + "and 'dropped' apply to it"
    case .ownedKeyColumnClash(let column, let table):
      return "column '\(column)' clashes with a key column of the child table '\(table)'; "
        + "rename it with column = \"…\""
    case .reservedTableName(let name):
      return "table name '\(name)' is reserved by SQLite (names starting with 'sqlite_' are "
        + "its own, in any case); choose another with table = \"…\""
    case .nulInName(let kind, let name):
      return "\(kind) name '\(name)' holds a NUL character, which SQLite names cannot contain"
    case .bidiControl(let subject, let scalar):
      return "\(subject) holds the bidirectional control "
        + "\(scalar), which reorders how Schema.sql and the generated code read in an editor "
        + "or a review; remove it"
    case .nulInDefault(let property):
      return "'default' of '\(property)' holds a NUL character, which SQLite text cannot contain"
    case .integerDefaultOutOfRange(let property, let value, let type, let range):
      // Beyond 64 bits SQLite reads the literal as a REAL; within, the type refuses it.
      let consequence =
        Int64(value) == nil ? "SQLite would store it as a REAL and" : "it is outside the type, so"
      return "default '\(value)' of '\(property)' does not fit its type '\(type)' (\(range)); "
        + "\(consequence) every row would fail to read back"
    case .enumRawTypeDiffers(let name, let rawType, let otherType):
      return "enum '\(name)' has raw type '\(rawType)' here but '\(otherType)' where it is first "
        + "declared; a column stores one type, and rows written by one build could not be read "
        + "by the other: give every '#if' branch the same raw type"
    case .columnWithoutProperty(let columns, let table, let line):
      let names = columns.map { "'\($0)'" }.joined(separator: ", ")
      let (noun, verb, their) =
        columns.count == 1 ? ("column", "has", "its") : ("columns", "have", "their")
      return "\(noun) \(names) of table '\(table)' in the previous Schema.sql \(verb) no "
        + "property any more, so migrating would delete \(their) values; if that is intended, "
        + "write '\(line)' above the struct (or, for a renamed property, annotate it with "
        + "renamedFrom = \"\(columns[0])\")"
    case .droppedNameNotInTable(let name, let table):
      return "'dropped' names '\(name)', which table '\(table)' in the previous Schema.sql does "
        + "not have; name a column by its name there"
    case .nullsWithoutDefault(let property, let column, let table):
      return "column '\(column)' of table '\(table)' becomes NOT NULL, but existing rows may hold "
        + "NULL in it; give '\(property)' a default (default = … or a literal Swift default) "
        + "to fill them, or keep it optional"
    case .newRequiredColumnInRebuild(let property, let column, let table):
      return "new column '\(column)' of table '\(table)' is NOT NULL without a default, so "
        + "existing rows have no value for it; give '\(property)' a default (default = … or a "
        + "literal Swift default), or make it optional"
    case .firstDeclaredHere:
      return "first declared here"
    case .otherTableHere:
      return "first used here"
    }
  }
}

extension Diagnostic {
  static func error(_ message: ModelMessage, at location: SourceLocation, notes: [Note] = [])
    -> Diagnostic
  {
    .error(message.text, at: location, notes: notes)
  }

  static func warning(_ message: ModelMessage, at location: SourceLocation) -> Diagnostic {
    .warning(message.text, at: location)
  }
}
