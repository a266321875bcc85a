"""The answer to a question, drawn: the strategy (``render.strategy``) and the ``where:`` table.

Checked on the plain data and the DOT source (never on SVG bytes): stable node ids from the
strategy's own numbering, the asker's choices styled apart from the others' answers, every name
through the one escape, pages that cut a deep strategy, and the same answer giving the same bytes.
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from tests.test_render import edges, node_line
from uurules import render
from uurules.ask import Answer, Solver, StrategyNode, ask
from uurules.limits import Budget
from uurules.render import answers
from uurules.render.dot import Style, escape
from uurules.scenario import Scenario

POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"  # its question: no (Cat can Neigh Bob's Neigh)
ORDER = SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml"  # yes: the Super Neigh
BENCH = SCENARIOS / "faq-three-players-hold-neighs.yaml"
SAVE = {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}]}
DEEP = {**SAVE, "fastest": "others"}  # the others answer first: every answer of theirs is in the strategy
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


def declared(source: str) -> list[str]:
    """The node ids a DOT source declares, in order."""
    return [m.group(1) for m in re.finditer(r"^\s*([a-z][a-z0-9]*) \[label=", source, re.M)]


def test_a_no_draws_every_try_of_the_asker_and_the_answer_that_stops_it() -> None:
    found = ask(POISON)
    assert found.answer == "no"
    d = answers.strategy(found)
    assert d.title.splitlines() == [
        "Ann plays Unicorn Poison; Bob and Cat each hold a Neigh",
        "Can Bob make sure that Bob's Basic Unicorn is in Bob's Stable?",
        "No: how the others stop every try of Bob",
    ]
    assert [(n.id, n.status, n.caption) for n in d.nodes] == [
        ("n1", "start", "start"),
        ("n2", "position", ""),
        ("n3", "ask-fails", "a condition fails"),
        ("n4", "ask-fails", "a condition fails"),
    ]
    assert [(e.tail, e.head, e.status, e.label) for e in d.edges] == [
        ("n1", "n2", "ask-mine", "Bob answers Ann's Unicorn Poison with Neigh"),
        ("n1", "n3", "ask-mine", "everyone passes: Ann's Unicorn Poison resolves"),
        ("n2", "n4", "ask-theirs", "Cat answers Bob's Neigh with Neigh"),
    ]
    # each rest says what changed on the board from the question's board
    rest = " ".join(s.text for row in d.node("n4").rows for c in row for line in c.lines for s in line)
    assert rest.startswith("At rest: it fails") and "Basic Unicorn goes from Bob's Stable to the discard pile" in rest


def test_a_yes_draws_the_askers_choice_and_the_dot_styles_it_apart() -> None:
    found = ask(ORDER)
    assert found.answer == "yes"
    source = render.strategy(found).source
    assert declared(source) == ["n1", "n2"]
    ((tail, head, attrs),) = [e for e in edges(source) if "label" in e[2]]
    assert (tail, head) == ("n1", "n2")
    mine, theirs = Style.of("ask-mine", edge=True), Style.of("ask-theirs", edge=True)
    assert f'color="{mine["color"]}"' in attrs and "style=bold" in attrs
    assert mine["color"] != theirs["color"] and mine["line"] != theirs["line"]  # a colour and a line apart
    assert "Super Neigh" in attrs
    assert "style=" in node_line(source, "n2") and Style.TABLE["ask-holds"]["fill"] in node_line(source, "n2")


def test_the_others_answers_are_dashed_in_the_dot() -> None:
    source = render.strategy(ask(POISON)).source
    (attrs,) = [a for t, h, a in edges(source) if (t, h) == ("n2", "n4")]
    assert "style=dashed" in attrs and Style.TABLE["ask-theirs"]["color"] in attrs
    assert all("style=bold" in a for t, h, a in edges(source) if t == "n1" and "label" in a)


def test_the_same_answer_gives_the_same_dot_byte_for_byte() -> None:
    first, second = ask(BENCH, DEEP), ask(BENCH, DEEP)
    pages = len(render.strategy_pages(first))
    assert pages == len(render.strategy_pages(second)) > 1
    for page in range(1, pages + 1):
        assert render.strategy(first, page=page).source == render.strategy(second, page=page).source
    assert render.strategy(ask(POISON)).source == render.strategy(ask(POISON)).source


def test_a_deep_strategy_comes_in_pages_that_together_draw_every_position_once() -> None:
    found = ask(BENCH, DEEP)
    assert found.strategy is not None
    everyone = {n.id for n in found.strategy.walk()}
    pages = render.strategy_pages(found)
    assert pages.roots[0] == [1] and set(pages.page_of) == everyone
    drawn: list[int] = []
    for page in range(1, len(pages) + 1):
        d = answers.strategy(found, page=page)
        assert d.title.splitlines()[-1] == f"Page {page} of {len(pages)} (from the question at its top)"
        full = [int(n.id[1:]) for n in d.nodes if n.id.startswith("n")]
        assert all(pages.page_of[k] == page for k in full)
        drawn += full
        for stub in (n for n in d.nodes if n.id.startswith("c")):
            k = int(stub.id[1:])
            assert stub.caption == f"continues on page {pages.page_of[k]}" and pages.page_of[k] == page + 1
            assert k in pages.roots[page]  # the next page starts from it
        # each arrow starts at a position drawn on the page and ends at one of its boxes
        ids = {n.id for n in d.nodes}
        assert all(e.tail in ids and e.head in ids for e in d.edges)
    assert sorted(drawn) == sorted(everyone)  # each position in full on exactly one page
    with pytest.raises(ValueError, match="pages 1 to"):
        answers.strategy(found, page=len(pages) + 1)


def test_choices_the_size_bound_left_out_are_one_more_box() -> None:
    found = ask(BENCH, DEEP)
    game = Scenario.from_file(BENCH).play(auto=False, undo=False)
    solver = Solver(game, found.question, Budget())
    assert solver.value(solver.seen0)[0]
    found.strategy = solver.strategy(limit=3)
    d = answers.strategy(found, levels=10)
    (more,) = [n for n in d.nodes if n.id.startswith("m")]
    cut = sum(1 for n in found.strategy.walk() for c in n.choices if c.then is None)
    assert cut > 0 and more.rows[0][0].lines[0][0].text == f"+{cut} more"
    assert [e for e in d.edges if e.head == more.id] == [render.markup.Edge(f"n{more.id[1:]}", more.id, "choice")]


def test_names_reach_the_dot_only_through_the_one_escape() -> None:
    card = "Bob's\"<\\&Тест>"
    text = """ruleset: unstable-unicorns
cards:
  - {name: 'Bob''s"<\\&Тест>', type: Basic Unicorn}
players:
  - {name: Ann, hand: [Unicorn Poison, Neigh]}
  - {name: 'Bob "the <Great>"', hand: [Super Neigh], stable: ['Bob''s"<\\&Тест>']}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    scn = Scenario.from_text(text)
    found = ask(scn, {"can": 'Bob "the <Great>"', "make": [{"card": f'Bob "the <Great>"/{card}', "in": "discard"}]})
    assert found.answer == "yes"  # Bob lets the Poison resolve
    source = render.strategy(found).source
    assert escape(card) in source and escape('Bob "the <Great>"') in source
    assert 's"<' not in source and "<Great>" not in source and "&Тест" not in source
    for line in source.splitlines():
        if "label=" in line and 'label=""' not in line:
            assert re.search(r"label=<", line), line
    where = ask(scn, {"where": [f'Bob "the <Great>"/{card}']})
    wsource = render.strategy(where).source
    assert escape(card) in wsource and 's"<' not in wsource
    html = where._repr_mimebundle_()["text/html"]
    assert "&lt;Great&gt;" in html and "<Great>" not in html and 's"<' not in html


def test_a_where_answer_is_a_box_a_card_and_shows_as_a_table() -> None:
    found = ask(POISON, {"where": ["Bob/Basic Unicorn", "Ann/Unicorn Poison"]})
    d = answers.strategy(found)
    assert d.kind == "where" and [n.id for n in d.nodes] == ["w1", "w2"]
    assert d.title.splitlines()[-1] == "Where can Bob's Basic Unicorn and Ann's Unicorn Poison end up?"
    bundle = found._repr_mimebundle_()
    assert set(bundle) == {"text/html", "text/plain"} and "<svg" not in bundle["text/html"]
    assert bundle["text/html"].count("<tr>") == 1 + len(found.table())
    assert "<td>Bob&#x27;s Basic Unicorn</td><td>the discard pile</td>" in bundle["text/html"]
    assert bundle["text/plain"].splitlines()[0] == found.text()
    assert "- Bob's Basic Unicorn in Bob's Stable: Bob answers Ann's Unicorn Poison with Neigh" in bundle["text/plain"]


@needs_dot
def test_in_a_notebook_an_answer_shows_its_words_then_its_strategy() -> None:
    found = ask(ORDER)
    bundle = found._repr_mimebundle_()
    html = bundle["text/html"]
    assert html.startswith("<p>Yes. Bob can make sure that Bob&#x27;s Basic Unicorn is in Bob&#x27;s Stable")
    assert html.count("<svg") == 1 and "<?xml" not in html and 'id="uurules-strategy-' in html
    assert bundle["text/plain"] == found.text()
    deep = ask(BENCH, DEEP)._repr_mimebundle_()["text/html"]
    assert deep.count("<svg") == len(render.strategy_pages(ask(BENCH, DEEP)))  # every page, each its own ids
    assert len(set(re.findall(r'id="(uurules-strategy-[0-9a-f]+)-graph0"', deep))) == deep.count("<svg")


def test_without_dot_the_answer_still_shows_its_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from uurules.render import dot

    def missing(*args: Any, **kwargs: Any) -> bytes:
        raise dot.RenderError(dot.NO_DOT)

    monkeypatch.setattr(render.Picture, "svg", missing)
    html = ask(ORDER)._repr_mimebundle_()["text/html"]
    assert html.startswith("<p>Yes. Bob") and "install graphviz" in html and "<svg" not in html


def test_an_unknown_answer_and_a_board_already_at_rest() -> None:
    cut = ask(BENCH, SAVE, max_nodes=2)
    d = answers.strategy(cut)
    assert cut.answer == "unknown" and [(n.id, n.caption) for n in d.nodes] == [("unknown", "no strategy")]
    assert d.title.splitlines()[-1] == "Unknown: the search was cut short"
    quiet = ask(
        Scenario.from_text("ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, stable: [Basic Unicorn]}\n"),
        {"can": "Ann", "make": [{"card": "Ann/Basic Unicorn", "in": "Ann/stable"}]},
    )
    assert quiet.answer == "yes" and isinstance(quiet.strategy, StrategyNode)
    assert [(n.id, n.status) for n in answers.strategy(quiet).nodes] == [("n1", "ask-holds")]
    assert isinstance(quiet, Answer) and len(render.strategy_pages(quiet)) == 0


def test_the_legend_explains_the_strategys_looks() -> None:
    d = render.legend().diagram
    assert d.node("k-ask-holds").caption == "at rest: every condition holds"
    assert d.node("k-ask-fails").caption == "at rest: a condition fails"
    # each arrow's words stand where it ends (never on the arrow)
    labels = [d.node(e.head).rows[0][0].lines[0][0].text for e in d.edges if e.head.startswith("b-")]
    assert "the asker's choice" in labels and "an answer of the others" in labels
