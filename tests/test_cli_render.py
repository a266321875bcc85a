"""``uurules render`` and ``uurules wiki``."""

from __future__ import annotations

import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from uurules.cli import main

SEED = str(SCENARIOS / "seed-001-gameplay.yaml")
NEIGH = str(SCENARIOS / "render-neigh-pile.yaml")

needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


def test_render_dot_of_one_step_needs_no_graphviz(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")
    out = tmp_path / "step.dot"
    assert main(["render", SEED, "-o", str(out), "--step", "2"]) == 0
    source = out.read_text(encoding="utf-8")
    assert source.startswith("digraph step {") and "Step 2 · Ann uses Controlled Chaos" in source
    assert "wrote" in capsys.readouterr().out


def test_render_all_steps_writes_one_file_per_step(tmp_path: Path) -> None:
    assert main(["render", SEED, "-o", str(tmp_path / "steps"), "--all-steps", "--format", "dot"]) == 0
    names = sorted(p.name for p in (tmp_path / "steps").iterdir())
    assert names == [f"step-{n:03d}.dot" for n in range(8)]
    assert "Step 7 · Ann searches the deck for Mermaid Unicorn" in (tmp_path / "steps" / "step-007.dot").read_text(
        encoding="utf-8"
    )


@needs_dot
def test_render_default_is_the_last_step_as_svg_and_png_by_suffix(tmp_path: Path) -> None:
    assert main(["render", NEIGH, "-o", str(tmp_path / "end.svg")]) == 0
    root = ET.parse(tmp_path / "end.svg").getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Step 8 · Ann targets Mermaid Unicorn with DESTROY a card" in texts
    assert main(["render", NEIGH, "-o", str(tmp_path / "three.png"), "--step", "3"]) == 0
    assert (tmp_path / "three.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["render", NEIGH, "-o", str(tmp_path), "--step", "0"]) == 0  # a directory: step-000.svg in it
    assert (tmp_path / "step-000.svg").exists()


def test_bad_input_exits_2_with_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", SEED, "-o", str(tmp_path / "x.dot"), "--step", "99"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "--step 99 is out of range. Accepted: 0 (the staged board) to 7" in err
    assert main(["render", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "x.svg")]) == 2
    assert main(["wiki", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "w")]) == 2
    assert not (tmp_path / "x.dot").exists() and not (tmp_path / "w").exists()


def test_without_dot_render_and_wiki_exit_2_naming_how_to_install_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")
    assert main(["render", SEED, "-o", str(tmp_path / "x.svg")]) == 2
    assert main(["render", SEED, "-o", str(tmp_path / "all"), "--all-steps"]) == 2
    assert main(["wiki", SEED, "-o", str(tmp_path / "wiki")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all("apt-get install graphviz" in line for line in err)
    assert list(tmp_path.iterdir()) == []  # nothing half-written


@needs_dot
def test_wiki_page_follows_the_seed_notation_with_each_steps_picture(tmp_path: Path) -> None:
    assert main(["wiki", SEED, "-o", str(tmp_path)]) == 0
    page = (tmp_path / "seed-001-gameplay.wiki").read_text(encoding="utf-8")
    lines = page.splitlines()
    # a wiki shows the page's title at level 1: the page opens with it in bold, its headings at level 2
    title = "Seed 001 gameplay example: Controlled Chaos, Dread Pirate Unicorn and Parallel Universicorn"
    assert lines[0] == f"'''{title}'''"
    assert not [ln for ln in lines if re.match(r"=[^=]", ln)]
    assert "== The board ==" in lines and "== Resolution ==" in lines and "== End result ==" in lines
    assert "'''Ann (active player)''': Hand size of 6" in lines
    assert "* [In Stable];[[Controlled Chaos]]" in lines  # card names link to the cards' pages
    # the seed's notation, each step with its picture beside it
    assert 'THE EFFECT CHAIN; "Discard a card","Discard a card" (and) "Discard a card","Discard a card"' in lines
    assert '| RESOLUTION:THE EFFECT CHAIN; "Draw a card*". |' in lines
    assert "* [[Dread Pirate Unicorn]] has priority." in lines
    step3 = lines.index("=== Step 3: Parallel Universicorn replaces 4 effects; Ann draws Yay ===")  # in words
    assert re.fullmatch(r"\[\[File:seed-001-gameplay-step-003\.svg\|thumb\|right\|\d+px\|Step 3\]\]", lines[step3 + 1])
    assert lines[step3 + 2] == "<small>Script: choose: yes</small>"  # the script step, small
    # the events in words beside the notation
    words, notation = lines.index("'''In words'''", step3), lines.index("'''In the seed's notation'''", step3)
    assert lines[words + 1 : words + 3] == ["* [[Parallel Universicorn]] replaces 4 effects", "* Ann draws [[Yay]]"]
    assert lines[notation + 1] == "* [[Parallel Universicorn]] replaces each discard effect."
    linked = [ln.split("|")[0][len("[[File:") :] for ln in lines if ln.startswith("[[File:")]
    assert len(linked) == 8
    for line in (ln for ln in lines if ln.startswith("[[File:")):
        name, px = line.split("|")[0][len("[[File:") :], int(line.split("|")[3][:-2])
        svg = ET.parse(tmp_path / name).getroot()  # each linked picture exists and is well-formed SVG
        width = float(svg.get("width", "0")[:-2])
        smallest = min(float(t.get("font-size", "99")) for t in svg.iter("{http://www.w3.org/2000/svg}text"))
        # embedded wide enough that its smallest text shows at least 11 px high (or at its full size)
        assert smallest * px / width >= 11 or px >= width * 4 / 3, (name, px, width, smallest)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*linked, "seed-001-gameplay.wiki"])


def test_the_wiki_page_of_a_cards_scenario_lists_its_rulings_with_their_sources(tmp_path: Path) -> None:
    assert main(["wiki", str(SCENARIOS / "cards" / "pandamonium.yaml"), "-o", str(tmp_path)]) == 0
    lines = (tmp_path / "pandamonium.wiki").read_text(encoding="utf-8").splitlines()
    at = lines.index("== Rulings ==")
    assert at > lines.index("== End result ==")
    rulings = [ln for ln in lines[at:] if ln.startswith("* ")]
    assert len(rulings) == 5 and "A Panda is still a card: [[Two-For-One]]" not in rulings[2]
    assert rulings[2].startswith("* A Panda is still a card: Two-For-One")
    sources = [ln for ln in lines[at:] if ln.startswith("*: ''Source:'' ")]
    assert len(sources) == 5 and all("Unstable Games" in ln for ln in sources)
    assert "*: ''Play it:'' <code>uurules ask tests/faq/uu-ruling-pandamonium-1.yaml</code>" in lines
    assert sum(ln.startswith("*: ''The kit's reading:'' ") for ln in lines) == 3
    # a scenario that is no card's has no rulings section
    assert main(["wiki", str(SCENARIOS / "uu-chain-1-new-link.yaml"), "-o", str(tmp_path / "other")]) == 0
    assert "== Rulings ==" not in (tmp_path / "other" / "uu-chain-1-new-link.wiki").read_text(encoding="utf-8")


def test_wiki_text_is_made_inert_where_it_needs_to_be() -> None:
    from uurules.render.wiki import file_name, wiki_text

    assert wiki_text("| RESOLUTION:THE INSTANT PILE; Neigh (Ann) stops Neigh (Bob). |").startswith("| RESOLUTION")
    assert wiki_text("* not a list") == "<nowiki>* not a list</nowiki>"
    assert wiki_text("Bob's ''odd'' {{card}}") == "<nowiki>Bob's ''odd'' {{card}}</nowiki>"
    assert wiki_text("</nowiki>") == "<nowiki>&lt;/nowiki&gt;</nowiki>"
    assert file_name("my scenario [v2]").startswith("my-scenario-v2-")  # changed: a hash of the name follows
    assert file_name("my-scenario-v2") == "my-scenario-v2"
