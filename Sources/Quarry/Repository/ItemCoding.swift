import Foundation

/// The encode / decode / check steps shared by the backends that store items as bytes.
struct ItemCoding<Item: Codable & Identifiable>: Sendable {
  let transformer: any DataTransformer
  /// ``RepositoryError/store`` of every error: the UserDefaults suite; nil for files.
  var store: String? = nil

  var itemType: String { String(describing: Item.self) }

  func key(for id: Item.ID) -> String {
    StorageKey.make(id)
  }

  func encode(_ item: Item, location: String) throws(RepositoryError) -> Data {
    do {
      return try RoundTripCheck.encode(item, with: transformer)
    } catch {
      throw RepositoryError(
        code: .storageFailure, itemType: itemType, id: key(for: item.id), location: location,
        underlyingError: error, store: store)
    }
  }

  /// Decodes stored bytes; when `expectedID` is given, the item must carry that id, so a file
  /// renamed or copied by hand is reported instead of answering for the wrong id.
  func decode(_ data: Data, location: String, expectedID: Item.ID?) throws(RepositoryError)
    -> Item
  {
    let item: Item
    do {
      item = try transformer.decode(Item.self, from: data)
    } catch {
      throw RepositoryError(
        code: .corruptData, itemType: itemType, id: expectedID.map(key(for:)),
        location: location, underlyingError: error, store: store)
    }
    if let expectedID, item.id != expectedID {
      throw RepositoryError(
        code: .corruptData, itemType: itemType, id: key(for: expectedID), location: location,
        underlyingError: IDMismatch(storedID: key(for: item.id)), store: store)
    }
    return item
  }

  func error(_ code: RepositoryError.Code, id: Item.ID, location: String? = nil)
    -> RepositoryError
  {
    RepositoryError(
      code: code, itemType: itemType, id: key(for: id), location: location, store: store)
  }
}

/// Stored bytes decode to an item with another id.
struct IDMismatch: Error, CustomStringConvertible {
  let storedID: String
  var description: String { "the stored item has id '\(storedID)'" }
}
