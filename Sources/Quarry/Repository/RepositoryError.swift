/// What went wrong in a repository, a keyed store or a data store.
///
/// Match the code, as with `URLError`:
///
/// ```swift
/// do {
///   _ = try await birds.read(id: id)
/// } catch RepositoryError.notFound {
///   print("no such bird")
/// } catch let error as RepositoryError where error.code == .corruptData {
///   print(error.location ?? "?")   // the file or UserDefaults key that cannot be decoded
/// }
/// ```
public struct RepositoryError: Error, CustomStringConvertible {
  /// The kind of failure; a struct so that kinds can be added without breaking `switch`es.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    private init(_ name: String) { self.name = name }

    /// No item has the requested id.
    public static let notFound = Code("notFound")
    /// `create` found an item with the same id.
    public static let alreadyExists = Code("alreadyExists")
    /// Stored bytes exist but cannot be decoded (half-written, edited by hand, wrong format).
    public static let corruptData = Code("corruptData")
    /// The storage itself failed: a file could not be written, a suite could not be opened.
    public static let storageFailure = Code("storageFailure")

    public var description: String { name }

    /// Lets `catch RepositoryError.notFound` match by code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? RepositoryError)?.code == code
    }
  }

  /// The kind of failure.
  public let code: Code
  /// The name of the item type, such as `"Bird"`.
  public let itemType: String
  /// The id involved, as text (shortened when very long), if the failure concerns one item.
  public let id: String?
  /// Where the bytes live: a file path or a UserDefaults key.
  public let location: String?
  /// The error reported by the decoder, the file system or SQLite, if any.
  public let underlyingError: (any Error)?
  /// What holds `location` when a path alone does not say: `UserDefaults suite 'birds'` or
  /// `standard UserDefaults`; nil for files and SQLite.
  public let store: String?

  /// Makes an error; the repositories use the static factories below.
  public init(
    code: Code, itemType: String, id: String? = nil, location: String? = nil,
    underlyingError: (any Error)? = nil, store: String? = nil
  ) {
    self.code = code
    self.itemType = itemType
    self.id = id.map(Self.shorten)
    self.location = location
    self.underlyingError = underlyingError
    self.store = store
  }

  /// No item has the requested id.
  public static let notFound = Code.notFound
  /// `create` found an item with the same id.
  public static let alreadyExists = Code.alreadyExists
  /// Stored bytes cannot be decoded.
  public static let corruptData = Code.corruptData
  /// The storage itself failed.
  public static let storageFailure = Code.storageFailure

  public var description: String {
    let item = id.map { "\(itemType) '\($0)'" } ?? itemType
    var text: String
    switch code {
    case .notFound: text = "\(item) not found"
    case .alreadyExists: text = "\(item) already exists"
    case .corruptData: text = "cannot decode \(item)"
    default: text = "cannot store \(item)"
    }
    if let location { text += " at '\(location)'" }
    if let store { text += " in \(store)" }
    if let underlyingError { text += ": \(underlyingError)" }
    return text
  }

  /// Keeps messages readable when ids are 10,000 bytes long.
  private static func shorten(_ id: String) -> String {
    id.count <= 100 ? id : String(id.prefix(100)) + "…"
  }
}
