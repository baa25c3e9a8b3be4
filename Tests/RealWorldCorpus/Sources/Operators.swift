// Custom operators and precedence groups; `/` as operator next to regex-looking text.
precedencegroup ExponentPrecedence {
  higherThan: MultiplicationPrecedence
  associativity: right
}

infix operator **: ExponentPrecedence
prefix operator √
postfix operator %

struct Vector: Equatable {
  var x: Double
  var y: Double

  static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  static func / (lhs: Vector, rhs: Double) -> Vector { Vector(x: lhs.x / rhs, y: lhs.y / rhs) }
  static func ** (lhs: Vector, rhs: Int) -> Vector { lhs }
  static prefix func - (value: Vector) -> Vector { Vector(x: -value.x, y: -value.y) }
  static func == (lhs: Vector, rhs: Vector) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
  var length: Double { (x * x + y * y).squareRoot() }
  var scale = 1.0 / 3.0
  var halfX: Double = 0 / 2
}

prefix func √ (value: Double) -> Double { value.squareRoot() }
postfix func % (value: Double) -> Double { value / 100 }

struct Layout {
  var width: Double = 320
  var columns = 3
  var gutter = 16.0
  var columnWidth: Double { (width - gutter * Double(columns - 1)) / Double(columns) }
  let shifted = 1 << 4, masked = 0xFF & 0x0F
  let range = 0..<10, closed = 1...5
}
