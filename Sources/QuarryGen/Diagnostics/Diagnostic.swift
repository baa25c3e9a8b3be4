/// One problem found in the user's input, reported in the compiler's format.
///
/// Stages never throw for user mistakes: they append a `Diagnostic` and go on, so one run
/// reports every problem.
///
/// ```swift
/// diagnostics.append(.error("column 'email' is declared twice", at: location,
///                           notes: [.note("first declared here", at: first)]))
/// ```
public struct Diagnostic: Sendable, Hashable {
  public enum Severity: String, Sendable, Hashable {
    case error, warning, note
  }

  /// A secondary message attached to a diagnostic, such as where something was first declared.
  public struct Note: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  public var severity: Severity
  public var message: String
  public var location: SourceLocation
  public var notes: [Note]

  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation, notes: [Note] = []
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.notes = notes
  }

  public static func error(
    _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(.error, message, at: location, notes: notes)
  }

  public static func warning(
    _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(.warning, message, at: location, notes: notes)
  }

  public var isError: Bool { severity == .error }
}
