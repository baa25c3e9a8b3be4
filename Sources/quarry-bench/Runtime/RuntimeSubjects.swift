import Foundation

/// The implementations compared side by side; raw comes first, it is what ratios divide by.
enum RuntimeSubjects {
  static func make(
    storage: BenchStorage, directory: URL, only names: Set<String>?
  ) -> [any RuntimeSubject] {
    let all: [any RuntimeSubject] = [
      RawSQLiteSubject(storage: storage, files: BenchDatabaseFiles(directory: directory)),
      QuarrySubject(storage: storage, files: BenchDatabaseFiles(directory: directory)),
      NaiveSubject(storage: storage, files: BenchDatabaseFiles(directory: directory)),
    ]
    return all.filter { names?.contains($0.name) ?? true }
  }
}
