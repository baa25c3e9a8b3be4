/// The size of the synthetic corpus: the 2,000 files × 5 structs × 10 properties by
/// default (10,000 structs, 100,000 stored properties).
struct CorpusShape: Sendable, Equatable {
  var files: Int
  var structsPerFile: Int
  var propertiesPerStruct: Int

  var structs: Int { files * structsPerFile }
  var properties: Int { structs * propertiesPerStruct }
  /// The first struct of each file is persisted (`// quarry: table = …`); the rest are the
  /// ordinary app code a real target mixes in, which the scanner reads and the model skips.
  var persistedStructs: Int { files }
}
