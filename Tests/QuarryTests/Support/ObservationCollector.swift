import Foundation
import XCTest

@testable import Quarry

/// Iterates an observation in a task of its own and keeps every value it yields.
final class ObservationCollector<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storedValues: [Value] = []
  private var storedError: (any Error)?
  private var isDone = false
  private var task: Task<Void, Never>?

  init(_ observation: DatabaseObservation<Value>) {
    task = Task { [self] in
      do {
        for try await value in observation { append(value) }
      } catch {
        end(with: error)
        return
      }
      end(with: nil)
    }
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storedValues
  }

  var error: (any Error)? {
    lock.lock()
    defer { lock.unlock() }
    return storedError
  }

  var hasEnded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isDone
  }

  private func end(with error: (any Error)?) {
    lock.lock()
    storedError = error
    isDone = true
    lock.unlock()
  }

  private func append(_ value: Value) {
    lock.lock()
    storedValues.append(value)
    lock.unlock()
  }

  /// Cancels the iterating task and waits for it to end (at most `seconds`, a bound only a
  /// hang reaches: then the test fails instead of hanging).
  func cancel(seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line) async {
    task?.cancel()
    let deadline = Date().addingTimeInterval(seconds)
    while !hasEnded, Date() < deadline {
      try? await Task.sleep(nanoseconds: 2_000_000)
    }
    guard hasEnded else {
      XCTFail("the observation did not end after its task was cancelled", file: file, line: line)
      return
    }
    await task?.value
  }

  /// Waits until `condition` holds for the values so far; fails after `seconds` (a generous
  /// bound that only a hang reaches, not a speed check).
  func wait(
    seconds: Double = 30, file: StaticString = #filePath, line: UInt = #line,
    until condition: ([Value]) -> Bool
  ) async {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(values) { return }
      try? await Task.sleep(nanoseconds: 2_000_000)
    }
    XCTFail(
      "condition not met; values: \(values), error: \(String(describing: error))", file: file,
      line: line)
  }
}

/// A thread-safe counter, for reads that count their own runs.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
