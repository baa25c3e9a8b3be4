// Generic types, where clauses, primary associated types, parameter packs, generic defaults.
struct Store<Key: Hashable, Value> {
  var storage: [Key: Value] = [:]
}

struct Key: Hashable {}
struct A {}
struct B {}
struct C {}

struct Caches {
  let cache = Store<Key, Bool>()
  let pairs = Store<
    A,
    (x: B, y: C)
  >()
  let nested = Store<String, Store<Int, [Bool]>>(), flag = true
  var lookup: Dictionary<String, Array<Int>> = .init()
  var task: Task<Void, Never>? = nil
  let started = Task<Void, Never> {}
  var optionalTask = Task<Int, Never>?.none
  var comparison = 1 < 2
  var generic: Result<[String: Int], any Error>
}

struct Pair<First, Second> where First: Equatable, Second: Equatable {
  var first: First
  var second: Second
}

struct Sorted<Element>: Sequence where Element: Comparable {
  private var elements: [Element]
  func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}

struct Values<each T> {
  var values: (repeat each T)
}

struct Boxes {
  var any: any Collection<Int>
  var some: [any Hashable & Sendable]
  var closure: (Int, String) throws -> [Int]?
  var metatype: any Codable.Type
  var keyPath: KeyPath<Pair<Int, Int>, Int> = \.first
}

struct Unique: ~Copyable {
  var handle: Int32
}

extension Array where Element == Caches {
  struct Summary { var count: Int }
}
