import Foundation

/// The functions and collations added to a database, installed on each of its connections:
/// the writer when they are added, each reader before its next `read` closure, and readers
/// opened later when they first serve one.
///
/// Readers learn of additions lazily because a reader may be busy in another thread's closure
/// when the function is added: its connection is only ever touched by the thread using it.
final class ConnectionCustomizations: @unchecked Sendable {
  /// A function or a collation, in the order they were added.
  enum Item {
    case function(DatabaseFunction)
    case collation(DatabaseCollation)

    func install(on connection: Connection) throws {
      switch self {
      case .function(let function): try function.install(on: connection.handle)
      case .collation(let collation): try collation.install(on: connection.handle)
      }
    }
  }

  private let lock = NSLock()
  private var items: [Item] = []

  /// Installs `item` on `writer` (which validates it) and keeps it for the other connections.
  ///
  /// The caller holds the writer's lock.
  func add(_ item: Item, installingOn writer: Connection) throws {
    lock.lock()
    defer { lock.unlock() }
    try installMissing(on: writer)
    try item.install(on: writer)
    items.append(item)
    writer.installedCustomizationCount = items.count
  }

  /// Installs on `connection` what was added since it was last brought up to date.
  func install(on connection: Connection) throws {
    lock.lock()
    defer { lock.unlock() }
    try installMissing(on: connection)
  }

  /// The work of ``install(on:)``; the caller holds `lock`.
  private func installMissing(on connection: Connection) throws {
    while connection.installedCustomizationCount < items.count {
      try items[connection.installedCustomizationCount].install(on: connection)
      connection.installedCustomizationCount += 1
    }
  }
}
