"""The outcome tree of an exploration: plain data (markup) and DOT source, drawn by the render
layer with its one style table and its one escaping function."""

from __future__ import annotations

import itertools
import os
import re
import shutil
from collections import Counter

import pytest

from tests.conftest import SCENARIOS
from tests.test_render import edges, node_line, words
from uurules import render
from uurules.explore import Exploration, explore
from uurules.render import markup
from uurules.render.dot import Style, escape
from uurules.scenario import Scenario

POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
ORDER = SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml"
TWO_FOR_ONE = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Two-For-One, Neigh], stable: [Basic Unicorn]}
  - {name: Bob, hand: [Neigh, Neigh], stable: [Basic Unicorn]}
  - {name: Cat, hand: [Neigh], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Two-For-One}
"""
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


def declared(source: str) -> list[str]:
    """The node ids a DOT source declares, in order."""
    return [m.group(1) for m in re.finditer(r"^\s*([a-z][a-z0-9]*) \[label=", source, re.M)]


def merged_position(found: Exploration) -> tuple[int, int]:
    """A position (not an end) that the walk reached by several paths, and how many arrows lead in."""
    into = Counter(child for p in found.positions for _, child in p.edges)
    pos = next(p for p in found.positions if into[p.id] > 1 and p.outcome is None)
    return pos.id, into[pos.id]


# rule: LU.INST.1 rule: LU.PILE.3 rule: LU.PILE.4 (the pile's answers, as the explorer walks them)
@pytest.mark.rule("LU.INST.1", "LU.PILE.3", "LU.PILE.4")
def test_the_poison_board_every_position_once_and_each_outcome_once() -> None:
    found = explore(POISON)
    d = markup.outcomes(found, levels=10)  # the whole tree on one page
    assert d.kind == "outcomes" and d.title.splitlines() == [
        "Ann plays Unicorn Poison; Bob and Cat each hold a Neigh",
        "4 outcomes, 7 decision paths",
    ]
    assert [(n.id, n.status, words(n), n.caption) for n in d.nodes] == [
        ("p0", "start", "Bob: respond to Ann's Unicorn Poison?", "start"),
        ("p1", "position", "Cat: respond to Ann's Unicorn Poison?", ""),
        ("p3", "position", "Bob: respond to Cat's Neigh?", "merged: 2 ways in"),
        ("p6", "position", "Cat: respond to Bob's Neigh?", ""),
        ("o1", "outcome", f"Outcome 1 {' '.join(found.words(0))}", "1 path"),
        ("o2", "outcome", f"Outcome 2 {' '.join(found.words(1))}", "2 paths"),
        ("o3", "outcome", f"Outcome 3 {' '.join(found.words(2))}", "3 paths"),
        ("o4", "outcome", f"Outcome 4 {' '.join(found.words(3))}", "1 path"),
    ]
    # the two ends of outcome 3 (which Neigh is on top differs) are one box with two arrows in;
    # Cat may answer before Bob has decided (LU.PILE.2): that reaches Bob's window on her Neigh too
    assert [(e.tail, e.head, e.status, e.label) for e in d.edges] == [
        ("p0", "p1", "choice", "pass: Bob"),
        ("p0", "p6", "choice", "respond: Bob Neigh"),
        ("p0", "p3", "choice", "respond: Cat Neigh"),
        ("p1", "o1", "choice", "pass: Cat"),
        ("p1", "p3", "choice", "respond: Cat Neigh"),
        ("p3", "o2", "choice", "pass: Bob"),
        ("p3", "o3", "choice", "respond: Bob Neigh"),
        ("p6", "o4", "choice", "pass: Cat"),
        ("p6", "o3", "choice", "respond: Cat Neigh"),
    ]
    assert found.words(0) == [
        "Basic Unicorn goes from Bob's Stable to the discard pile",
        "Unicorn Poison ends in the discard pile",
    ]
    pic = render.outcomes(found, levels=10)
    assert repr(pic) == "<Picture outcomes: 4 outcomes, 7 decision paths>"
    assert pic.source.startswith("digraph outcomes {\n")
    assert declared(pic.source) == ["p0", "p1", "p3", "p6", "o1", "o2", "o3", "o4"]
    assert [(t, h) for t, h, _ in edges(pic.source)] == [(e.tail, e.head) for e in d.edges]
    assert found.dot(levels=10) == pic.source == render.outcomes(explore(POISON), levels=10).source  # deterministic


def test_a_merged_position_is_drawn_once_with_an_arrow_from_each_path() -> None:
    found = explore(Scenario.from_text(TWO_FOR_ONE))
    pid, arrows = merged_position(found)
    d = markup.outcomes(found, max_positions=1000, levels=10)
    node = d.node(f"p{pid}")
    assert node.status == "position" and node.caption == f"merged: {arrows} ways in"
    assert [e.tail for e in d.edges if e.head == f"p{pid}"] == sorted(
        f"p{p.id}" for p in found.positions for _, c in p.edges if c == pid
    )
    source = render.outcomes(found, max_positions=1000, levels=10).source
    node_line(source, f"p{pid}")  # declared exactly once
    assert sum(1 for _, head, _ in edges(source) if head == f"p{pid}") == arrows == 2
    # every end is drawn as its outcome: one box per outcome, one arrow per decision into an end
    into_ends = sum(1 for p in found.positions for _, c in p.edges if found.positions[c].outcome is not None)
    assert sum(1 for _, head, _ in edges(source) if head.startswith("o")) == into_ends
    assert [i for i in declared(source) if i.startswith("o")] == [f"o{i + 1}" for i in range(len(found.outcomes))]


def test_at_most_max_positions_are_drawn_and_the_rest_end_in_one_more_node() -> None:
    found = explore(Scenario.from_text(TWO_FOR_ONE))
    d = markup.outcomes(found, max_positions=3, levels=10)
    drawn = [n.id for n in d.nodes if n.id.startswith("p")]
    first = [f"p{c}" for _, c in found.positions[0].edges if found.positions[c].outcome is None]
    assert drawn == ["p0", *sorted(first, key=lambda p: int(p[1:]))[:2]]  # nearest the start first, then by id
    inner = sum(1 for p in found.positions if p.outcome is None)
    assert words(d.node("more")) == f"… {inner - 3} more positions" and d.node("more").status == "more"
    assert {e.tail for e in d.edges} <= set(drawn)
    assert any(e.head == "more" for e in d.edges)
    heads = {e.head for e in d.edges}
    assert all(n.id in heads or n.id == "p0" for n in d.nodes)  # nothing drawn that no arrow reaches
    source = render.outcomes(found, max_positions=3, levels=10).source
    assert [i for i in declared(source) if i.startswith("p")] == drawn and "more" in declared(source)


def test_a_cut_walk_marks_its_unfinished_positions_and_lower_bounds() -> None:
    found = explore(Scenario.from_text(TWO_FOR_ONE), max_nodes=3)
    d = markup.outcomes(found, levels=10)
    assert d.title.endswith("so far (the walk was cut short)")
    assert d.node("p0").status == "start"
    unwalked = [n for n in d.nodes if n.status == "unwalked"]
    assert unwalked and all(n.caption == "not walked to the end" for n in unwalked)
    assert all(n.caption.startswith("at least ") for n in d.nodes if n.id.startswith("o"))


def test_labels_reach_dot_only_through_the_one_escape() -> None:
    text = """ruleset: unstable-unicorns
cards:
  - {name: 'Bob''s"<\\&Тест>', type: Basic Unicorn}
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: 'Bob "the <Great>"', hand: [Neigh], stable: ['Bob''s"<\\&Тест>']}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    found = explore(Scenario.from_text(text))
    source = render.outcomes(found).source
    card = "Bob's\"<\\&Тест>"
    assert escape(card) in source
    assert escape(card) == "Bob&#39;s&quot;&lt;\\\\&amp;Тест&gt;"  # a backslash doubled: graphviz draws one
    assert "respond: Bob<BR/>&quot;the &lt;Great&gt;&quot;<BR/>Neigh" in source  # an arrow's label, wrapped
    assert 's"<' not in source and "<Great>" not in source
    for line in source.splitlines():
        if "label=" in line and 'label=""' not in line:
            assert re.search(r"label=<", line), line


@needs_dot
def test_real_dot_draws_the_tree_with_the_names_as_written() -> None:
    import xml.etree.ElementTree as ET

    found = explore(POISON)
    svg = found.picture().svg()
    texts = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert "Bob: respond to Ann's" in texts and "Outcome 3" in texts
    bundle = found._repr_mimebundle_()
    assert bundle["text/plain"] == repr(found) and bundle["image/svg+xml"].lstrip().startswith("<?xml")


def test_highlight_draws_one_outcomes_example_path_bold() -> None:
    found = explore(POISON)
    d = markup.outcomes(found, highlight=3, levels=10)  # outcome 3: respond: Cat Neigh; respond: Bob Neigh
    assert [(e.tail, e.head) for e in d.edges if e.status == "chosen"] == [("p0", "p3"), ("p3", "o3")]
    assert [n.id for n in d.nodes if n.status == "outcome-chosen"] == ["o3"]
    assert {e.status for e in markup.outcomes(found).edges} == {"choice"}
    # the chosen path is drawn to its outcome however few positions are drawn
    big = explore(Scenario.from_text(TWO_FOR_ONE))
    last = max(range(len(big.outcomes)), key=lambda i: len(big.outcomes[i].actions))
    d = markup.outcomes(big, max_positions=1, highlight=last + 1, levels=10)
    path = [(e.tail, e.head, e.label) for e in d.edges if e.status == "chosen"]
    assert [label for *_, label in path] == big.outcomes[last].example_text.split("; ")
    assert len(path) == len(big.outcomes[last].actions) > 2 and path[-1][1] == f"o{last + 1}"
    assert all(a[1] == b[0] for a, b in itertools.pairwise(path))  # one unbroken path from p0
    assert path[0][0] == "p0" and d.node(f"o{last + 1}").status == "outcome-chosen"


def test_nothing_pending_is_one_outcome_box() -> None:
    quiet = POISON.read_text(encoding="utf-8").replace("script:\n  - play: {player: Ann, card: Unicorn Poison}", "")
    d = markup.outcomes(explore(Scenario.from_text(quiet)))
    assert [(n.id, words(n), n.caption) for n in d.nodes] == [("o1", "Outcome 1 (the board is unchanged)", "1 path")]
    assert d.edges == []


def test_every_status_of_the_tree_is_in_the_one_style_table_with_a_colour_and_a_second_cue() -> None:
    found = explore(Scenario.from_text(TWO_FOR_ONE), max_nodes=40)
    used = set()
    for d in (
        markup.outcomes(found, max_positions=5, highlight=1, levels=10),
        markup.outcomes(found),
        markup.outcomes(found, page=2),
    ):
        used |= {(n.status, False) for n in d.nodes} | {(e.status, True) for e in d.edges}
    assert {s for s, _ in used} == {
        "start",
        "position",
        "unwalked",
        "outcome",
        "outcome-chosen",
        "more",
        "continued",
        "choice",
        "chosen",
    }
    for status, edge in used:
        st = Style.TABLE[status]
        assert st["color"].startswith("#"), status
        if not edge and status != "more":
            assert st["mark"] and st["line"] != "invis", status
    # the statuses that say how far the walk got differ by more than colour
    cues = {(Style.TABLE[s]["line"], Style.TABLE[s]["mark"]) for s in ("start", "position", "unwalked", "outcome")}
    assert len(cues) == 4


@pytest.mark.rule("LU.INST.1", "LU.PILE.4")
def test_the_order_of_my_neighs_board_has_six_outcomes() -> None:
    # rule: LU.INST.1 (Bob answers Ann's Neigh back), rule: LU.PILE.4 (the pile reopens on the Poison)
    found = explore(ORDER)
    d = markup.outcomes(found, levels=10)
    assert [n.id for n in d.nodes if n.id.startswith("o")] == [f"o{i}" for i in range(1, 7)]
    assert sum(o.paths for o in found.outcomes) == 6


def test_a_big_tree_comes_in_pages_that_continue_one_another() -> None:
    found = explore(POISON)
    pages = render.tree_pages(found)
    assert len(pages) == 2 and pages.roots == [0, 3]
    one, two = markup.outcomes(found), markup.outcomes(found, page=2)
    assert one.title.splitlines()[-1] == "Page 1 of 2 (from the question at its top)"
    # page 1 goes two decisions deep; the path on ends in a box that says where it goes on
    (stub,) = [n for n in one.nodes if n.status == "continued"]
    assert (stub.id, stub.caption, words(stub)) == ("c3", "continues on page 2", "Bob: respond to Cat's Neigh?")
    assert [(e.tail, e.label) for e in one.edges if e.head == "c3"] == [
        ("p0", "respond: Cat Neigh"),  # Cat may answer before Bob has decided (LU.PILE.2)
        ("p1", "respond: Cat Neigh"),
    ]
    # page 2 starts from that question, says where it came from, and reaches the outcomes from there
    assert two.nodes[0].id == "p3" and two.nodes[0].caption == "from page 1"
    assert [e.head for e in two.edges] == ["o2", "o3"]
    assert pages.outcome_pages == {0: [1], 2: [1, 2], 3: [1], 1: [2]}
    # highlight is an outcome's number as its box names it (from 1): outcome 2 is on page 2
    bold = markup.outcomes(found, page=2, highlight=2)
    assert [(e.tail, e.head) for e in bold.edges if e.status == "chosen"] == [("p3", "o2")]
    assert bold.node("o2").status == "outcome-chosen"
    # its example: Cat answers first (respond: Cat Neigh; pass: Bob), so on page 1 it leaves the start
    assert [(e.tail, e.head) for e in markup.outcomes(found, highlight=2).edges if e.status == "chosen"] == [
        ("p0", "c3")
    ]
    with pytest.raises(ValueError, match="1 to 4, not 0"):
        markup.outcomes(found, highlight=0)
    with pytest.raises(ValueError, match="pages 1 to 2, not 3"):
        markup.outcomes(found, page=3)
