"""The web client's modules joined into a few files (bundles) by the server, so that a
page asks for two scripts rather than one per module, while the client keeps no build
step: its files run as written, and the server makes the bundles from them when it
reads them.

A bundle is itself an ES module, `bundle/{dir}/{file}.js`, named for its entry module:
the entry and every module it imports, directly or not, each wrapped in a function
(its imports made consts, its exports the object it answers) and handed to a registry
shared by all bundles of the page (`ttrModules`, made by the
first bundle to run). A module's function runs the first time a module needs it, in
the order ES modules would run (an acyclic graph: its imports first, in the order
written), and once for the page, whichever bundles carry it: a page that moves to
another without reloading (the lobby's link to a table) loads the new page's bundle,
and the modules the two share keep their one instance (the language and its
catalogue, the API's ETags).

`main.js` is every page's entry, so the other bundles leave out what its bundle holds:
a page's (`table.js`'s, named by the server in a `modulepreload` link) and each
module a module loads only when it is needed (`import("./signals.js")`).

The transform knows the forms the client writes, one a line: `import {a, b as c} from
"./x.js";`, `import * as x from "./x.js";`, `export function|async function|class|
const NAME`, `import("./x.js")` and `import.meta.url`. Any other import or export is
refused when the bundles are made (`BundleError`), so a form the transform would get
wrong cannot reach a page: the tests make every bundle.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping

MAIN = "app/main.js"
# the replay viewer's page (/games/{id}/replay), which runs its own entry module
REPLAY = "replay/replay.js"
PREFIX = "bundle/"
# V8's compile hint, honoured on a file's first line (Chromium 136 on; a comment to any
# other engine): every function of the bundle compiled with the file, off the main
# thread, not each on the main thread when first called (most of a bundle's functions
# are called as its page loads).
COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"
# the registry every bundle starts with: made by the first bundle of a page to run;
# `root` is the version's folder (bundles are `bundle/{dir}/{file}.js`, two deep)
REGISTRY = """\
const ttr$modules = globalThis.ttrModules || (globalThis.ttrModules = (() => {
  const root = new URL("../../", import.meta.url);
  const factories = new Map();
  const made = new Map();
  function need(name) {
    if (made.has(name)) return made.get(name);
    const factory = factories.get(name);
    if (!factory) throw new Error(`the module ${name} is not loaded`);
    const exports = factory(need, load, new URL(name, root).href);
    made.set(name, exports);
    return exports;
  }
  async function load(name) {
    if (!factories.has(name)) await import(new URL(`bundle/${name}`, root).href);
    return need(name);
  }
  function define(name, factory) {
    if (!factories.has(name)) factories.set(name, factory);
  }
  return { define, need, load };
})());
"""
STATIC_IMPORT = re.compile(
    r'^import\s+(?:\{(?P<names>[^}]*)\}|\*\s+as\s+(?P<all>[A-Za-z_$][\w$]*))\s+'
    r'from\s+"(?P<path>[^"]+)";[ \t]*(?://.*)?$', re.MULTILINE)
EXPORT = re.compile(
    r'^export\s+(?=(?:async\s+)?function\*?\s+(?P<f>[A-Za-z_$][\w$]*)|class\s+(?P<c>[A-Za-z_$][\w$]*)'
    r'|const\s+(?P<k>[A-Za-z_$][\w$]*)\s*=)', re.MULTILINE)
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"(?P<path>\.{1,2}/[^"]+)"\s*\)')
IMPORTED = re.compile(r"^\s*(?P<name>[A-Za-z_$][\w$]*)(?:\s+as\s+(?P<local>[A-Za-z_$][\w$]*))?\s*$")
# what is left of a module's imports and exports once the forms above are taken
UNKNOWN = re.compile(r"^\s*(?:import|export)\b|\bimport\s*\(|\bimport\.meta\b(?!\.url)",
                     re.MULTILINE)


class BundleError(ValueError):
    """A module written in a form the transform does not know."""


def _resolve(name: str, specifier: str) -> str:
    if not specifier.startswith("."):
        raise BundleError(f"{name}: imports {specifier!r}, not a relative address")
    return posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier))


def imports_of(name: str, text: str) -> list[str]:
    """The modules `name` (its source `text`) imports statically, in the order written."""
    return [_resolve(name, m["path"]) for m in STATIC_IMPORT.finditer(text)]


def loads_of(name: str, text: str) -> list[str]:
    """The modules `name` loads only when needed (`import("./x.js")`)."""
    return [_resolve(name, m["path"]) for m in DYNAMIC_IMPORT.finditer(text)]


def _bindings(name: str, listed: str) -> str:
    parts = []
    for item in (p for p in listed.split(",") if p.strip()):
        match = IMPORTED.match(item)
        if match is None:
            raise BundleError(f"{name}: cannot read the import {item.strip()!r}")
        local = match["local"]
        parts.append(f"{match['name']}: {local}" if local else match["name"])
    return "{ " + ", ".join(parts) + " }"


def wrapped(name: str, text: str) -> str:
    """The module `name` as a call handing its function to the registry: its imports
    made consts taken from the modules they name (first, as ES modules run their
    imports first), its exports the frozen object the function answers. The module's
    lines keep their numbers, one line below the call's."""
    taken: list[str] = []

    def take(match: re.Match[str]) -> str:
        source = json.dumps(_resolve(name, match["path"]))
        if match["all"]:
            taken.append(f"const {match['all']} = ttr$need({source});")
        else:
            taken.append(f"const {_bindings(name, match['names'])} = ttr$need({source});")
        return ""

    body = STATIC_IMPORT.sub(take, text)
    exported = [m["f"] or m["c"] or m["k"] for m in EXPORT.finditer(body)]
    body = EXPORT.sub("", body)
    body = DYNAMIC_IMPORT.sub(
        lambda m: f"ttr$load({json.dumps(_resolve(name, m['path']))})", body)
    body = body.replace("import.meta.url", "ttr$url")
    leftover = UNKNOWN.search(body)
    if leftover is not None:
        line = body.count("\n", 0, leftover.start()) + 1
        raise BundleError(f"{name}, line {line}: an import or export the bundles cannot carry")
    if len(set(exported)) != len(exported):
        raise BundleError(f"{name}: exports a name twice")
    # (a function in parentheses: V8 compiles it with the bundle, rather than scanning
    # its text once to skip it and again when it is called)
    head = f"ttr$modules.define({json.dumps(name)}, (function (ttr$need, ttr$load, ttr$url) {{ "
    tail = f"return Object.freeze({{ {', '.join(exported)} }});\n}}));\n"
    return f"{head}{' '.join(taken)}\n{body}\n{tail}"


def closure(sources: Mapping[str, str], entry: str) -> list[str]:
    """`entry` and every module it imports, directly or not, each after the modules it
    imports (refused: an import of a missing module, or a cycle)."""
    ordered: list[str] = []
    placed: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in placed:
            return
        if name in path:
            raise BundleError("modules import each other: " + " -> ".join((*path, name)))
        if name not in sources:
            raise BundleError(f"{path[-1] if path else 'a page'} imports {name}, which is missing")
        for imported in imports_of(name, sources[name]):
            visit(imported, (*path, name))
        placed.add(name)
        ordered.append(name)

    visit(entry, ())
    return ordered


def bundles(sources: Mapping[str, str], main: str = MAIN) -> dict[str, str]:
    """Every bundle a page of the client can ask for, by its name (`bundle/app/main.js`):
    `main`'s, and one for each module loaded when needed (`import("./x.js")`) by any
    module of these, leaving out what `main`'s bundle holds."""
    wraps: dict[str, str] = {}

    def wrap(name: str) -> str:
        if name not in wraps:
            wraps[name] = wrapped(name, sources[name])
        return wraps[name]

    base = closure(sources, main)
    made: dict[str, str] = {}
    waiting = [main]
    while waiting:
        entry = waiting.pop(0)
        if PREFIX + entry in made:
            continue
        members = closure(sources, entry)
        kept = members if entry == main else [m for m in members if m not in base]
        made[PREFIX + entry] = (COMPILE_HINT + REGISTRY + "".join(wrap(m) for m in kept)
                                + f"ttr$modules.need({json.dumps(entry)});\n")
        for member in members:
            waiting.extend(loads_of(member, sources[member]))
    return made


def every_bundle(sources: Mapping[str, str], mains: tuple[str, ...] = (MAIN, REPLAY)
                 ) -> dict[str, str]:
    """The bundles of each page's entry module in `mains` (those `sources` has): the
    client's pages' and the replay viewer's. Two entries' bundles of one name must be
    the same file (a module two pages load when needed would otherwise be cut two
    ways): refused otherwise."""
    made: dict[str, str] = {}
    for main in mains:
        if main not in sources:
            continue
        for name, text in bundles(sources, main).items():
            if made.setdefault(name, text) != text:
                raise BundleError(f"{name} would be made two ways, for {main} and another page")
    return made
