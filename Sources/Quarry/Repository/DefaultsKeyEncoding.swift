/// Turns a storage key into a UserDefaults key that survives a property list file.
///
/// UserDefaults accepts any string, but Linux Foundation saves the suite as an XML property
/// list, and XML cannot hold NUL or most control characters. Those characters and `%` itself
/// are written as `%` plus two hex digits per UTF-8 byte, so ordinary keys stay readable and the
/// mapping stays injective.
enum DefaultsKeyEncoding {
  static func encode(_ key: String) -> String {
    var output = ""
    for scalar in key.unicodeScalars {
      if needsEscape(scalar) {
        for byte in String(scalar).utf8 {
          output += "%" + FileNameEncoding.hex([byte]).uppercased()
        }
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x25, 0x00...0x1f, 0x7f...0x9f, 0xfffe, 0xffff: true
    default: false
    }
  }
}
