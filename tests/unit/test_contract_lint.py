"""openapi.yaml passes the linters client developers run on it: @redocly/cli's recommended
rules (clients/typescript/redocly.yaml) with no error and no warning, and
openapi-spec-validator."""

from __future__ import annotations

import json

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from tests.node_support import ROOT, run_tool


@pytest.mark.node
def test_redocly_finds_no_error_and_no_warning() -> None:
    result = run_tool("redocly", "lint", str(ROOT / "openapi.yaml"), "--format", "json")
    report = json.loads(result.stdout)
    problems = [f"{p['ruleId']}: {p['message']}" for p in report["problems"]]
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, problems
    assert result.returncode == 0, result.stderr[-2000:]


def test_openapi_spec_validator_accepts_the_contract() -> None:
    spec, _ = read_from_filename(str(ROOT / "openapi.yaml"))
    validate(spec)  # raises on the first thing that is not valid OpenAPI 3.0
