import CSQLite

/// A SQL function written in Swift, callable from typed queries and raw SQL once added with
/// ``Database/add(function:)``.
///
/// ```swift
/// let unaccent = DatabaseFunction("unaccent", argumentCount: 1, pure: true) { args in
///   guard case .text(let text) = args[0] else { return nil }   // NULL stays NULL
///   return text.folding(options: .diacriticInsensitive, locale: nil)
/// }
/// try db.add(function: unaccent)
/// let names = try db.read {
///   try $0.fetchAll(String.self, literal: "SELECT unaccent(name) FROM authors")
/// }
/// ```
///
/// The closure receives the arguments as ``DatabaseValue``s and returns any
/// ``DatabaseValueConvertible`` value, or nil for NULL. An error it throws becomes the SQL
/// error of the statement that called it (``SQLiteError`` code 1, its description as the
/// message). It runs on whichever connection executes the statement, readers included, so it
/// must be `Sendable`.
///
/// `pure` (SQLite's `SQLITE_DETERMINISTIC`) promises the same result for the same arguments,
/// which lets SQLite compute it once per statement and use it in indexes and `CHECK`s.
///
/// Related SQLite documentation: <https://sqlite.org/appfunc.html>,
/// <https://sqlite.org/c3ref/create_function.html>
public struct DatabaseFunction: Sendable {
  /// The name SQL calls the function by (SQLite compares it ignoring ASCII case).
  public let name: String
  /// The number of arguments, or nil for any number.
  public let argumentCount: Int?
  /// Whether the function always returns the same result for the same arguments.
  public let isPure: Bool
  let body: @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?

  /// A function named `name` taking `argumentCount` arguments (nil: any number).
  ///
  /// ```swift
  /// let sum = DatabaseFunction("sum_all", pure: true) { args in
  ///   args.reduce(Int64(0)) { total, value in
  ///     if case .integer(let number) = value { return total + number }
  ///     return total
  ///   }
  /// }
  /// ```
  public init(
    _ name: String, argumentCount: Int? = nil, pure: Bool = false,
    function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
  ) {
    self.name = name
    self.argumentCount = argumentCount
    self.isPure = pure
    self.body = function
  }

  /// Registers the function on `connection`.
  func install(on connection: OpaquePointer) throws {
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    var flags = SQLITE_UTF8
    if isPure { flags |= SQLITE_DETERMINISTIC }
    // On failure SQLite calls the destructor itself, which releases the box.
    let resultCode = sqlite3_create_function_v2(
      connection, name, Int32(argumentCount ?? -1), flags, box,
      { context, count, values in
        guard let context else { return }
        let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context))
          .takeUnretainedValue()
        box.call(context, Int(count), values)
      }, nil, nil,
      { box in
        guard let box else { return }
        Unmanaged<FunctionBox>.fromOpaque(box).release()
      })
    guard resultCode == SQLITE_OK else {
      throw SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
    }
  }
}

/// The closure of a ``DatabaseFunction``, as the object SQLite holds a pointer to.
private final class FunctionBox {
  let body: @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?

  init(_ body: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?) {
    self.body = body
  }

  func call(_ context: OpaquePointer, _ count: Int, _ values: UnsafeMutablePointer<OpaquePointer?>?)
  {
    let arguments = (0..<count).map { SQLiteValue.databaseValue(of: values?[$0]) }
    do {
      let result = try body(arguments)
      SQLiteValue.setResult(of: context, to: try result?.databaseValue() ?? .null)
    } catch {
      sqlite3_result_error(context, "\(error)", -1)
    }
  }
}

/// Conversions between SQLite's `sqlite3_value`s and results and ``DatabaseValue``.
enum SQLiteValue {
  /// The value of a function argument.
  static func databaseValue(of value: OpaquePointer?) -> DatabaseValue {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      return .text(Row.withUnsafeText(of: value) { String(decoding: $0, as: UTF8.self) })
    case SQLITE_BLOB: return .blob(Row.withUnsafeBlob(of: value, Row.copyBlob))
    default: return .null
    }
  }

  /// Sets the result of a function call.
  static func setResult(of context: OpaquePointer, to value: DatabaseValue) {
    switch value {
    case .null: sqlite3_result_null(context)
    case .integer(let integer): sqlite3_result_int64(context, integer)
    case .real(let real): sqlite3_result_double(context, real)
    case .text(var text):
      text.withUTF8 { bytes in
        // A NULL pointer would make the result NULL, not ''.
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          sqlite3_result_text(context, "", 0, quarry_sqlite_transient())
          return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
          sqlite3_result_text64(
            context, characters, UInt64(bytes.count), quarry_sqlite_transient(),
            UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          sqlite3_result_zeroblob(context, 0)
          return
        }
        sqlite3_result_blob64(context, base, UInt64(bytes.count), quarry_sqlite_transient())
      }
    }
  }
}
