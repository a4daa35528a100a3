"""What `ttr --help` and each command's `--help` point at exists: every README section a
help names (`README: Section`) is a heading of README.md, every doc it names is a file
(and its `#anchor` a heading there), and the README's command table lists every command."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
# commands with parsers of their own, read through `ttr NAME --help`
OWN_PARSERS = ("worker", "tournament")


def headings(path: Path) -> set[str]:
    """The Markdown headings of `path` (not the comments of its code blocks)."""
    found, in_code = set(), False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif line.startswith("#") and not in_code:
            found.add(line.lstrip("#").strip())
    return found


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def helps() -> dict[str, str]:
    parser = build_parser()
    texts = {"ttr": parser.format_help()}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if name not in OWN_PARSERS:
                    texts[f"ttr {name}"] = sub.format_help()
    for name in OWN_PARSERS:
        run = subprocess.run([sys.executable, "-m", "bootstrap.cli", name, "--help"],
                             capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert run.returncode == 0, run.stderr
        texts[f"ttr {name}"] = run.stdout
    return {command: " ".join(text.split()) for command, text in texts.items()}


@pytest.fixture(scope="module")
def help_texts() -> dict[str, str]:
    return helps()


def test_every_readme_section_a_help_names_exists(help_texts: dict[str, str]) -> None:
    sections = headings(ROOT / "README.md")
    named = 0
    for command, text in help_texts.items():
        for listed in re.findall(r"README: ([^;)]*)", text):
            for section in listed.split(","):
                named += 1
                assert section.strip() in sections, (command, section.strip())
    assert named >= 3  # serve's and ttr's own help name sections


def test_every_doc_a_help_names_exists(help_texts: dict[str, str]) -> None:
    for command, text in help_texts.items():
        for doc, fragment in re.findall(r"(docs/[\w-]+\.md)(?:#([\w-]+))?", text):
            assert (ROOT / doc).exists(), (command, doc)
            if fragment:
                assert fragment in {anchor(h) for h in headings(ROOT / doc)}, (command, doc)


def test_the_readme_command_table_lists_every_command(help_texts: dict[str, str]) -> None:
    table = (ROOT / "README.md").read_text().split("## The command line")[1].split("\n## ")[0]
    for command in help_texts:
        if command != "ttr":
            assert f"| `{command}" in table, f"README's command table lacks `{command}`"


def test_the_readme_links_to_sections_of_the_client_docs_that_exist() -> None:
    text = (ROOT / "README.md").read_text()
    for doc, fragment in re.findall(r"\((docs/[\w-]+\.md)(?:#([\w-]+))?\)", text):
        assert (ROOT / doc).exists(), doc
        if fragment:
            assert fragment in {anchor(h) for h in headings(ROOT / doc)}, (doc, fragment)
