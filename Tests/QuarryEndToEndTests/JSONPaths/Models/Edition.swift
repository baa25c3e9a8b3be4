import Foundation
import Quarry

/// Typed JSON paths (issue 21): `Edition.Columns.meta.pages` reaches into a `Codable` struct
/// stored as JSON, through renamed keys, a nested struct declared in another file, an optional
/// intermediate (`editor`) and an optional root (`extra`).
// quarry: table = "editions"
struct Edition: Equatable, Sendable {
  var id: Int64
  var title: String
  var meta: Meta
  var extra: Extra?

  struct Meta: Codable, Equatable, Sendable {
    var pages: Int
    var subtitle: String
    var rating: Double?
    var isSigned: Bool
    var released: Date
    var format: Format
    var author: Contributor
    var editor: Contributor?
    var tags: [String]
    /// Base64 text in JSON but a BLOB when bound: no path, a comparison could never match.
    var scan: Data?
    var shelfLabel: String
    /// Left out of `CodingKeys`: never encoded, so no path.
    var draftCount: Int = 0
    /// Computed and static properties are not stored: no path.
    var pagesTwice: Int { pages * 2 }
    static let schemaVersion = 1

    enum CodingKeys: String, CodingKey {
      case pages = "page_count"
      case subtitle, rating, isSigned, released, format, author, editor, tags, scan
      case shelfLabel = "shelf label"
    }
  }

  enum Format: String, Codable, Sendable, CaseIterable {
    case hardcover, paperback = "paper back", ebook
  }

  struct Extra: Codable, Equatable, Sendable {
    var weight: Double
    var note: String?
  }
}

/// Written here because this folder is generated with `Table.stencil` alone (as `FullText/`
/// is), which writes no enum conformances; a raw-value enum's paths compare its raw value.
extension Edition.Format: DatabaseValueConvertible {}
