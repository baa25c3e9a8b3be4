/// The parameter values of one PostgreSQL statement, in libpq's arrays (values, lengths,
/// formats, types), kept between runs like SQLite's bindings.
///
/// Each parameter owns a buffer that is reused when the next value fits, so binding row after
/// row of an insert allocates nothing once the buffers have grown. Scalars are written in
/// PostgreSQL's binary format (big-endian), text as its UTF-8 bytes.
///
/// Related PostgreSQL documentation: <https://www.postgresql.org/docs/current/protocol-overview.html#PROTOCOL-FORMAT-CODES>
final class PostgresParameters {
  // Every stored array is `@exclusivity(unchecked)`: one statement's parameters are used by one
  // thread at a time (its connection's owner) and no access overlaps another, while the dynamic
  // checks cost two runtime calls per array touched, six arrays per bound value (callgrind:
  // about 1,200 instructions a value, more than libpq's whole send of it).

  /// The type OID of each parameter; ``PostgresType/unspecified`` for NULL and for values whose
  /// type the server infers (JSON text for a `jsonb` column).
  @exclusivity(unchecked) private(set) var types: [UInt32] = []
  /// 1 for binary, 0 for text.
  @exclusivity(unchecked) private var formats: [Int32] = []
  /// The byte count of each value; unused for NULL.
  @exclusivity(unchecked) private var lengths: [Int32] = []
  /// Each value's buffer, or nil for NULL.
  @exclusivity(unchecked) private var values: [UnsafePointer<CChar>?] = []
  @exclusivity(unchecked) private var buffers: [UnsafeMutableRawPointer?] = []
  @exclusivity(unchecked) private var capacities: [Int] = []

  /// The number of parameters.
  var count: Int { types.count }

  deinit {
    for buffer in buffers { buffer?.deallocate() }
  }

  /// Makes room for `count` parameters, all NULL.
  func reserve(_ count: Int) {
    guard count > types.count else { return }
    let added = count - types.count
    types += repeatElement(PostgresType.unspecified, count: added)
    formats += repeatElement(1, count: added)
    lengths += repeatElement(0, count: added)
    values += repeatElement(nil, count: added)
    buffers += repeatElement(nil, count: added)
    capacities += repeatElement(0, count: added)
  }

  /// Sets every parameter to NULL (SQLite's `clear_bindings`).
  func clear() {
    for index in types.indices { setNull(at: index) }
  }

  /// Binds NULL to the parameter at `index` (0-based).
  func setNull(at index: Int) {
    types[index] = PostgresType.unspecified
    values[index] = nil
    lengths[index] = 0
    formats[index] = 1
  }

  /// Binds `value` as `int8`.
  func setInt64(_ value: Int64, at index: Int) {
    let buffer = storage(at: index, count: 8)
    buffer.storeBytes(of: value.bigEndian, as: Int64.self)
    finish(index, type: PostgresType.int8, format: 1, length: 8)
  }

  /// Binds `value` as `float8`, bit for bit (-0.0, infinities and NaN included).
  func setDouble(_ value: Double, at index: Int) {
    let buffer = storage(at: index, count: 8)
    buffer.storeBytes(of: value.bitPattern.bigEndian, as: UInt64.self)
    finish(index, type: PostgresType.float8, format: 1, length: 8)
  }

  /// Binds `value` as `bool`.
  func setBool(_ value: Bool, at index: Int) {
    let buffer = storage(at: index, count: 1)
    buffer.storeBytes(of: value ? 1 : 0, as: UInt8.self)
    finish(index, type: PostgresType.bool, format: 1, length: 1)
  }

  /// Binds `bytes` with the type `type`, in binary (`format` 1) or text (`format` 0).
  func setBytes(_ bytes: UnsafeRawBufferPointer, type: UInt32, format: Int32, at index: Int) {
    // A text-format value is also read as a C string by libpq's tracing: end it with a NUL.
    let buffer = storage(at: index, count: bytes.count + 1)
    if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
    buffer.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
    finish(index, type: type, format: format, length: Int32(bytes.count))
  }

  /// Binds `text` as `type` (`text`, or ``PostgresType/unspecified`` for JSON), in text format.
  ///
  /// - Throws: ``ValueConversionError`` when `text` holds a NUL character, which PostgreSQL
  ///   text cannot store (it would be refused or cut short).
  func setText(_ text: String, type: UInt32 = PostgresType.text, at index: Int) throws {
    var text = text
    try text.withUTF8 { bytes in
      if bytes.contains(0) {
        throw ValueConversionError(
          "text holds a NUL character (U+0000), which PostgreSQL text cannot store")
      }
      setBytes(UnsafeRawBufferPointer(bytes), type: type, format: 0, at: index)
    }
  }

  /// The buffer of parameter `index`, grown to hold at least `count` bytes.
  private func storage(at index: Int, count: Int) -> UnsafeMutableRawPointer {
    if let buffer = buffers[index], capacities[index] >= count { return buffer }
    buffers[index]?.deallocate()
    let capacity = max(16, count.nextPowerOfTwoOrSelf)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    buffers[index] = buffer
    capacities[index] = capacity
    return buffer
  }

  private func finish(_ index: Int, type: UInt32, format: Int32, length: Int32) {
    types[index] = type
    formats[index] = format
    lengths[index] = length
    values[index] = buffers[index].map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) }
  }

  /// Calls `body` with the count, values, lengths and formats as libpq's execute functions
  /// take them.
  func withArguments<R>(
    _ body: (
      Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
    ) -> R
  ) -> R {
    values.withUnsafeBufferPointer { values in
      lengths.withUnsafeBufferPointer { lengths in
        formats.withUnsafeBufferPointer { formats in
          body(Int32(values.count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
        }
      }
    }
  }
}

extension Int {
  /// The smallest power of two that is at least `self` (for `self` ≥ 1).
  fileprivate var nextPowerOfTwoOrSelf: Int {
    guard self > 1 else { return 1 }
    return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
  }
}
