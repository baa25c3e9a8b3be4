import Foundation

extension Process {
  /// Waits for the process to exit, at most `timeout` seconds (a generous bound only a hung
  /// child reaches); a child still running then is killed, so no test hangs on it and no
  /// orphan outlives the run.
  ///
  /// ```swift
  /// XCTAssertTrue(process.waitUntilExit(timeout: 120), "psql did not exit")
  /// ```
  ///
  /// - Returns: false when the process had to be killed.
  func waitUntilExit(timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    guard isRunning else { return true }
    kill(processIdentifier, SIGKILL)
    waitUntilExit()
    return false
  }
}
