import Foundation
import Quarry
import XCTest

/// Issue 15 #6: every backend × transformer keeps every value it accepts exactly, or refuses it
/// with an error saying why. Seeded random values (dates with fractions and before 2001,
/// 38-digit decimals, NaN and infinities, huge integers, empty and non-ASCII strings, nested
/// optionals, bytes) go through memory, files, UserDefaults, KeyedStore and DataStore with
/// JSON, XML and binary property lists, and through SQLite, and are compared bit for bit.
///
/// `QUARRY_ROUNDTRIP_SEED=<n>` repeats a run; `QUARRY_LONG=1` runs 10 times as many values.
final class RoundTripPropertyTests: XCTestCase {
  private let transformers: [(name: String, transformer: any DataTransformer)] = [
    ("json", JSONDataTransformer()),
    ("xml", PropertyListDataTransformer(format: .xml)),
    ("binary", PropertyListDataTransformer(format: .binary)),
  ]

  private var seed: UInt64 {
    ProcessInfo.processInfo.environment["QUARRY_ROUNDTRIP_SEED"].flatMap(UInt64.init) ?? 15
  }

  private func samples() -> [Sample] {
    var random = SplitMix(seed: seed)
    return (0..<(isLongRun ? 400 : 40)).map { Sample.random(number: $0, using: &random) }
  }

  /// What happened to one value in one backend.
  private struct Outcome {
    var exact = 0
    var refused = 0
  }

  /// Writes `sample`, reads it back: exact, or refused with a message and nothing stored.
  private func check(
    _ sample: Sample, in backend: String, outcome: inout Outcome,
    write: () async throws -> Void, read: () async throws -> Sample?
  ) async {
    do {
      try await write()
    } catch {
      let message = "\(error)"
      XCTAssertFalse(message.isEmpty, backend)
      let stored = try? await read()
      XCTAssertNil(stored, "\(backend): refused but stored: \(message)")
      outcome.refused += 1
      return
    }
    do {
      guard let copy = try await read() else {
        XCTFail("\(backend): \(sample.id) accepted but not found")
        return
      }
      XCTAssertTrue(
        copy.isIdentical(to: sample), "\(backend) (seed \(seed)) changed\n\(sample)\ninto\n\(copy)")
      outcome.exact += 1
    } catch {
      XCTFail("\(backend): \(sample.id) accepted but unreadable: \(error)")
    }
  }

  func testEveryBackendAndTransformerRoundTripsExactlyOrRefuses() async throws {
    let samples = samples()
    var outcomes: [String: Outcome] = [:]
    let memory = InMemoryRepository<Sample>()
    for sample in samples {
      await check(
        sample, in: "memory", outcome: &outcomes["memory", default: Outcome()],
        write: { try await memory.create(sample) },
        read: { try? await memory.read(id: sample.id) })
    }
    let sqlite = SQLiteRepository<Sample>(try Database.inMemory())
    try sqlite.database.migrate(Sample.self)
    for sample in samples {
      await check(
        sample, in: "sqlite", outcome: &outcomes["sqlite", default: Outcome()],
        write: { try await sqlite.create(sample) },
        read: { try? await sqlite.read(id: sample.id) })
    }
    for (name, transformer) in transformers {
      let directory = try temporaryFolder(for: self)
      let files = FileSystemRepository<Sample>(directory: directory, transformer: transformer)
      let suiteName = "quarry.roundtrip.\(UUID().uuidString)"
      addTeardownBlock { removeSuite(suiteName) }
      let defaults = try UserDefaultsRepository<Sample>(
        suiteName: suiteName, transformer: transformer)
      let keyed = KeyedStore(
        storage: FileDataStorage(
          directory: directory.appendingPathComponent("keyed"), fileExtension: name),
        transformer: transformer)
      let store = try DataStore<String, Sample>(
        identifier: "samples", storage: InMemoryDataStorage(), transformer: transformer)
      for sample in samples {
        await check(
          sample, in: "files/\(name)", outcome: &outcomes["files/\(name)", default: Outcome()],
          write: { try await files.create(sample) },
          read: { try? await files.read(id: sample.id) })
        await check(
          sample, in: "defaults/\(name)",
          outcome: &outcomes["defaults/\(name)", default: Outcome()],
          write: { try await defaults.create(sample) },
          read: {
            // A fresh instance: what another launch of the app would read.
            try? await UserDefaultsRepository<Sample>(
              suiteName: suiteName, transformer: transformer
            ).read(id: sample.id)
          })
        await check(
          sample, in: "keyed/\(name)", outcome: &outcomes["keyed/\(name)", default: Outcome()],
          write: { try await keyed.create(id: sample.id, item: sample) },
          read: { try? await keyed.read(id: sample.id) })
        await check(
          sample, in: "datastore/\(name)",
          outcome: &outcomes["datastore/\(name)", default: Outcome()],
          write: { try store.setValue(sample, forKey: sample.id) },
          read: {
            try DataStore<String, Sample>(
              identifier: "samples", storage: store.storage, transformer: transformer
            )[sample.id]
          })
      }
    }
    // Every backend kept most values; the refusals are the documented ones.
    for (backend, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(outcome.exact + outcome.refused, samples.count, backend)
      XCTAssertGreaterThan(outcome.exact, 0, backend)
      print("round trip \(backend): \(outcome.exact) exact, \(outcome.refused) refused")
    }
  }

  /// The values the issue found changed, each checked by name.
  func testTheReportedLossesAreGone() async throws {
    let date = Date(timeIntervalSinceReferenceDate: 700_000_000.1234568)
    let early = Date(timeIntervalSinceReferenceDate: -0.5)
    for (name, transformer) in transformers {
      for value in [date, early] {
        let data = try transformer.encode([value])
        let copy = try transformer.decode([Date].self, from: data)
        XCTAssertEqual(
          copy.first?.timeIntervalSinceReferenceDate.bitPattern,
          value.timeIntervalSinceReferenceDate.bitPattern, name)
      }
      // A top-level String through a KeyedStore (was: "Top-level String encoded as string
      // property list fragment").
      let keyed = KeyedStore(storage: InMemoryDataStorage(), transformer: transformer)
      try await keyed.create(id: "name", item: "Robin")
      let name: String = try await keyed.read(id: "name")
      XCTAssertEqual(name, "Robin")
      try await keyed.create(id: "count", item: 42)
      let count: Int = try await keyed.read(id: "count")
      XCTAssertEqual(count, 42)
    }
    // Whole-second dates stay readable `<date>`s in XML.
    let xml = try PropertyListDataTransformer(format: .xml).encode(
      [Date(timeIntervalSinceReferenceDate: 700_000_000)])
    XCTAssertTrue(
      String(decoding: xml, as: UTF8.self).contains("<date>2023-03-08T20:26:40Z</date>"))
    // A nested optional holding .some(nil) is refused, not turned into nil.
    let keyed = KeyedStore(storage: InMemoryDataStorage())
    do {
      try await keyed.create(id: "nested", item: Wrapper(value: .some(nil)))
      XCTFail("a nested optional holding .some(nil) was stored")
    } catch {
      XCTAssertTrue("\(error)".contains("would not read back the same"), "\(error)")
    }
    let stored = try await keyed.contains(id: "nested")
    XCTAssertFalse(stored)
  }

  private struct Wrapper: Codable, Sendable, Equatable {
    var value: Int??
  }
}
