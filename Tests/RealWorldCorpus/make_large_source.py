#!/usr/bin/env python3
"""Writes one large Swift file, for measuring the peak memory of `quarry scan` and `generate`.

    python3 Tests/RealWorldCorpus/make_large_source.py OUT.swift [--megabytes 200] [--kind data|models]

`--kind data` (the default): one persisted struct and a huge array literal of strings with
comments, like a generated data table or a large resource file; the scanner reads every byte
but finds few declarations. `--kind models`: the same block again and again, each a persisted
struct with seven properties, an ignored one, a computed property, a method and a raw-value
enum: every byte is a declaration. The output is deterministic. Measure with

    /usr/bin/time -v .build/release/quarry scan OUT.swift > /dev/null   # "Maximum resident set size"
"""
import sys

MODEL = '''
/// A bird seen in the field, number {n}.
// quarry: table = "birds_{n}", index = [name, kind]
public struct Bird{n}: Sendable, Equatable, Codable {{
  // quarry: primaryKey
  public var id: UUID
  // quarry: unique
  public var name: String
  public var wingspan: Double?
  public var kind: Kind{n}
  public var tags: [String]
  public var seenAt: Date
  // quarry: ignore
  public var thumbnail: Data? = nil
  var computed: Int {{ tags.count * 2 }}
  func describe() -> String {{ "\\(name) seen at \\(seenAt), tags \\(tags.joined(separator: ", "))" }}
}}

public enum Kind{n}: String, Sendable, Codable {{
  case songbird, raptor, wader
}}
'''

DATA_HEAD = '''import Foundation

// quarry: persist
struct Bird: Sendable {
  var id: Int
  var name: String
}

let birdNames: [String] = [
'''


def main(argv):
    path = argv[1]
    megabytes = int(argv[argv.index("--megabytes") + 1]) if "--megabytes" in argv else 200
    kind = argv[argv.index("--kind") + 1] if "--kind" in argv else "data"
    target = megabytes * 1024 * 1024
    size = 0
    n = 0
    with open(path, "w") as out:
        if kind == "data":
            out.write(DATA_HEAD)
            while size < target:
                line = '  "Bird name number %d with some words", // a comment %d\n' % (n, n)
                out.write(line)
                size += len(line)
                n += 1
            out.write("]\n")
        else:
            while size < target:
                text = MODEL.format(n=n)
                out.write(text)
                size += len(text)
                n += 1


if __name__ == "__main__":
    main(sys.argv)
