import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL server for tests: `initdb` into a fresh temporary folder, then
/// `pg_ctl start` listening only on a Unix socket in that folder (no TCP, so parallel runs never
/// fight over a port). Call `stop()` when done; it also removes the folder.
///
/// PostgreSQL refuses to run as root, so under root (CI containers) the server runs as the
/// `postgres` user (through `runuser`, or `su` where it is missing) and the folder is handed to
/// that user. The client connects as the superuser `quarry` without a password (`trust` auth is
/// safe here: only processes that can reach the private socket folder can connect).
///
/// ```swift
/// let server = try PostgresTestServer.start()
/// defer { server.stop() }
/// let conn = PQconnectdb(server.conninfo)
/// ```
public final class PostgresTestServer: Sendable {
  /// What went wrong while starting the server, with the tool's output so a CI log explains it.
  public struct StartError: Error, CustomStringConvertible {
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
  }

  /// The folder holding `data/`, the server log and the socket.
  public let folder: String
  /// The folder of `initdb`, `pg_ctl` and `postgres`.
  public let binaries: String
  /// libpq connection string for the server's `postgres` database.
  public var conninfo: String { "host=\(folder) port=5432 dbname=postgres user=quarry" }

  private let runAsPostgres: Bool

  private init(folder: String, binaries: String, runAsPostgres: Bool) {
    self.folder = folder
    self.binaries = binaries
    self.runAsPostgres = runAsPostgres
  }

  /// Creates the cluster and starts the server, waiting until it accepts connections.
  public static func start() throws -> PostgresTestServer {
    try start(owner: nil)
  }

  /// Starts a server as ``start()`` does; with an `owner` pid, records it in the folder so that
  /// ``stopAbandonedServers()`` can stop the server once that process has gone without doing so.
  public static func start(owner: pid_t?) throws -> PostgresTestServer {
    guard let binaries = findBinaries() else {
      throw StartError(
        description:
          "PostgreSQL server binaries (initdb, pg_ctl) not found on PATH or in "
          + "/usr/lib/postgresql/*/bin; install them (`apt-get install postgresql`, "
          + "`brew install postgresql`)")
    }
    let asPostgres = geteuid() == 0
    // /tmp, not $TMPDIR: a Unix socket path must stay under ~100 bytes.
    var template = Array("/tmp/quarry-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw StartError(description: "cannot create a temporary folder: \(errno)")
    }
    let folder = String(cString: made)
    let server = PostgresTestServer(folder: folder, binaries: binaries, runAsPostgres: asPostgres)
    do {
      if let owner {
        try "\(owner)\n".write(
          toFile: "\(folder)/\(ownerFileName)", atomically: true, encoding: .utf8)
      }
      if asPostgres {
        guard let user = getpwnam("postgres") else {
          throw StartError(description: "running as root but there is no 'postgres' user")
        }
        guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
          throw StartError(description: "cannot hand \(folder) to 'postgres': \(errno)")
        }
      }
      try server.run(
        "initdb",
        [
          "-D", "\(folder)/data", "-U", "quarry", "--auth=trust", "-E", "UTF8",
          "--no-locale", "--no-sync",
        ])
      // fsync off: the cluster is thrown away, durability would only slow the tests down.
      let options =
        "-c listen_addresses='' -c unix_socket_directories='\(folder)' -c port=5432 "
        + "-c fsync=off -c full_page_writes=off"
      try server.run(
        "pg_ctl",
        [
          "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "60",
          "-o", options, "start",
        ])
    } catch {
      server.stop()
      throw error
    }
    return server
  }

  /// Stops the server immediately (nothing it holds is worth keeping) and removes its folder.
  /// Safe to call more than once and after a failed start.
  public func stop() {
    if FileManager.default.fileExists(atPath: "\(folder)/data/postmaster.pid") {
      try? run("pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "-w", "stop"])
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Stops the servers that ``start(owner:)`` started for processes that no longer exist (a test
  /// process that crashed never runs its exit handler). Servers without an owner file (started
  /// by ``start()``, whose caller stops them) and servers of live processes are left alone.
  public static func stopAbandonedServers() {
    guard let binaries = findBinaries() else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
    for name in names where name.hasPrefix("quarry-pg-") {
      let folder = "/tmp/\(name)"
      guard
        let text = try? String(contentsOfFile: "\(folder)/\(ownerFileName)", encoding: .utf8),
        let owner = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
        kill(owner, 0) == -1, errno == ESRCH
      else { continue }
      PostgresTestServer(folder: folder, binaries: binaries, runAsPostgres: geteuid() == 0).stop()
    }
  }

  private static let ownerFileName = "owner.pid"

  /// The server's log, for failure messages.
  public func log() -> String {
    (try? String(contentsOfFile: "\(folder)/server.log", encoding: .utf8)) ?? ""
  }

  /// Runs one of the server tools, as `postgres` when we are root, with its output in a file.
  ///
  /// posix_spawn and waitpid, not Foundation's Process: on Linux, Process notices the exit
  /// through a descriptor the child inherits, and the server that `pg_ctl start` leaves running
  /// keeps it open, so `waitUntilExit()` would never return. A file, not a pipe, for the same
  /// reason.
  private func run(_ tool: String, _ arguments: [String]) throws {
    let toolPath = "\(binaries)/\(tool)"
    let argv: [String]
    if runAsPostgres, let runuser = Self.firstExisting(["/usr/sbin/runuser", "/sbin/runuser"]) {
      argv = [runuser, "-u", "postgres", "--", toolPath] + arguments
    } else if runAsPostgres {
      let command = ([toolPath] + arguments).map(Self.shellQuoted).joined(separator: " ")
      argv = ["/bin/su", "postgres", "-s", "/bin/sh", "-c", command]
    } else {
      argv = [toolPath] + arguments
    }
    let outputPath = "\(folder)/\(tool).out"
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The tools refuse a working directory they cannot read; the server folder is theirs.
    let shellLine =
      "cd \(Self.shellQuoted(folder)) && exec "
      + argv.map(Self.shellQuoted).joined(separator: " ")
    let words: [String] = ["/bin/sh", "-c", shellLine]
    let cArguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, environ)
    guard spawned == 0 else {
      throw StartError(description: "cannot run \(tool): error \(spawned)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    guard exitCode == 0 else {
      let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      throw StartError(
        description: "\(tool) exited with status \(status):\n\(text)\nserver log:\n\(log())")
    }
  }

  private static func findBinaries() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    var candidates = path.split(separator: ":").map(String.init)
    // Debian keeps the server tools out of PATH, one folder per major version: newest first.
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
      .map { "/usr/lib/postgresql/\($0)/bin" }
    return candidates.first { folder in
      FileManager.default.isExecutableFile(atPath: "\(folder)/initdb")
        && FileManager.default.isExecutableFile(atPath: "\(folder)/pg_ctl")
    }
  }

  private static func firstExisting(_ paths: [String]) -> String? {
    paths.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
