/// Filters that change letter case.
///
/// ```text
/// {{ "birdName"|upperFirstLetter }}  →  BirdName
/// {{ "BirdName"|lowerFirstLetter }}  →  birdName
/// {{ "Bird"|uppercase }}             →  BIRD
/// {{ "Bird"|lowercase }}             →  bird
/// {{ "hello wORLD"|capitalize }}     →  Hello World   (these three also map an array, as Stencil)
/// {{ "nestID"|snakeCase }}           →  nest_id
/// {{ "nest_id"|camelCase }}          →  nestId
/// ```
extension Filter {
  static let stringCaseFilters: [Filter] = [
    .string("upperFirstLetter") { StringCase.upperFirstLetter($0) },
    .string("lowerFirstLetter") { StringCase.lowerFirstLetter($0) },
    .stringOrEach("uppercase") { $0.uppercased() },
    .stringOrEach("lowercase") { $0.lowercased() },
    .stringOrEach("capitalize") { StringCase.capitalize($0) },
    .string("snakeCase") { StringCase.snakeCase($0) },
    .string("camelCase") { StringCase.camelCase($0) },
  ]
}

/// The case conversions behind the filters, usable by the generator too.
enum StringCase {
  static func upperFirstLetter(_ string: String) -> String {
    guard let first = string.first else { return string }
    return first.uppercased() + string.dropFirst()
  }

  static func lowerFirstLetter(_ string: String) -> String {
    guard let first = string.first else { return string }
    return first.lowercased() + string.dropFirst()
  }

  /// Upper-cases the first letter of every word and lower-cases the rest, like Stencil.
  static func capitalize(_ string: String) -> String {
    var result = ""
    var startsWord = true
    for character in string {
      if character.isWhitespace {
        result.append(character)
        startsWord = true
      } else {
        result += startsWord ? character.uppercased() : character.lowercased()
        startsWord = false
      }
    }
    return result
  }

  /// `nestID` → `nest_id`, `URLString` → `url_string`, `bird name` → `bird_name`.
  ///
  /// A word starts at an upper-case letter that follows a lower-case letter or digit, or that
  /// ends a run of capitals followed by a lower-case letter.
  static func snakeCase(_ string: String) -> String {
    let characters = Array(string)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character == " " || character == "-" || character == "_" {
        if !result.isEmpty && !result.hasSuffix("_") { result += "_" }
        continue
      }
      if character.isUppercase && index > 0 && !result.hasSuffix("_") {
        let previous = characters[index - 1]
        let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
          result += "_"
        }
      }
      result += character.lowercased()
    }
    return result
  }

  /// `nest_id` → `nestId`, `bird name` → `birdName`, `BIRD_NAME` → `birdName`.
  static func camelCase(_ string: String) -> String {
    let source = string.contains(where: \.isLowercase) ? string : string.lowercased()
    let words = source.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
    var result = ""
    for (index, word) in words.enumerated() {
      result += index == 0 ? lowerFirstLetter(String(word)) : upperFirstLetter(String(word))
    }
    return result
  }
}
