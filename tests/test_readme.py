"""The README's worked example is what `uurules run` prints today."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from uurules.cli import main


def test_readme_example_output_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"`bash tools/kit.sh run (\S+)` prints:\n\n```\n(.*?)```", readme, re.S)
    assert m, "the README shows no example output"
    assert main(["run", str(ROOT / m.group(1))]) == 0
    assert capsys.readouterr().out == m.group(2)
