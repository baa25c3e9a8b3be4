import Foundation

// The library-lending app of issue 12, as a user writes it. The `+Quarry.swift` files and
// QuarryTables.swift beside it are what the generator emits for it (regenerated and compared by
// QuarryEndToEndTests' RuntimeFixtureTests; `QUARRY_RECORD=1` rewrites them).

public enum Genre: String, Sendable, CaseIterable {
  case scifi, fantasy, classic, poetry
}

// quarry: table = "books"
public struct Book: Sendable, Equatable {
  // quarry: primaryKey, autoincrement
  public var id: Int64?
  public var title: String
  public var genre: Genre
  public var price: Decimal
  public var published: Int
  public var subtitle: String?
  public var pages: Int?
  public var rating: Double?
  public var tags: [String]

  public init(
    id: Int64? = nil, title: String, genre: Genre, price: Decimal, published: Int,
    subtitle: String? = nil, pages: Int? = nil, rating: Double? = nil, tags: [String] = []
  ) {
    self.id = id
    self.title = title
    self.genre = genre
    self.price = price
    self.published = published
    self.subtitle = subtitle
    self.pages = pages
    self.rating = rating
    self.tags = tags
  }
}

// quarry: table = "members"
public struct Member: Sendable, Equatable {
  // quarry: primaryKey
  public var id: Int64
  public var name: String
  public var loanCount: Int
  public var email: String?

  public init(id: Int64, name: String, loanCount: Int = 0, email: String? = nil) {
    self.id = id
    self.name = name
    self.loanCount = loanCount
    self.email = email
  }
}

// quarry: table = "loans"
public struct Loan: Sendable, Equatable {
  // quarry: primaryKey, autoincrement
  public var id: Int64?
  // quarry: references = Book
  public var bookID: Int64
  // quarry: references = Member
  public var memberID: Int64
  public var returned: Bool
  public var days: Int?

  public init(id: Int64? = nil, bookID: Int64, memberID: Int64, returned: Bool = false, days: Int? = nil) {
    self.id = id
    self.bookID = bookID
    self.memberID = memberID
    self.returned = returned
    self.days = days
  }
}
