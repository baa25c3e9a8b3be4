#!/usr/bin/env python3
"""Measures how often `quarry scan` agrees with the Swift compiler's own parser.

For every struct (qualified through enclosing types and extensions, local types in function
bodies left out, as the scanner does), both sides list the stored instance properties: name,
`let`/`var`, whether a default is written, and the type as written (whitespace and backticks
removed; absent when inferred). The compiler's side comes from `swiftc -frontend -dump-parse`
(parse only: no type checking, so files of any project parse alone); its type reprs are turned
back into text. `-dump-parse` drops `#if` blocks, so the compiler reads a copy of each file
whose `#if`/`#elseif`/`#else`/`#endif` lines are blanked (every branch visible, line numbers
kept), which is what the scanner reads too: it scans every branch.

    python3 Tests/RealWorldCorpus/compiler_agreement.py [--quarry PATH] [-v] FILE_OR_DIR...

Prints, per file with a difference, each property only one side has, then the totals:
compiler properties, scanner properties, matched, and agreement = matched / max(both).
Exit 1 when agreement is below --minimum (default 99.9).
"""
import json, os, re, subprocess, sys, tempfile

TYPE_KINDS_SKIPPED = set()
UNKNOWN = "\u2047"


def tokenize(text):
    """Atoms, parentheses and quoted strings of a -dump-parse tree."""
    tokens, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c in "()":
            tokens.append(c)
            i += 1
        elif c == '"' or (c == "'" and False):
            j, buf = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    buf.append(text[j + 1])
                    j += 2
                else:
                    buf.append(text[j])
                    j += 1
            tokens.append(('"', "".join(buf)))
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in " \t\r\n()":
                if text[j] == '"':  # key="value" atoms
                    j += 1
                    while j < n and text[j] != '"':
                        j += 2 if text[j] == "\\" else 1
                j += 1
            tokens.append(text[i:j])
            i = j
    return tokens


class Node:
    __slots__ = ("kind", "atoms", "strings", "children")

    def __init__(self, kind):
        self.kind, self.atoms, self.strings, self.children = kind, [], [], []

    def attr(self, key):
        prefix = key + "="
        for atom in self.atoms:
            if atom.startswith(prefix):
                value = atom[len(prefix):]
                return value[1:-1] if value.startswith('"') else value
        return None


def parse(text):
    """The tree of a -dump-parse dump, read by indentation: a node starts each line with
    `(`, two spaces deeper than its parent. (The dump's parentheses do not always balance.)"""
    root = Node("root")
    stack = [(-1, root)]
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if not stripped.startswith("("):
            continue
        indent = len(line) - len(stripped)
        tokens = tokenize(stripped)
        head = tokens[1] if len(tokens) > 1 else ""
        head = head[1] if isinstance(head, tuple) else head
        node = Node(head.split("=")[-1] if "=" in head else head)
        if "=" in head:
            node.atoms.append(head.split("=")[0] + "=")
        depth = 0
        for token in tokens[2:]:
            if token == "(":
                depth += 1
            elif token == ")":
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0:
                if isinstance(token, tuple):
                    node.strings.append(token[1])
                else:
                    node.atoms.append(token)
        while stack[-1][0] >= indent:
            stack.pop()
        stack[-1][1].children.append(node)
        stack.append((indent, node))
    return root


def type_text(node):
    k, c = node.kind, node.children
    if k == "type_unqualified_ident":
        args = ",".join(type_text(x) for x in c)
        return node.attr("id") + (f"<{args}>" if c else "")
    if k == "type_qualified_ident":
        args = ",".join(type_text(x) for x in c[1:])
        return type_text(c[0]) + "." + node.attr("id") + (f"<{args}>" if c[1:] else "")
    if k == "type_optional":
        return type_text(c[0]) + "?"
    if k == "type_implicitly_unwrapped_optional":
        return type_text(c[0]) + "!"
    if k == "type_array":
        return "[" + type_text(c[0]) + "]"
    if k == "type_dictionary":
        return "[" + type_text(c[0]) + ":" + type_text(c[1]) + "]"
    if k == "type_metatype":
        return type_text(c[0]) + ".Type"
    if k == "type_protocol":
        return type_text(c[0]) + ".Protocol"
    if k == "type_tuple":
        names = node.attr("names")
        labels = names.split(",") if names else [""] * len(c)
        parts = []
        for label, child in zip(labels, c):
            label = label.strip("'")
            parts.append((label + ":" if label else "") + type_text(child))
        return "(" + ",".join(parts) + ")"
    if k == "type_function":
        effects = "".join(a for a in node.atoms if a in ("async", "throws"))
        thrown = node.attr("thrown_type")
        params, result = c[0], c[-1]
        text = type_text(params)
        if len(c) == 3:
            effects = effects.replace("throws", "throws(" + type_text(c[1]) + ")")
        return text + effects + "->" + type_text(result)
    if k == "type_attributed":
        return node.attr("attrs").replace(" ", "") + type_text(c[0])
    if k == "type_ownership":
        return "".join(a for a in node.atoms if "=" not in a) + type_text(c[0])
    if k in ("type_isolated", "type_sending", "type_compile_time_const"):
        word = {"type_isolated": "isolated", "type_sending": "sending",
                "type_compile_time_const": "_const"}[k]
        return word + type_text(c[0])
    if k == "type_existential":
        return "any" + type_text(c[0])
    if k == "type_opaque_return":
        return "some" + type_text(c[0])
    if k == "type_composite":  # `Any` is the empty composition
        return "&".join(type_text(x) for x in c) if c else "Any"
    if k == "vararg":
        return type_text(c[0]) + "..."
    if k in ("type_pack_expansion", "pack_expansion"):
        return "repeat" + type_text(c[0])
    if k in ("type_pack_element", "pack_element"):
        return "each" + type_text(c[0])
    if k == "type_inverse":
        return "~" + type_text(c[0])
    if k == "type_placeholder":
        return "_"
    if k == "type_integer":
        return node.attr("value") or UNKNOWN
    TYPE_KINDS_SKIPPED.add(k)
    return UNKNOWN


TYPE_DECLS = {"struct_decl", "enum_decl", "class_decl", "actor_decl", "extension_decl",
              "protocol_decl"}
COMPUTED = {"get", "set", "_read", "_modify", "read", "modify", "unsafeAddress",
            "unsafeMutableAddress", "init"}


def compiler_properties(root):
    """{(struct, name, isLet, hasDefault, type)} as a list, from a parsed dump."""
    found = []

    def walk(node, names):
        for child in node.children:
            if child.kind in TYPE_DECLS:
                name = child.strings[0] if child.strings else "?"
                qualified = name if child.kind == "extension_decl" or not names else \
                    names[-1] + "." + name
                if child.kind == "struct_decl":
                    members(child, qualified)
                walk(child, names + [qualified])
            elif child.kind in ("source_file", "root"):
                walk(child, names)

    def members(struct, qualified):
        kids = struct.children
        for index, child in enumerate(kids):
            if child.kind != "pattern_binding_decl":
                continue
            entries = [e for e in child.children if e.kind == "pattern_entry"]
            decls = []
            for later in kids[index + 1:]:
                if later.kind != "var_decl":
                    break
                decls.append(later)
            by_name = {d.strings[0]: d for d in decls if d.strings}
            for entry in entries:
                pattern = entry.children[0] if entry.children else None
                has_default = any(a.startswith("original_init=") for a in [])
                has_default = any(ch.atoms and ch.atoms[0] == "original_init=" for ch in
                                  entry.children)
                type_node = None
                if pattern is not None and pattern.kind == "pattern_typed":
                    type_node = pattern.children[1] if len(pattern.children) > 1 else None
                    pattern = pattern.children[0]
                if pattern is None or pattern.kind != "pattern_named":
                    continue  # tuple patterns: the scanner declines them too
                name = pattern.strings[0]
                decl = by_name.get(name)
                if decl is None:
                    continue
                if "static" in decl.atoms or "class" in decl.atoms:
                    continue
                accessors = [a for a in decl.children if a.kind == "accessor_decl"]
                if any(set(a.atoms) & COMPUTED for a in accessors):
                    continue
                type_string = type_text(type_node) if type_node is not None else None
                found.append((qualified, name, "let" in decl.atoms, has_default, type_string))

    walk(root, [])
    return found


DIRECTIVE = re.compile(rb"^[ \t]*#(if|elseif|else|endif)\b")


def blank_directives(data):
    return b"\n".join(b"" if DIRECTIVE.match(line) else line for line in data.split(b"\n"))


TYPED_THROWS = re.compile(r"throws\((?:[^()]|\([^()]*\))*\)")


def normalized(text):
    # `-dump-parse` prints a typed `throws(E)` as a bare `throws`: compare both sides so.
    return TYPED_THROWS.sub("throws", re.sub(r"[\s`]", "", text))


def compare(path, expected, actual, totals, verbose):
    norm = lambda t: (t[0], t[1], t[2], t[3], None if t[4] is None else normalized(t[4]))
    left = [norm(t) for t in expected]
    remaining = [norm(t) for t in actual]
    matched, missing = 0, []
    for item in left:
        if item in remaining:
            remaining.remove(item)
            matched += 1
        else:
            missing.append(item)
    totals["files"] += 1
    totals["compiler"] += len(left)
    totals["scanner"] += len(actual)
    totals["matched"] += matched
    if missing or remaining:
        print(f"{path}:")
        for item in missing:
            print(f"  compiler only: {item}")
        for item in remaining:
            print(f"  scanner only:  {item}")
    elif verbose:
        print(f"{path}: {matched} properties agree")


def main():
    args = sys.argv[1:]
    quarry = ".build/release/quarry"
    minimum = 99.9
    verbose = False
    paths = []
    while args:
        arg = args.pop(0)
        if arg == "--quarry":
            quarry = args.pop(0)
        elif arg == "--minimum":
            minimum = float(args.pop(0))
        elif arg == "-v":
            verbose = True
        else:
            paths.append(arg)
    files = []
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                files += [os.path.join(folder, n) for n in sorted(names)
                          if n.endswith((".swift", ".swiftinterface"))
                          and os.path.isfile(os.path.join(folder, n))]
        else:
            files.append(path)
    totals = {"files": 0, "compiler": 0, "scanner": 0, "matched": 0, "bytes": 0}
    unparsable = 0
    batch = 64  # files per compiler and scanner process
    with tempfile.TemporaryDirectory() as temp:
        for first in range(0, len(files), batch):
            chunk = files[first:first + batch]
            copies = []
            for number, path in enumerate(chunk):
                copy = os.path.join(temp, f"input{number}.swift")
                open(copy, "wb").write(blank_directives(open(path, "rb").read()))
                copies.append(copy)
            primaries = [flag for copy in copies for flag in ("-primary-file", copy)]
            dump = subprocess.run(
                ["swiftc", "-frontend", "-dump-parse"] + primaries, capture_output=True)
            # Each file's tree starts right after the previous one's last `)`.
            text = dump.stdout.decode("utf-8", "replace").replace(")(source_file", ")\n(source_file")
            trees = {}
            for tree in parse(text).children:
                if tree.kind == "source_file" and tree.strings:
                    trees[tree.strings[0]] = tree
            scanned = json.loads(subprocess.run(
                [quarry, "scan"] + chunk, capture_output=True).stdout)
            by_file = {}
            for struct in scanned["structs"]:
                for p in struct["properties"]:
                    type_string = None if p["isTypeInferred"] else p["type"]
                    by_file.setdefault(struct["file"], []).append(
                        (struct["name"], p["name"], p["isLet"], p["default"] is not None,
                         type_string))
            for path, copy in zip(chunk, copies):
                tree = trees.get(copy)
                if tree is None:
                    unparsable += 1
                    print(f"{path}: the compiler printed no tree; skipped")
                    continue
                holder = Node("root")
                holder.children = [tree]
                expected = compiler_properties(holder)
                actual = by_file.get(path, [])
                compare(path, expected, actual, totals, verbose)
                totals["bytes"] += os.path.getsize(path)
    worst = max(totals["compiler"], totals["scanner"], 1)
    agreement = 100.0 * totals["matched"] / worst
    print(f"files: {totals['files']} ({totals['bytes'] / 1e6:.2f} MB), skipped: {unparsable}")
    print(f"stored properties: compiler {totals['compiler']}, scanner {totals['scanner']}, "
          f"matched {totals['matched']}")
    print(f"agreement: {agreement:.3f}% of stored properties")
    if TYPE_KINDS_SKIPPED:
        print("type reprs not turned into text: " + ", ".join(sorted(TYPE_KINDS_SKIPPED)))
    sys.exit(0 if agreement >= minimum else 1)


if __name__ == "__main__":
    main()
