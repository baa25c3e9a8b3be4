import Foundation

/// The relations benchmarks' models (issue 13): a recipe owning its steps, and authors
/// referenced by books.
// quarry: table = "bench_recipes"
struct BenchRecipe: Sendable, Equatable {
  var id: Int64
  var title: String
  // quarry: owned
  var steps: [BenchStep]
}

struct BenchStep: Sendable, Equatable {
  var text: String
  var minutes: Int
}

// quarry: table = "bench_authors"
struct BenchAuthor: Sendable, Equatable {
  var id: Int64
  var name: String
}

// quarry: table = "bench_books"
struct BenchBook: Sendable, Equatable {
  var id: Int64
  var title: String
  // quarry: references = BenchAuthor, index
  var authorID: Int64
}
