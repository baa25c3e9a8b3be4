// Layout a formatter would never produce, all valid Swift: members at column one, tabs mixed
// with spaces, Allman braces, semicolons, comments between tokens, closures closing left.
extension Platform {
public enum Arch: String {
case x86_64, arm64
}
public struct Target {
var arch: Arch
var os: String
}
}

struct Platform {
	var name: String
    var version: Int
	func describe() -> String {
        return name.map { character in
  String(character)
}.joined()
	}
  var tabbed:	[String]	= []
}

struct Allman
{
    var a: Int
    var b: String

    func f()
    {
        if a > 0
        {
            print(b)
        }
    }
}

struct Packed { var x = 1; var y = 2; let z: Int; var w: Int = 3 }

struct Commented {
  var /* before name */ name /* after name */: /* type */ String // trailing
  var list: [ // an array of
    Int // integers
  ]
  /// Documented.
  var documented: Bool
  var `default`: Int = 0
  var `class`: String
}

struct Chained {
  let value = [1, 2, 3]
    .map { $0 * 2 }
    .filter { value in
      value > 2
    }
  var next: Int
}

struct Calls {
  let configured = configure(first: {
      print("first")
  }, second: {
      print("second")
  })
var afterwards: String
    var more: Int
}

func configure(first: () -> Void, second: () -> Void) -> Int { 0 }

struct Observed {
  var count: Int = 0 {
    willSet { print(newValue) }
    didSet
    {
      print(oldValue)
    }
  }
  var computed: Int {
    get { count }
    set { count = newValue }
  }
  lazy var derived: String = String(count)
  static var shared = Observed()
  class Nested {}
  var a, b: Int, c: String
}
