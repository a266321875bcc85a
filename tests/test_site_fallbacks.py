"""What the course site (``bash tools/kit.sh site``) runs in the browser instead of compiled code
gives the same data and the same errors as what runs here.

In the browser (Pyodide) there is no libyaml and no ``rpds-py`` (``jsonschema``'s ``referencing``
needs it): the site carries PyYAML's own pure-Python parser (PyYAML without its libyaml module, so
``uurules.yamlio`` uses ``yaml.SafeLoader``, as wherever libyaml is missing) and ``rpds`` made of
``pyrsistent-as-rpds-py``. These tests force both here and compare, file by file: every scenario
of the course, every card file, the FAQ boards (good and bad), and bad documents written below.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from tests.conftest import ROOT
from uurules import yamlio
from uurules.engine.errors import InputError
from uurules.scenario import Scenario

BAD: dict[str, str] = {
    "unclosed-flow": "ruleset: unstable-unicorns\nplayers: [\n  - {name: Ann\n",
    "tab-indent": "ruleset: unstable-unicorns\nplayers:\n\t- {name: Ann}\n",
    "unclosed-quote": 'ruleset: "unstable-unicorns\nplayers: []\n',
    "bad-indent": "ruleset: unstable-unicorns\n  players: []\n",
    "mapping-in-scalar": "ruleset: a: b\n",
    "two-documents": "ruleset: unstable-unicorns\n---\nruleset: x\n",
    "duplicate-key": "ruleset: unstable-unicorns\nruleset: unstable-unicorns\n",
    "unknown-alias": "ruleset: *nothing\n",
    "nested-too-deep": "a: " + "[" * 70 + "]" * 70,
    "long-number": "seed: " + "9" * 50,
    "infinite": "seed: .inf\n",
    "python-tag": "a: !!python/object/apply:os.system [x]\n",
    "nul": "ruleset: unstable-unicorns\nplayers: [x\x00]\n",
    "not-a-mapping": "- a\n- b\n",
    "players-not-a-list": "ruleset: unstable-unicorns\nplayers: Ann\n",
    "unknown-key": "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\ncolour: blue\n",
    "wrong-type-deep": "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [1, 2]}\n",
    "float-seed": "ruleset: unstable-unicorns\nseed: 1.0\nplayers: [{name: Ann}]\n",
    "bool-seed": "ruleset: unstable-unicorns\nseed: true\nplayers: [{name: Ann}]\n",
    "bad-step": "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\nscript:\n  - dance: Ann\n",
    "step-not-a-mapping": "ruleset: unstable-unicorns\nplayers: [{name: Ann}]\nscript: [3]\n",
}
"""Bad documents: malformed YAML, refused limits, and documents the schema refuses."""


def documents() -> dict[str, tuple[str, str]]:
    """Every document compared: its name, and its text and what it is (``scenario`` or ``cards``)."""
    docs: dict[str, tuple[str, str]] = {}
    for path in sorted((ROOT / "notebooks" / "scenarios").rglob("*.yaml")) + sorted((ROOT / "tests").rglob("*.yaml")):
        kind = "cards" if "cards" in path.relative_to(ROOT).parts else "scenario"
        docs[str(path.relative_to(ROOT))] = (path.read_text(encoding="utf-8"), kind)
    docs.update({f"bad/{name}.yaml": (text, "scenario") for name, text in BAD.items()})
    return docs


def outcome(name: str, text: str, kind: str) -> list[Any]:
    """``["ok", data]`` for a document that loads and checks, else ``["error", its message]``."""
    try:
        doc = yamlio.load(text, name)
        if kind == "scenario":
            Scenario.from_text(text, name)
        elif isinstance(doc.data, dict) and "ruleset" in doc.data:  # a card file of a rule set
            yamlio.validate(doc, "card-file.schema.json", "card file")
        return ["ok", doc.data]
    except InputError as exc:
        return ["error", str(exc)]


def outcomes() -> dict[str, list[Any]]:
    return {name: outcome(name, text, kind) for name, (text, kind) in documents().items()}


def test_the_documents_compared_are_many_and_some_are_refused() -> None:
    found = outcomes()
    errors = [name for name, (status, _) in found.items() if status == "error"]
    assert len(found) > 120
    assert set(errors) >= {f"bad/{name}.yaml" for name in BAD}
    assert len(found) - len(errors) > 80


def test_the_pure_python_yaml_parser_gives_the_same_data_and_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with_libyaml = outcomes()
    monkeypatch.setattr(yamlio, "_Loader", yamlio._PurePython)
    monkeypatch.setattr(yamlio, "C_PARSER", False)
    pure = outcomes()
    assert pure.keys() == with_libyaml.keys()
    differ = {name: (with_libyaml[name], pure[name]) for name in pure if pure[name] != with_libyaml[name]}
    assert not differ


BROWSER = """
import json, sys
import pyrsistent_as_rpds.pure as rpds  # the site's rpds: pure Python, in place of rpds-py
assert "rpds" not in sys.modules and "jsonschema" not in sys.modules
sys.modules["rpds"] = rpds
from uurules import yamlio
yamlio._Loader = yamlio._PurePython  # the site's PyYAML: no libyaml
yamlio.C_PARSER = False
from tests.test_site_fallbacks import outcomes
found = outcomes()
import referencing._core as core
assert core.HashTrieMap.__module__.startswith("pyrsistent_as_rpds"), core.HashTrieMap.__module__
json.dump(found, sys.stdout)
"""


def test_the_browsers_yaml_and_rpds_give_the_same_data_and_errors() -> None:
    """PyYAML's pure parser and ``rpds`` in pure Python together, as in the site, in a fresh Python."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    env["UURULES_CACHE"] = "off"  # every document checked there, as the site checks it the first time
    run = subprocess.run(
        [sys.executable, "-c", BROWSER], cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=600
    )
    assert run.returncode == 0, run.stderr[-3000:]
    browser = json.loads(run.stdout)
    here = json.loads(json.dumps(outcomes()))  # as JSON, like the other side's
    assert browser.keys() == here.keys()
    differ = {name: (here[name], browser[name]) for name in here if browser[name] != here[name]}
    assert not differ
