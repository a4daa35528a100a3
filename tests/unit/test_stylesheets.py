"""Every stylesheet the pages load is well formed: a rule left open (a lost `}`) makes
the browser read every later rule as part of it, and whole sections of the page silently
lose their styles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "service" / "static"
SHEETS = sorted(STATIC.rglob("*.css"))


def _without_comments_and_strings(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'", "\"\"", text)


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: str(p.relative_to(STATIC)))
def test_every_block_a_stylesheet_opens_it_closes(sheet: Path) -> None:
    depth = 0
    for number, line in enumerate(_without_comments_and_strings(sheet.read_text()).splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{sheet.name}: a `}}` closes nothing by line {number}"
    assert depth == 0, f"{sheet.name}: {depth} block(s) left open at the end"


def test_there_are_stylesheets_to_check() -> None:
    assert len(SHEETS) >= 3
