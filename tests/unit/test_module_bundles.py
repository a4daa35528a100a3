"""The bundles the server makes of the client's modules (`service.module_bundles`) run as
the modules do: the same modules in the same order, one instance of each whichever
bundles carry it, a module loaded when needed from its own bundle; and a form of
import or export the transform does not know is refused, never bundled wrong.

The running is checked in Node, on small modules written for each test: each is run
once as plain ES modules and once from its bundles, and the two must print the same."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from service.assets import static_assets
from service.module_bundles import BundleError, bundles, closure, every_bundle, wrapped
from tests.node_support import node

LOG = "globalThis.said = globalThis.said || []; said.push"
# the page: counts, in the order they run, each module's top level
MODULES = {
    "app/main.js": (
        'import { greet } from "./words.js";\n'
        'import * as shared from "./shared.js";\n'
        f'{LOG}("main " + greet("Ada") + " " + shared.made());\n'
        'export async function show() {\n'
        '  const page = await import("./page.js");\n'
        '  return page.title() + " " + shared.made();\n'
        '}\n'
        'show().then((t) => { said.push(t); console.log(JSON.stringify(said)); });\n'),
    "app/words.js": (
        'import { made } from "./shared.js";\n'
        f'{LOG}("words " + made());\n'
        'export function greet(name) { return `hello ${name}`; }\n'),
    "app/shared.js": (
        f'{LOG}("shared");\n'
        'let count = 0;\n'
        'export function made() { count += 1; return count; }\n'
        'export const where = import.meta.url.split("/").slice(-2).join("/");\n'),
    "app/page.js": (
        'import { where } from "./shared.js";\n'
        'import { Title as Heading } from "../board/title.js";\n'
        f'{LOG}("page " + where);\n'
        'export function title() { return new Heading("table").text; }\n'),
    "board/title.js": (
        f'{LOG}("title");\n'
        'export class Title { constructor(text) { this.text = text; } }\n'),
}


def _run(folder: Path, entry: str) -> str:
    done = subprocess.run([node(), str(folder / entry)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")


@pytest.mark.node
def test_a_bundled_page_runs_its_modules_as_the_modules_themselves_run(tmp_path: Path) -> None:
    plain, bundled = tmp_path / "plain", tmp_path / "bundled"
    _write(plain, MODULES)
    _write(bundled, bundles(MODULES))
    expected = _run(plain, "app/main.js")
    assert expected == ('["shared","words 1","main hello Ada 2","title",'
                        '"page app/shared.js","table 3"]')
    assert _run(bundled, "bundle/app/main.js") == expected


@pytest.mark.node
def test_a_module_two_bundles_carry_is_made_once(tmp_path: Path) -> None:
    files = {
        "app/main.js": ('import("./a.js").then(() => import("./b.js"))'
                        '.then(() => console.log(JSON.stringify(said)));\n'),
        "app/a.js": f'import {{ n }} from "./shared.js";\n{LOG}("a " + n());\n',
        "app/b.js": f'import {{ n }} from "./shared.js";\n{LOG}("b " + n());\n',
        "app/shared.js": (f'{LOG}("shared");\nlet count = 0;\n'
                          'export function n() { count += 1; return count; }\n'),
    }
    made = bundles(files)
    assert 'define("app/shared.js"' in made["bundle/app/a.js"]
    assert 'define("app/shared.js"' in made["bundle/app/b.js"]
    plain, bundled = tmp_path / "plain", tmp_path / "bundled"
    _write(plain, files)
    _write(bundled, made)
    assert _run(plain, "app/main.js") == '["shared","a 1","b 2"]'
    assert _run(bundled, "bundle/app/main.js") == '["shared","a 1","b 2"]'


def test_a_page_bundle_leaves_out_what_main_js_carries() -> None:
    made = bundles(MODULES)
    assert set(made) == {"bundle/app/main.js", "bundle/app/page.js"}
    assert 'define("app/shared.js"' in made["bundle/app/main.js"]
    assert 'define("app/shared.js"' not in made["bundle/app/page.js"]
    assert 'define("board/title.js"' in made["bundle/app/page.js"]


def test_modules_come_after_the_modules_they_import() -> None:
    assert closure(MODULES, "app/main.js") == ["app/shared.js", "app/words.js", "app/main.js"]


@pytest.mark.parametrize("line", [
    'import words from "./words.js";',  # a default import
    'import { greet } from "words";',  # not a relative address
    "export default 1;",
    "export { greet };",
    "export let count = 0;",
    'export * from "./words.js";',
    "const page = import(`./${name}.js`);",  # an address made at run time
    "const here = import.meta.resolve('./x.js');",
], ids=["default-import", "bare-name", "export-default", "export-list", "export-let",
        "re-export", "computed-import", "import-meta-other"])
def test_an_import_or_export_the_bundles_cannot_carry_is_refused(line: str) -> None:
    with pytest.raises(BundleError):
        wrapped("app/x.js", f"{line}\n")


def test_modules_that_import_each_other_are_refused() -> None:
    cycle = {"app/main.js": 'import { b } from "./b.js";\nexport const a = 1;\n',
             "app/b.js": 'import { a } from "./main.js";\nexport const b = 2;\n'}
    with pytest.raises(BundleError, match="import each other"):
        bundles(cycle)


def test_an_import_of_a_missing_module_is_refused() -> None:
    with pytest.raises(BundleError, match="missing"):
        bundles({"app/main.js": 'import { b } from "./gone.js";\n'})


def test_every_module_of_the_client_is_bundled() -> None:
    """The client's own modules, in the forms they are written: all carried by the
    bundles the service makes of them (a form the transform refused would fail here)."""
    files = static_assets().files
    carried = {name for bundle, asset in files.items() if bundle.startswith("bundle/")
               for name in asset.body.decode("utf-8").split('ttr$modules.define("')[1:]}
    names = {entry.split('"', 1)[0] for entry in carried}
    reached = set(closure({n: a.body.decode("utf-8") for n, a in files.items()
                           if n.endswith(".js") and not n.startswith("bundle/")},
                          "app/table.js"))
    assert reached <= names
    assert {"app/main.js", "app/lobby.js", "app/profile.js", "app/leaderboard.js",
            "app/tournaments.js", "app/signals.js", "app/endgame.js"} <= names


def test_each_pages_entry_gets_its_bundles() -> None:
    viewer = {**MODULES, "replay/replay.js": 'import { Title } from "../board/title.js";\n'}
    made = every_bundle(viewer, ("app/main.js", "replay/replay.js"))
    assert set(made) == {"bundle/app/main.js", "bundle/app/page.js", "bundle/replay/replay.js"}
    assert 'define("board/title.js"' in made["bundle/replay/replay.js"]


def test_a_module_two_pages_would_bundle_two_ways_is_refused() -> None:
    # both pages load page.js when needed, but main.js's page has shared.js already and
    # the viewer's does not: page.js's bundle would differ between them
    viewer = {**MODULES, "replay/replay.js": 'export const p = () => import("../app/page.js");\n'}
    with pytest.raises(BundleError, match="two ways"):
        every_bundle(viewer, ("app/main.js", "replay/replay.js"))
