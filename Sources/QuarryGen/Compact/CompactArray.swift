/// An array that keeps each element as the few hundred bytes `CompactEncoder` writes and
/// builds it again on each read: the generator's tables and declarations, so a run over
/// hundreds of thousands of structs holds them at about the size of their source, not the
/// kilobytes each takes as Swift values (issue 20).
///
/// Reads and writes cost an encoding each: read an element once into a local, mutate the
/// local, write it back once. Elements must round-trip exactly through `Codable`.
///
/// ```swift
/// var tables: CompactArray<TableModel> = [bird]
/// var first = tables[0]
/// first.migrations = ["1"]
/// tables[0] = first
/// ```
public struct CompactArray<Element: Codable & Sendable>: Sendable {
  /// The bytes, in pages of about a megabyte: no allocation per element, and a page is large
  /// enough that freeing it gives the memory back (the declarations go once the model is built).
  private var pages: [[UInt8]] = []
  private var spans: [Span] = []
  private var paths = CompactPaths()

  /// Where an element's bytes are. A write puts new bytes at the end; the old stay unused.
  private struct Span: Sendable {
    var page: UInt32
    var start: UInt32
    var count: UInt32
  }

  private static var pageSize: Int { 1 << 20 }

  public init() {}

  public init<Elements: Sequence>(_ elements: Elements) where Elements.Element == Element {
    append(contentsOf: elements)
  }

  /// Writes `element` after the last page's bytes, or into a new page when it would not fit.
  private mutating func store(_ element: Element) -> Span {
    let bytes: [UInt8]
    do {
      bytes = try CompactEncoder.encode(element, paths: &paths)
    } catch {
      preconditionFailure("CompactArray cannot encode \(Element.self): \(error)")
    }
    // A page grows as an array does while it holds under half a page (a file of three
    // structs keeps a few hundred bytes); past that it takes only what fits its capacity, and
    // the next page is a whole one, reserved at once.
    if let last = pages.last,
      last.count < Self.pageSize / 2 || last.count + bytes.count <= last.capacity
    {
      let span = Span(
        page: UInt32(pages.count - 1), start: UInt32(last.count), count: UInt32(bytes.count))
      pages[pages.count - 1].append(contentsOf: bytes)
      return span
    }
    var page: [UInt8] = []
    page.reserveCapacity(pages.isEmpty ? bytes.count : Swift.max(Self.pageSize, bytes.count))
    page.append(contentsOf: bytes)
    pages.append(page)
    return Span(page: UInt32(pages.count - 1), start: 0, count: UInt32(bytes.count))
  }

  /// Moves the element at `i` to `j` and the one at `j` to `i`, without building either.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    spans.swapAt(i, j)
  }

  /// Reorders the elements as `order` (positions of the current elements) lists them, without
  /// building any: sort by a key read once per element, then apply the order.
  mutating func reorder(_ order: [Int]) {
    precondition(order.count == spans.count, "an order must name every element once")
    spans = order.map { spans[$0] }
  }
}

extension CompactArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { spans.count }

  public subscript(position: Int) -> Element {
    get {
      let span = spans[position]
      let start = Int(span.start)
      do {
        return try CompactDecoder.decode(
          Element.self, from: pages[Int(span.page)], in: start..<start + Int(span.count),
          paths: paths)
      } catch {
        preconditionFailure("CompactArray cannot decode its own \(Element.self): \(error)")
      }
    }
    set { spans[position] = store(newValue) }
  }
}

extension CompactArray: RangeReplaceableCollection {
  public mutating func replaceSubrange<Replacement: Collection>(
    _ subrange: Range<Int>, with newElements: Replacement
  ) where Replacement.Element == Element {
    var stored: [Span] = []
    stored.reserveCapacity(newElements.count)
    for element in newElements { stored.append(store(element)) }
    spans.replaceSubrange(subrange, with: stored)
    if spans.isEmpty {
      pages = []
      paths = CompactPaths()
    }
  }

  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    spans.reserveCapacity(minimumCapacity)
  }
}

extension CompactArray: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension CompactArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension CompactArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension CompactArray: CustomStringConvertible {
  public var description: String { Array(self).description }
}
