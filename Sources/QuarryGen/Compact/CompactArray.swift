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
  private var elements: [[UInt8]] = []
  private var paths = CompactPaths()

  public init() {}

  public init<Elements: Sequence>(_ elements: Elements) where Elements.Element == Element {
    append(contentsOf: elements)
  }

  private mutating func encoded(_ element: Element) -> [UInt8] {
    do {
      return try CompactEncoder.encode(element, paths: &paths)
    } catch {
      preconditionFailure("CompactArray cannot encode \(Element.self): \(error)")
    }
  }

  /// Moves the element at `i` to `j` and the ones between up or down, without building any.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    elements.swapAt(i, j)
  }

  /// Reorders the elements as `order` (positions of the current elements) lists them, without
  /// building any: sort by a key read once per element, then apply the order.
  mutating func reorder(_ order: [Int]) {
    precondition(order.count == elements.count, "an order must name every element once")
    elements = order.map { elements[$0] }
  }
}

extension CompactArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get {
      do {
        return try CompactDecoder.decode(Element.self, from: elements[position], paths: paths)
      } catch {
        preconditionFailure("CompactArray cannot decode its own \(Element.self): \(error)")
      }
    }
    set { elements[position] = encoded(newValue) }
  }
}

extension CompactArray: RangeReplaceableCollection {
  public mutating func replaceSubrange<Replacement: Collection>(
    _ subrange: Range<Int>, with newElements: Replacement
  ) where Replacement.Element == Element {
    var encodedElements: [[UInt8]] = []
    encodedElements.reserveCapacity(newElements.count)
    for element in newElements { encodedElements.append(encoded(element)) }
    elements.replaceSubrange(subrange, with: encodedElements)
  }

  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    elements.reserveCapacity(minimumCapacity)
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
