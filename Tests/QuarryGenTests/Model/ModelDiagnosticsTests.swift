import QuarryGen
import QuarryTestSupport
import XCTest

/// One case per model diagnostic: a source, and the full rendered text it must produce.
final class ModelDiagnosticsTests: XCTestCase {
  func testNoPrimaryKey() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Note {
        var text: String
      }
      """,
      """
      Models/M.swift:2:8: error: struct 'Note' has no primary key; annotate a property with \
      'primaryKey' or add an 'id' property
      struct Note {
             ^

      """)
  }

  func testUnknownAnnotationKeysNameTheNearestKey() {
    assertModelDiagnostics(
      """
      // quarry: tabel = "notes"
      struct Note {
        // quarry: uniqe, colour = "x"
        var id: Int
        // quarry: table = "x"
        var text: String
      }
      """,
      """
      Models/M.swift:1:12: error: unknown annotation key 'tabel'; did you mean 'table'? \
      (a custom key for templates goes in '// sourcery: tabel')
      // quarry: tabel = "notes"
                 ^
      Models/M.swift:3:14: error: unknown annotation key 'uniqe'; did you mean 'unique'? \
      (a custom key for templates goes in '// sourcery: uniqe')
        // quarry: uniqe, colour = "x"
                   ^
      Models/M.swift:3:21: error: unknown annotation key 'colour'; did you mean 'column'? \
      (a custom key for templates goes in '// sourcery: colour')
        // quarry: uniqe, colour = "x"
                          ^
      Models/M.swift:5:14: error: annotation key 'table' applies to structs, not to properties
        // quarry: table = "x"
                   ^

      """)
  }

  func testUnknownKeyFarFromEveryKnownKeyListsThem() {
    assertModelDiagnostics(
      """
      // quarry: persistence
      struct Note {
        var id: Int
      }
      """,
      """
      Models/M.swift:1:12: error: unknown annotation key 'persistence'; known keys are \
      'persist', 'table', 'primaryKey', 'index', 'unique', 'renamedFrom', 'dropped', 'fullText', \
      'dateStorage' (a custom key for templates goes in '// sourcery: persistence')
      // quarry: persistence
                 ^

      """)
  }

  func testCustomKeysFarFromQuarrysKeysAreTemplateKeys() {
    // Not near any key of their level: passed to templates as `annotations`, not reported.
    assertModelDiagnostics(
      """
      // quarry: persist, realmName = "BirdObject"
      struct Note {
        // quarry: primaryKey, skipEquality, mockValue = "note.id"
        var id: Int
      }
      """,
      "")
    let scanned = SourceScanner().scan(
      SourceFile(
        path: "Models/M.swift",
        text: "// quarry: persist, realmName = \"BirdObject\"\nstruct Note {}"))
    XCTAssertEqual(
      TemplateContext.typeValue(scanned.structs[0])["annotations"],
      ["persist": true, "realmName": "BirdObject"])
  }

  func testUnsupportedTypes() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Shape {
        var id: Int
        var corner: (Int, Int)
        var action: () -> Void
        var drawable: any Drawable
        var name: String!
        var maybe: Int??
      }
      """,
      """
      Models/M.swift:4:7: error: property 'corner' has unsupported type '(Int, Int)'; store a \
      'Codable' struct annotated with 'json' instead
        var corner: (Int, Int)
            ^
      Models/M.swift:5:7: error: property 'action' has unsupported type '() -> Void'; functions \
      cannot be stored
        var action: () -> Void
            ^
      Models/M.swift:6:7: error: property 'drawable' has unsupported type 'any Drawable'; \
      existential types cannot be stored; use a concrete type
        var drawable: any Drawable
            ^
      Models/M.swift:7:7: error: property 'name' has unsupported type 'String!'; declare it as \
      'String?' instead
        var name: String!
            ^
      Models/M.swift:8:7: error: property 'maybe' has unsupported type 'Int??'; nested optionals \
      cannot be stored
        var maybe: Int??
            ^

      """)
  }

  func testEnumWithoutRawValueAndUntypedPropertyReportedOnlyByTheScanner() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Mood {
        var id: Int
        var feeling: Feeling
        var later
      }
      enum Feeling { case calm }
      """,
      """
      Models/M.swift:4:7: error: property 'feeling' has type 'Feeling', an enum without raw \
      values; give it a 'String' or integer raw type, or annotate the property with 'json'
        var feeling: Feeling
            ^

      """)
  }

  func testPersistedStructAsValueSuggestsReferencesOrJSON() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Nest {
        var id: Int
      }
      // quarry: persist
      struct Egg {
        var id: Int
        var nest: Nest
        // quarry: json
        var backup: Nest?
      }
      """,
      """
      Models/M.swift:8:7: error: property 'nest' has type 'Nest', which is a persisted struct; \
      store its key with 'references = Nest' or embed it with 'json'
        var nest: Nest
            ^
      Models/M.swift:10:7: error: property 'backup' is stored as JSON, but its type 'Nest' is \
      not 'Codable' in the scanned sources; declare 'Nest' 'Codable', or remove 'json' and write \
      'extension Nest: DatabaseValueConvertible'
        var backup: Nest?
            ^

      """)
  }

  func testDuplicateAndCollidingColumnNames() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Person {
        var id: Int
        var name: String
        // quarry: column = "name"
        var nickname: String
        var Id: Int
      }
      """,
      """
      Models/M.swift:6:7: error: column 'name' is declared twice
        var nickname: String
            ^
      Models/M.swift:4:7: note: first declared here
        var name: String
            ^
      Models/M.swift:7:7: error: column 'Id' collides with column 'id'; SQLite column names \
      ignore case
        var Id: Int
            ^
      Models/M.swift:3:7: note: first declared here
        var id: Int
            ^

      """)
  }

  func testAutoincrementNeedsAnOptionalInteger() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct A {
        // quarry: autoincrement
        var id: String?
      }
      // quarry: persist
      struct B {
        // quarry: autoincrement
        var id: Int64
      }
      // quarry: primaryKey = [id, part]
      struct C {
        // quarry: autoincrement
        var id: Int?
        var part: Int
      }
      """,
      """
      Models/M.swift:4:7: error: 'autoincrement' requires an optional integer, but 'id' is \
      'String?'
        var id: String?
            ^
      Models/M.swift:9:7: error: 'autoincrement' requires an optional integer so new rows can \
      leave it nil; declare 'id' as 'Int64?'
        var id: Int64
            ^
      Models/M.swift:14:7: error: 'autoincrement' on 'id' cannot be part of a composite primary \
      key
        var id: Int?
            ^

      """)
  }

  func testLetWithDefaultCanNeverBeReadBack() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Config {
        let id: Int
        let version = 2
      }
      """,
      """
      Models/M.swift:4:7: error: property 'version' is a 'let' with a default value, so it can \
      never be read back; make it 'var' or annotate it with 'ignore'
        let version = 2
            ^

      """)
  }

  func testReferenceToUnknownOrCompositeType() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Nest {
        var id: Int
      }
      // quarry: primaryKey = [a, b]
      struct Pair {
        var a: Int
        var b: Int
      }
      // quarry: persist
      struct Egg {
        var id: Int
        // quarry: references = Nst
        var nestID: Int
        // quarry: references = Pair
        var pairID: Int
        // quarry: references = Weather
        var weatherID: Int
        // quarry: references = Nest
        var otherNestID: String?
        // quarry: references = Nest
        var lastNestID: Int?
      }
      """,
      """
      Models/M.swift:13:14: error: unknown type 'Nst' in 'references'; did you mean 'Nest'?
        // quarry: references = Nst
                   ^
      Models/M.swift:15:14: error: 'references = Pair' needs a single-column primary key, but \
      'Pair' has a composite key
        // quarry: references = Pair
                   ^
      Models/M.swift:17:14: error: unknown type 'Weather' in 'references'; it must name a \
      persisted struct
        // quarry: references = Weather
                   ^
      Models/M.swift:19:14: error: 'otherNestID' of type 'String?' cannot reference 'Nest', whose \
      key is 'Int'; declare it as 'Int' (or 'Int?')
        // quarry: references = Nest
                   ^

      """)
  }

  func testPrimaryKeyListAndIndexListNameProperties() {
    assertModelDiagnostics(
      """
      // quarry: primaryKey = [birdId, day], index = [dya]
      struct Sighting {
        // quarry: primaryKey
        var birdID: Int
        var day: Int
        var note: String?
      }
      """,
      """
      Models/M.swift:1:12: error: unknown property 'birdId' in 'primaryKey'; did you mean \
      'birdID'?
      // quarry: primaryKey = [birdId, day], index = [dya]
                 ^
      Models/M.swift:1:40: error: unknown property 'dya' in 'index'; did you mean 'day'?
      // quarry: primaryKey = [birdId, day], index = [dya]
                                             ^
      Models/M.swift:4:7: error: struct 'Sighting' declares its primary key both in \
      'primaryKey = [...]' and on property 'birdID'
        var birdID: Int
            ^

      """)
  }

  func testOptionalPrimaryKeyAndIgnoredPropertyWithoutDefault() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Draft {
        var id: UUID?
        // quarry: ignore
        var cache: [String: Int]
        // quarry: ignore
        var scratch: Int?
      }
      """,
      """
      Models/M.swift:3:7: error: primary key 'id' has optional type 'UUID?'; only an \
      'autoincrement' key may be optional
        var id: UUID?
            ^
      Models/M.swift:5:7: error: ignored property 'cache' needs a default value so a 'Draft' can \
      be read from a row
        var cache: [String: Int]
            ^

      """)
  }

  func testNonInternalStructWithoutSendableIsAnErrorNamingTheFix() {
    assertModelDiagnostics(
      """
      // quarry: persist
      package struct Ring: Equatable, Hashable {
        var id: Int
      }
      // quarry: persist
      public struct Safe: @unchecked Sendable {
        var id: Int
      }
      // quarry: persist
      public struct Qualified: Swift.Sendable {
        var id: Int
      }
      public enum Recipe {}
      public extension Recipe {
        // quarry: persist
        struct Step: Codable {
          var id: Int
        }
      }
      """,
      """
      Models/M.swift:2:16: error: package struct 'Ring' must declare 'Sendable': 'TableRecord' \
      requires it, and Swift infers it only for internal types, so the generated conformance \
      in another file cannot compile; write 'package struct Ring: Equatable, Hashable, Sendable'
      package struct Ring: Equatable, Hashable {
                     ^
      Models/M.swift:16:10: error: public struct 'Recipe.Step' must declare 'Sendable': \
      'TableRecord' requires it, and Swift infers it only for internal types, so the generated \
      conformance in another file cannot compile; write 'struct Step: Codable, Sendable'
        struct Step: Codable {
               ^

      """)
  }

  func testAccessLazyAndSendable() {
    assertModelDiagnostics(
      """
      // quarry: persist
      public struct Secret {
        var id: Int
        private var hidden: String
        private(set) var counter: Int
        lazy var derived: Int
      }
      // quarry: persist
      private struct Hidden {
        var id: Int
      }
      """,
      """
      Models/M.swift:2:15: error: public struct 'Secret' must declare 'Sendable': 'TableRecord' \
      requires it, and Swift infers it only for internal types, so the generated conformance \
      in another file cannot compile; write 'public struct Secret: Sendable'
      public struct Secret {
                    ^
      Models/M.swift:4:15: error: property 'hidden' is private, so generated code cannot read \
      it; make it internal or annotate it with 'ignore'
        private var hidden: String
                    ^
      Models/M.swift:5:20: error: property 'counter' has a private setter, so generated code \
      cannot set it; widen the setter or annotate it with 'ignore'
        private(set) var counter: Int
                         ^
      Models/M.swift:6:12: error: lazy property 'derived' cannot be persisted; annotate it with \
      'ignore'
        lazy var derived: Int
                 ^
      Models/M.swift:9:16: error: struct 'Hidden' is private, so generated code cannot see it; \
      make it internal
      private struct Hidden {
                     ^

      """)
  }

  func testDuplicateTableAndInvalidValues() {
    assertModelDiagnostics(
      """
      // quarry: table = "birds"
      struct Bird {
        var id: Int
        // quarry: column = 3, default = [1], unique = "yes"
        var name: String
      }
      // quarry: table = "Birds"
      struct Robin {
        var id: Int
      }
      """,
      """
      Models/M.swift:4:14: error: annotation key 'column' expects a string, like column = \
      "nest_id"
        // quarry: column = 3, default = [1], unique = "yes"
                   ^
      Models/M.swift:4:26: error: 'default' of 'name' expects a number, a string, 'true', \
      'false' or 'NULL'
        // quarry: column = 3, default = [1], unique = "yes"
                               ^
      Models/M.swift:4:41: error: annotation key 'unique' expects no value, or 'true'/'false'
        // quarry: column = 3, default = [1], unique = "yes"
                                              ^
      Models/M.swift:8:8: error: table 'Birds' is already used by struct 'Bird'
      struct Robin {
             ^
      Models/M.swift:2:8: note: first used here
      struct Bird {
             ^

      """)
  }

  func testDefaultsMustBeConstantsTheColumnCanReadBack() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Member {
        var id: Int
        // quarry: default = CURRENT_TIMESTAMP
        var joinedOn: Date
        // quarry: default = NULL
        var visits: Int
        // quarry: default = 1.5
        var label: String
        // quarry: default = "none"
        var level: Int
        // quarry: default = 2.5
        var count: Int
        // quarry: default = NULL
        var phone: String?
        // quarry: default = 0, column = "stars"
        var rating: Double
        // quarry: default = .gold
        var tier: Tier
      }
      enum Tier: String { case gold, silver }
      """,
      """
      Models/M.swift:4:14: error: 'default' of 'joinedOn' cannot be 'CURRENT_TIMESTAMP': SQLite \
      cannot add a column with a non-constant default, and generated inserts always set every \
      column; use a constant or make the property optional
        // quarry: default = CURRENT_TIMESTAMP
                   ^
      Models/M.swift:6:14: error: 'default = NULL' on 'visits' of non-optional type 'Int' can \
      never be stored; make the property optional or choose another default
        // quarry: default = NULL
                   ^
      Models/M.swift:8:14: error: 'default' of 'label' is a number, which does not fit its type \
      'String' (TEXT column)
        // quarry: default = 1.5
                   ^
      Models/M.swift:10:14: error: 'default' of 'level' is a string, which does not fit its type \
      'Int' (INTEGER column)
        // quarry: default = "none"
                   ^
      Models/M.swift:12:14: error: 'default' of 'count' is a fractional number, which does not \
      fit its type 'Int' (INTEGER column)
        // quarry: default = 2.5
                   ^
      Models/M.swift:18:14: error: 'default' of 'tier' is the value SQLite stores, not a Swift \
      expression: write the raw value of '.gold', like default = "gold" for a String raw value
        // quarry: default = .gold
                   ^

      """)
  }

  func testPropertyWrappersNeedADefaultAndWrappedKeysComeAfterPlainProperties() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Member: Sendable {
        var id: Int
        @Clamped var stars: Int
        @Clamped var level: Int = 0
        var name: String
        @MainActor var title: String
        @Clamped var score: Int = 1
      }
      // quarry: primaryKey = [level, name]
      struct Rank: Sendable {
        @Clamped var level: Int = 0
        var name: String
      }
      """,
      """
      Models/M.swift:4:16: error: property 'stars' uses the property wrapper '@Clamped' without \
      a default value; generated code lives in another file and cannot initialize its private \
      storage '_stars': give it a default value or annotate it with 'ignore'
        @Clamped var stars: Int
                     ^
      Models/M.swift:12:16: error: property 'level' uses the property wrapper '@Clamped', so \
      generated initializers assign it through its setter, which Swift allows only once every \
      plain property is set; declare it after 'name' and the other plain properties
        @Clamped var level: Int = 0
                     ^

      """)
  }

  func testListsNameIgnoredPropertiesAndDoNotRepeatRejectedOnes() {
    assertModelDiagnostics(
      """
      // quarry: persist, index = [cache, callback]
      struct Feed: Sendable {
        var id: Int
        // quarry: ignore
        var cache: [Int] = []
        var callback: () -> Void
      }
      """,
      """
      Models/M.swift:1:21: error: property 'cache' in 'index' is annotated 'ignore', so it has no \
      column
      // quarry: persist, index = [cache, callback]
                          ^
      Models/M.swift:6:7: error: property 'callback' has unsupported type '() -> Void'; functions \
      cannot be stored
        var callback: () -> Void
            ^

      """)
  }

  func testPropertiesNamedLikeRecordMembersAreRejected() {
    assertModelDiagnostics(
      """
      extension Library {
        // quarry: persist
        struct Draft: Sendable {
          var id: Int
          var table: String
          var hasChanges: Bool
        }
      }
      """,
      """
      Models/M.swift:6:9: error: property 'hasChanges' has the name of a member \
      'LibraryDraftRecord' inherits from Quarry's 'Record', so the generated class cannot mirror \
      it; rename the property (annotate it with column = "hasChanges" to keep the column name)
          var hasChanges: Bool
              ^

      """)
  }

  func testTheSameColumnsIndexedTwiceAreRejected() {
    assertModelDiagnostics(
      """
      // quarry: persist, index = [name, age], unique = [name, age], index = [tag]
      struct Person {
        var id: Int
        var name: String
        var age: Int
        // quarry: index
        var tag: String
      }
      """,
      """
      Models/M.swift:1:42: error: index 'person_on_name_age' is declared twice over the same \
      columns; keep one (a unique index also serves lookups)
      // quarry: persist, index = [name, age], unique = [name, age], index = [tag]
                                               ^
      Models/M.swift:1:64: error: index 'person_on_tag' is declared twice over the same columns; \
      keep one (a unique index also serves lookups)
      // quarry: persist, index = [name, age], unique = [name, age], index = [tag]
                                                                     ^

      """)
  }

  func testARejectedKeyIsNotAlsoReportedAsMissing() {
    assertModelDiagnostics(
      """
      // quarry: persist
      public struct Account: Sendable {
        public private(set) var id: UUID
      }
      // quarry: persist
      struct Draft: Sendable {
        // quarry: ignore
        var id: Int = 0
      }
      """,
      """
      Models/M.swift:3:27: error: property 'id' has a private setter, so generated code cannot \
      set it; widen the setter or annotate it with 'ignore'
        public private(set) var id: UUID
                                ^
      Models/M.swift:6:8: error: struct 'Draft' has no primary key; annotate a property with \
      'primaryKey' or add an 'id' property
      struct Draft: Sendable {
             ^

      """)
  }
  func testTimestampsNeedADateProperty() {
    assertModelDiagnostics(
      """
      import Foundation
      // quarry: persist
      struct Note {
        var id: Int
        // quarry: createdAt
        var created: String
        // quarry: updatedAt
        var changed: Date?
      }
      """,
      """
      Models/M.swift:5:14: error: 'createdAt' requires a 'Date' or 'Date?' property, but \
      'created' is 'String'
        // quarry: createdAt
                   ^

      """)
  }

  func testAPropertyIsEitherCreatedAtOrUpdatedAt() {
    assertModelDiagnostics(
      """
      import Foundation
      // quarry: persist
      struct Note {
        var id: Int
        // quarry: createdAt, updatedAt
        var stamp: Date
      }
      """,
      """
      Models/M.swift:5:25: error: 'updatedAt' cannot apply to a property that is already \
      'createdAt'; a row's creation and update dates need a property each
        // quarry: createdAt, updatedAt
                              ^

      """)
  }
}
