#if canImport(Observation)
  import Observation

  /// The newest value of an observation, held on the main actor for SwiftUI (and any other
  /// `Observation`-based UI): reading ``value`` in a view's body makes the view update when the
  /// database changes.
  ///
  /// ```swift
  /// struct BirdList: View {
  ///   @State private var birds = ObservedValue(
  ///     db.observe(Bird.all().order(Bird.Columns.name.asc)), initialValue: [])
  ///
  ///   var body: some View {
  ///     List(birds.value, id: \.id) { Text($0.name) }
  ///       .observing(birds)   // runs the observation while the view is on screen
  ///   }
  /// }
  /// ```
  ///
  /// Nothing is read until ``run()`` starts (`.observing(_:)` calls it from the view's `task`,
  /// which SwiftUI cancels when the view disappears, ending the observation and freeing it).
  /// An error of the read ends the observation and is kept in ``error``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Observable
  public final class ObservedValue<Value: Sendable> {
    /// The newest value; `initialValue` until the first fetch comes in.
    public private(set) var value: Value
    /// The error that ended the observation, if any.
    public private(set) var error: (any Error)?
    @ObservationIgnored private let observation: DatabaseObservation<Value>

    /// A model showing `initialValue` until `observation` delivers.
    public init(_ observation: DatabaseObservation<Value>, initialValue: Value) {
      self.observation = observation
      self.value = initialValue
    }

    /// Keeps ``value`` fresh until the calling task is cancelled or the read throws.
    ///
    /// ```swift
    /// .task { await birds.run() }
    /// ```
    public func run() async {
      do {
        for try await newValue in observation { value = newValue }
      } catch {
        self.error = error
      }
    }
  }
#endif

#if canImport(SwiftUI)
  import SwiftUI

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension View {
    /// Runs `model`'s observation while this view is on screen.
    ///
    /// ```swift
    /// List(birds.value, id: \.id) { Text($0.name) }
    ///   .observing(birds)
    /// ```
    public func observing<Value: Sendable>(_ model: ObservedValue<Value>) -> some View {
      task { await model.run() }
    }
  }
#endif
