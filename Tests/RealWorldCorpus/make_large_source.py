#!/usr/bin/env python3
"""Writes one large Swift file, for measuring the peak memory of `quarry scan` and `generate`.

    python3 Tests/RealWorldCorpus/make_large_source.py OUT.swift [--megabytes 200] [--kind data|models|code]

`--kind data` (the default): one persisted struct and a huge array literal of strings with
comments, like a generated data table or a large resource file; the scanner reads every byte
but finds few declarations. `--kind models`: the same block again and again, each a persisted
struct with seven properties, an ignored one, a computed property, a method and a raw-value
enum: every byte is a declaration. `--kind code`: app code as people write it (view models,
services, extensions with method bodies, closures, generics, string interpolation) where one
block in twenty adds a persisted struct: most bytes are bodies the scanner skips, but every
type and member is kept for templates that read `types`. The output is deterministic. Measure with

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

CODE = '''
/// Loads and caches the timeline of account {n}.
@MainActor
public final class TimelineViewModel{n}: ObservableObject {{
  public enum State: Equatable {{
    case loading
    case loaded(items: [String], nextPage: Int?)
    case failed(message: String)
  }}

  @Published public private(set) var state: State = .loading
  private let client: any APIClient{n}
  private var cache: [String: [String]] = [:]
  public var title: String {{ "Timeline \\({n})" }}

  public init(client: any APIClient{n}) {{
    self.client = client
  }}

  public func refresh(force: Bool = false) async {{
    if !force, case .loaded = state {{ return }}
    do {{
      let page = try await client.fetch(path: "/api/v1/timelines/\\({n})", page: nil)
      let filtered = page.items.filter {{ !$0.isEmpty && $0.count < 500 }}
        .map {{ $0.trimmingCharacters(in: .whitespaces) }}
      cache["home"] = filtered
      state = .loaded(items: filtered, nextPage: page.next)
    }} catch {{
      state = .failed(message: "Could not load: \\(error.localizedDescription)")
    }}
  }}

  func merge<S: Sequence>(_ more: S) where S.Element == String {{
    guard case .loaded(var items, let next) = state else {{ return }}
    items.append(contentsOf: more.filter {{ item in !items.contains(item) }})
    state = .loaded(items: items, nextPage: next.map {{ $0 + 1 }})
  }}
}}

public protocol APIClient{n}: Sendable {{
  func fetch(path: String, page: Int?) async throws -> Page{n}
}}

public struct Page{n}: Decodable, Sendable {{
  public let items: [String]
  public let next: Int?
}}

extension Page{n}: CustomStringConvertible {{
  public var description: String {{
    items.isEmpty ? "empty page" : "\\(items.count) items, next \\(next ?? -1)"
  }}
}}
'''

# One type in twenty is persisted, as in an app with an offline cache of a few models.
CODE_PERSISTED = '''
// quarry: persist
public struct CachedStatus{n}: Sendable, Equatable {{
  public var id: Int64
  public var content: String
  public var createdAt: Date
  public var favourites: Int
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
    # The output path comes first; anything else there (`--help`) would become a 200 MB file
    # of that name.
    if len(argv) < 2 or argv[1].startswith("-"):
        sys.exit(__doc__)
    path = argv[1]
    megabytes = int(argv[argv.index("--megabytes") + 1]) if "--megabytes" in argv else 200
    kind = argv[argv.index("--kind") + 1] if "--kind" in argv else "data"
    if kind not in ("data", "models", "code"):
        sys.exit("unknown --kind %r: data, models or code\n\n%s" % (kind, __doc__))
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
        elif kind == "code":
            out.write("import Foundation\nimport SwiftUI\n")
            while size < target:
                text = CODE.format(n=n) + (CODE_PERSISTED.format(n=n) if n % 20 == 0 else "")
                out.write(text)
                size += len(text)
                n += 1
        else:
            while size < target:
                text = MODEL.format(n=n)
                out.write(text)
                size += len(text)
                n += 1


if __name__ == "__main__":
    main(sys.argv)
