import Foundation

// Excluded from the build in Package.swift: quarry must generate nothing for it.
// quarry: persist
struct Sketch: Sendable {
  var id: UUID
