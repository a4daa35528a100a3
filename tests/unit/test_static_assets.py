"""The web client's files load like an app's (`service.assets`, `service.api.client_pages`):
compressed when the browser takes gzip, kept a year under a versioned address that
changes with any file's content, the pages themselves revalidated; each page preloads
its own modules only; the manifest and its icons let a phone install the client."""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events import MEMORY_URL
from service.assets import IMMUTABLE, Assets, static_assets, tree_version
from tests.api_support import make_app

STATIC = Path(__file__).resolve().parents[2] / "service" / "static"
PAGES = ["/", "/play/g_1", "/join/g_1", "/players/u_1", "/leaderboards/usa", "/tournaments",
         "/games/g_1/replay"]
# a file of each kind the pages load
FILES = ["app/main.js", "app/app.css", "app/i18n/en.json", "layouts/europe.json",
         "icons/icon-192.png"]
ADDRESS = re.compile(r'(?:src|href)="(/static/[^"]+)"')


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _versioned(name: str) -> str:
    return static_assets().url(name)


@pytest.mark.parametrize("name", ["app/main.js", "app/app.css", "app/i18n/en.json"])
def test_a_text_file_is_sent_gzipped_to_a_browser_that_takes_gzip(client: FlaskClient,
                                                                  name: str) -> None:
    with client.get(_versioned(name), headers={"Accept-Encoding": "gzip, deflate, br"}) as r:
        assert r.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in r.headers["Vary"]
        assert gzip.decompress(r.data) == (STATIC / name).read_bytes()
        assert len(r.data) < len((STATIC / name).read_bytes())


@pytest.mark.parametrize("accept", ["", "identity", "gzip;q=0, identity"],
                         ids=["none", "identity", "gzip-refused"])
def test_a_file_is_sent_as_it_is_to_a_client_that_does_not_take_gzip(client: FlaskClient,
                                                                    accept: str) -> None:
    with client.get(_versioned("app/main.js"), headers={"Accept-Encoding": accept}) as r:
        assert "Content-Encoding" not in r.headers
        assert "Accept-Encoding" in r.headers["Vary"]  # (a cache keeps both apart)
        assert r.data == (STATIC / "app/main.js").read_bytes()


def test_an_image_is_not_compressed_again(client: FlaskClient) -> None:
    with client.get(_versioned("icons/icon-512.png"), headers={"Accept-Encoding": "gzip"}) as r:
        assert "Content-Encoding" not in r.headers
        assert r.data == (STATIC / "icons/icon-512.png").read_bytes()


def test_the_gzipped_and_the_plain_file_have_different_etags(client: FlaskClient) -> None:
    plain = client.get(_versioned("app/main.js")).headers["ETag"]
    zipped = client.get(_versioned("app/main.js"), headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["ETag"] != plain


@pytest.mark.parametrize("name", FILES)
def test_a_file_at_its_versioned_address_is_kept_for_a_year(client: FlaskClient,
                                                            name: str) -> None:
    with client.get(_versioned(name), headers={"Accept-Encoding": "gzip"}) as r:
        assert r.status_code == 200
        assert r.headers["Cache-Control"] == IMMUTABLE == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("address", ["/static/app/main.js", "/static/0123456789abcdef/app/main.js"],
                         ids=["unversioned", "another-version"])
def test_a_file_at_an_address_not_of_this_version_is_revalidated(client: FlaskClient,
                                                                 address: str) -> None:
    with client.get(address) as r:
        assert r.status_code == 200
        assert r.headers["Cache-Control"] == "no-cache"
        assert r.data == (STATIC / "app/main.js").read_bytes()
        etag = r.headers["ETag"]
    assert client.get(address, headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("address", ["/static/app/nothing.js", "/static/../app.py",
                                     f"/static/{'0' * 16}/../../app.py", "/static/app"],
                         ids=["missing", "above", "above-versioned", "folder"])
def test_no_file_outside_the_static_files_is_served(client: FlaskClient, address: str) -> None:
    assert client.get(address).status_code == 404


def test_the_version_changes_when_a_files_content_changes(tmp_path: Path) -> None:
    tree = tmp_path / "static"
    shutil.copytree(STATIC, tree)
    first = Assets(tree)
    assert first.version == static_assets().version == tree_version(STATIC)
    module = tree / "app" / "words.js"
    module.write_bytes(module.read_bytes() + b"\n")
    second = Assets(tree)
    assert second.version != first.version
    assert second.url("app/main.js") != first.url("app/main.js")
    module.write_bytes(module.read_bytes()[:-1])  # the same content again: the same version
    assert tree_version(tree) == first.version


def test_the_version_changes_when_a_file_is_added(tmp_path: Path) -> None:
    tree = tmp_path / "static"
    shutil.copytree(STATIC, tree)
    before = tree_version(tree)
    (tree / "app" / "new.js").write_text("export const x = 1;\n")
    assert tree_version(tree) != before


@pytest.mark.parametrize("page", PAGES)
def test_a_page_is_revalidated_and_names_every_file_at_its_versioned_address(
        client: FlaskClient, page: str) -> None:
    with client.get(page) as r:
        assert r.mimetype == "text/html"
        assert r.headers["Cache-Control"] == "no-cache"
        html = r.get_data(as_text=True)
    addresses = ADDRESS.findall(html)
    assert addresses  # its styles, modules and icons
    assert [a for a in addresses if not a.startswith(_versioned(""))] == []
    for address in addresses:
        with client.get(address) as answer:
            assert (address, answer.status_code, answer.headers["Cache-Control"]) == \
                (address, 200, IMMUTABLE)


def _preloaded(client: FlaskClient, page: str) -> list[str]:
    html = client.get(page).get_data(as_text=True)
    prefix = _versioned("")
    return [a[len(prefix):] for a in re.findall(r'<link rel="modulepreload" href="([^"]+)">',
                                                  html)]


def _bundled(name: str) -> list[str]:
    """The modules the bundle `name` carries."""
    text = static_assets().files[name].body.decode("utf-8")
    return re.findall(r'^ttr\$modules\.define\("([^"]+)"', text, re.MULTILINE)


def _main_script(client: FlaskClient, page: str) -> tuple[str, str]:
    """The page's module script: its address under /static/, and its attributes but src."""
    html = client.get(page).get_data(as_text=True)
    found = re.search(r'<script type="module"( [^>]*?)? src="([^"]+)"></script>', html)
    assert found is not None
    return found.group(2)[len(_versioned("")):], (found.group(1) or "").strip()


def test_a_page_runs_main_js_from_its_bundle(client: FlaskClient) -> None:
    assert _main_script(client, "/play/g_1")[0] == "bundle/app/main.js"
    assert {"app/main.js", "app/api.js", "app/i18n.js"} <= set(_bundled("bundle/app/main.js"))


def test_the_replay_viewer_runs_its_modules_from_one_bundle(client: FlaskClient) -> None:
    assert _main_script(client, "/games/g_1/replay")[0] == "bundle/replay/replay.js"
    bundled = set(_bundled("bundle/replay/replay.js"))
    assert {"replay/replay.js", "replay/viewer.js", "board/board.js", "app/i18n.js"} <= bundled
    assert "app/main.js" not in bundled and "app/table.js" not in bundled


def test_a_page_is_first_drawn_once_main_js_has_run(client: FlaskClient) -> None:
    """Render-blocking: no drawing of the empty page (its "…") before main.js has run,
    whose start draws the header; on a slowed phone that drawing was the main thread's
    work of some 20-30 ms ahead of the table's."""
    assert _main_script(client, "/play/g_1")[1] == 'blocking="render"'


def test_every_bundle_asks_for_its_functions_to_be_compiled_at_once() -> None:
    """The compile hint (V8's `//# allFunctionsCalledOnLoad`, on a bundle's first line):
    its functions are compiled with the file, off the main thread, rather than each
    on the main thread when first called."""
    made = [name for name in static_assets().files if name.startswith("bundle/")]
    assert "bundle/app/main.js" in made and "bundle/app/table.js" in made
    for name in made:
        text = static_assets().files[name].body.decode("utf-8")
        assert text.startswith("//# allFunctionsCalledOnLoad\n"), name


def test_the_table_preloads_its_own_bundle_and_not_the_lobbys(client: FlaskClient) -> None:
    assert _preloaded(client, "/play/g_1") == ["bundle/app/table.js"]
    bundled = set(_bundled("bundle/app/table.js"))
    main = set(_bundled("bundle/app/main.js"))
    assert {"app/table.js", "app/table_parts.js"} <= bundled
    assert "board/board.js" in bundled | main
    assert "app/lobby.js" not in bundled | main
    # what main.js's bundle carries is not carried twice
    assert bundled & main == set()


def test_the_lobby_preloads_its_own_bundle_and_not_the_tables(client: FlaskClient) -> None:
    assert _preloaded(client, "/") == ["bundle/app/lobby.js"]
    bundled = set(_bundled("bundle/app/lobby.js"))
    assert "app/lobby.js" in bundled
    assert "app/table.js" not in bundled


@pytest.mark.parametrize("module", sorted(p.relative_to(STATIC).as_posix()
                                          for p in STATIC.rglob("*.js")))
def test_a_module_names_the_static_files_relative_to_itself(module: str) -> None:
    """So that a module of a version imports and fetches that version's files: an
    absolute /static/ address would load the unversioned file, a second copy."""
    text = (STATIC / module).read_text(encoding="utf-8")
    specifiers = re.findall(r"""\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["'`]([^"'`]+)""", text)
    assert [s for pair in specifiers for s in pair if s and not s.startswith(".")] == []
    assert re.findall(r"""[`'"]/static/""", text) == []


@pytest.mark.parametrize("page", PAGES)
def test_a_page_links_the_manifest_its_theme_colour_and_a_home_screen_icon(
        client: FlaskClient, page: str) -> None:
    html = client.get(page).get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#0b5cad">' in html
    icon = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', html)
    assert icon is not None
    assert client.get(icon.group(1)).mimetype == "image/png"


def test_the_theme_colour_is_the_clients_accent() -> None:
    css = (STATIC / "app" / "app.css").read_text(encoding="utf-8")
    assert "--accent: #0b5cad;" in css


def test_the_manifest_says_what_a_phone_needs_to_install_the_client(
        client: FlaskClient) -> None:
    with client.get("/manifest.webmanifest") as r:
        assert r.status_code == 200
        assert r.mimetype == "application/manifest+json"
        assert r.headers["Cache-Control"] == "no-cache"
        manifest = json.loads(r.data)
    assert {k: manifest[k] for k in ("name", "start_url", "display", "theme_color")} == {
        "name": "Ticket to Ride", "start_url": "/", "display": "standalone",
        "theme_color": "#0b5cad"}
    assert 0 < len(manifest["short_name"]) <= 12  # (a home screen cuts longer names)
    icons = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= icons


def test_the_manifests_icons_load_as_pngs_of_their_sizes(client: FlaskClient) -> None:
    from PIL import Image

    manifest = json.loads(client.get("/manifest.webmanifest").data)
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as r:
            assert (r.status_code, r.mimetype, r.headers["Cache-Control"]) == \
                (200, "image/png", IMMUTABLE)
            image = Image.open(io.BytesIO(r.data))
        assert image.format == "PNG"
        assert f"{image.width}x{image.height}" == icon["sizes"]


@pytest.mark.parametrize("name", ["icon-192.png", "icon-512.png", "maskable-512.png",
                                  "apple-touch-icon.png"])
def test_the_committed_icons_are_what_the_drawing_script_draws(name: str) -> None:
    from PIL import Image, ImageChops

    from tests.icons import drawn

    committed = Image.open(STATIC / "icons" / name).convert("RGBA")
    assert ImageChops.difference(committed, drawn(name).convert("RGBA")).getbbox() is None


def test_a_maskable_icon_is_opaque_to_its_edges() -> None:
    """A launcher cuts its own shape out of a maskable icon: a transparent corner would
    show as a hole."""
    from PIL import Image

    image = Image.open(STATIC / "icons" / "maskable-512.png").convert("RGBA")
    corners = [(0, 0), (511, 0), (0, 511), (511, 511)]
    assert [image.getpixel(c)[3] for c in corners] == [255] * 4


def test_a_public_api_answer_is_gzipped_for_a_client_that_takes_gzip(
        client: FlaskClient) -> None:
    plain = client.get("/v1/maps/europe")
    assert "Content-Encoding" not in plain.headers
    with client.get("/v1/maps/europe", headers={"Accept-Encoding": "gzip"}) as r:
        assert r.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in r.headers["Vary"]
        assert r.headers["Cache-Control"] == plain.headers["Cache-Control"]  # (its own)
        assert gzip.decompress(r.data) == plain.data


def test_a_private_api_answer_is_sent_as_it_is(client: FlaskClient) -> None:
    with client.get("/v1/games", headers={"Accept-Encoding": "gzip"}) as r:
        assert r.status_code == 200
        assert "private" in r.headers["Cache-Control"]
        assert "Content-Encoding" not in r.headers
        assert json.loads(r.data)["games"] == []
