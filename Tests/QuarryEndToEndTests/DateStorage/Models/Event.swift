import Foundation

/// Dates stored as ISO 8601 text (issue 21): `dateStorage = iso8601` on the struct applies to
/// every `Date` property, `dateStorage = real` keeps one REAL, and the owned `Session`'s dates
/// are text through its own annotation.
// quarry: table = "events", dateStorage = iso8601
struct Event: Sendable, Equatable {
  // quarry: primaryKey, autoincrement
  var id: Int64?
  // quarry: unique
  var name: String
  var startsAt: Date
  var endsAt: Date?
  // quarry: dateStorage = real
  var loggedAt: Date
  // quarry: createdAt
  var createdAt: Date = .distantPast
  // quarry: updatedAt
  var updatedAt: Date? = nil
  // quarry: owned
  var sessions: [Session] = []
}

// quarry: dateStorage = iso8601
struct Session: Sendable, Equatable {
  var title: String
  var at: Date
  // quarry: dateStorage = real
  var recordedAt: Date?
}
