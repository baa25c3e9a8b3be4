#!/usr/bin/env python3
"""Writes a large tree of valid Swift from the corpus in Sources/, for `quarry generate`.

    python3 Tests/RealWorldCorpus/make_stress_tree.py OUT [--files 4000] [--pieces 3]

Each file joins `--pieces` corpus files, their declared type names suffixed with the file's
number (so every file declares its own types), in one of four layouts chosen by the number:
as written, tab-indented, every line flush left (valid Swift: the braces balance), or with
CRLF line ends. Every tenth file also holds annotated models (`// quarry: persist`). Folders
mimic packages: `Packages/<Name>.swift/Sources/<Module>/…` (a folder named like a file),
`App/Features/…`, `Tests/…`. The output is deterministic.
"""
import os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Not after `import` (`import struct Foundation.URL` declares nothing).
DECLARED = re.compile(r"(?<!import )\b(?:struct|enum|class|actor|protocol)\s+([A-Z][A-Za-z0-9_]*)")

MODEL = """
// quarry: table = "books_{n}"
struct Book{n}: Sendable, Equatable {{
  // quarry: primaryKey
  var id: UUID
  // quarry: unique, index
  var title: String
  var pages: Int = 0
  var rating: Double?
  var published: Date
  var tags: [String]
  var kind: Kind{n}
  // quarry: ignore
  var cover: Data? = nil
}}

enum Kind{n}: String, Codable, Sendable {{ case novel, essay }}

// quarry: persist
struct Shelf{n} {{
  // quarry: primaryKey, autoincrement
  var id: Int64?
  var label: String
  // quarry: references = Book{n}
  var bookID: UUID
}}
"""


def layout(text, style):
    if style == 1:
        return re.sub(r"(?m)^((?:  )+)", lambda m: "\t" * (len(m.group(1)) // 2), text)
    if style == 2:
        return "\n".join(line.lstrip(" \t") for line in text.split("\n"))
    if style == 3:
        return text.replace("\n", "\r\n")
    return text


def main():
    args = sys.argv[1:]
    out = args.pop(0)
    files, pieces = 4000, 3
    while args:
        flag = args.pop(0)
        if flag == "--files":
            files = int(args.pop(0))
        elif flag == "--pieces":
            pieces = int(args.pop(0))
    folder = os.path.join(HERE, "Sources")
    corpus = [open(os.path.join(folder, name), encoding="utf-8").read()
              for name in sorted(os.listdir(folder)) if name.endswith(".swift")]
    names = [sorted(set(DECLARED.findall(text)), key=len, reverse=True) for text in corpus]
    places = ["Packages/Charts.swift/Sources/Charts", "Packages/Networking/Sources/Networking",
              "App/Features/Library", "App/Features/Settings", "App/Shared", "Tests/AppTests"]
    for n in range(files):
        parts = []
        for piece in range(pieces):
            index = (n * pieces + piece) % len(corpus)
            text = corpus[index]
            if names[index]:
                pattern = re.compile(r"\b(" + "|".join(names[index]) + r")\b")
                text = pattern.sub(lambda m: f"{m.group(1)}{n}_{piece}", text)
            parts.append(text)
        if n % 10 == 0:
            parts.append("import Foundation\n" + MODEL.format(n=n))
        text = layout("\n".join(parts), n % 4)
        path = os.path.join(out, places[n % len(places)], f"Group{n // 100}", f"File{n}.swift")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
