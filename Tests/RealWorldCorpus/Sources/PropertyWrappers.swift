// Property wrappers: declarations, projected values, wrappers with arguments.
import Foundation

@propertyWrapper
public struct Clamped<Value: Comparable> {
  private var value: Value
  public let range: ClosedRange<Value>

  public var wrappedValue: Value {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }

  public var projectedValue: ClosedRange<Value> { range }

  public init(wrappedValue: Value, _ range: ClosedRange<Value>) {
    self.range = range
    self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
}

@propertyWrapper
struct UserDefault<T> {
  let key: String
  let defaultValue: T
  var container: UserDefaults = .standard
  var wrappedValue: T {
    get { container.object(forKey: key) as? T ?? defaultValue }
    nonmutating set { container.set(newValue, forKey: key) }
  }
}

struct Settings {
  @Clamped(0...10) var volume: Int = 5
  @Clamped(0.0...1.0)
  var brightness: Double = 0.5
  @UserDefault(key: "onboarded", defaultValue: false) static var onboarded: Bool
  @Lazy var cache: [String: Data]
  @Published var status: Status = .idle
  @MainActor @Published private(set) var progress: Double = 0
  @available(*, deprecated, message: "use volume") var legacyVolume: Int?
  @objc dynamic var observed = 0
}

@propertyWrapper
enum Lazy<Value> {
  case uninitialized(() -> Value)
  case initialized(Value)

  var wrappedValue: Value {
    mutating get {
      switch self {
      case .uninitialized(let make):
        let value = make()
        self = .initialized(value)
        return value
      case .initialized(let value):
        return value
      }
    }
    set { self = .initialized(newValue) }
  }
}
