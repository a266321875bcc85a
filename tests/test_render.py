"""The pictures: plain data (markup) and DOT source, asserted on structure, never on SVG bytes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, board, scenario
from uurules import render
from uurules.engine.errors import InputError
from uurules.engine.events import Event
from uurules.engine.state import PileItem
from uurules.render import board_table, markup
from uurules.render.dot import Style, escape, to_dot
from uurules.timeline import Timeline

SEED = "seed-001-gameplay.yaml"
NEIGH = "render-neigh-pile.yaml"
TWO_LINKS = "render-two-links.yaml"


def timeline(name: str) -> Timeline:
    return Timeline(scenario(name))


def edges(source: str) -> list[tuple[str, str, str]]:
    """(tail, head, attributes) of every edge written in a DOT source."""
    out = []
    for line in source.splitlines():
        m = re.match(r"^\s*(\S+) -> (\S+)(?: \[(.*)\])?$", line)
        if m:
            out.append((m.group(1), m.group(2), m.group(3) or ""))
    return out


def node_line(source: str, node_id: str) -> str:
    lines = [ln for ln in source.splitlines() if re.match(rf"^\s*{re.escape(node_id)} \[", ln)]
    assert len(lines) == 1, f"{node_id} is declared {len(lines)} times"
    return lines[0]


def words(node: markup.Node) -> str:
    """All the text of a node, one string."""
    return " ".join(span.text for row in node.rows for cell in row for line in cell.lines for span in line)


# -- the effect chain ------------------------------------------------------------------------------
def said(cell: markup.Cell) -> str:
    """The words of a cell, its lines run together."""
    return re.sub(r"\s+", " ", " ".join(span.text for line in cell.lines for span in line)).replace(" · by ", " by ")


@pytest.mark.rule("UU.REPL.2", "UU.REPL.3")
def test_chain_of_seed_001_says_in_each_box_what_it_replaced_and_by_which_card() -> None:
    # rule: UU.REPL.2 rule: UU.REPL.3 the seed's trace, drawn: 2 discards -> 4 discards -> 4 draws*
    game = scenario(SEED).play()
    diagram = markup.chain(game)
    nodes = diagram.all_nodes()
    # a replaced effect has no box of its own, and no arrow: it is crossed out inside each box of
    # what replaced it, so the chain is no wider for it
    assert not [n for n in nodes if n.status == "replaced"]
    assert {e.status for e in diagram.edges} <= {"join", "target", "order"}
    draws = [n for n in nodes if n.rows[0][0].lines[0][-1].text == "Draw a card*"]
    assert len(draws) == 4
    for k, n in enumerate(draws):
        about = n.rows[1][0]  # who, the card that made it, what it replaced (the nearest first)
        first = "1st" if k < 2 else "2nd"  # Dread Pirate Unicorn made two discards of each of the card's two
        assert said(about) == (
            "Controlled Chaos · Ann by Parallel Universicorn instead of Discard a card by Dread Pirate Unicorn"
            f" instead of the {first} Discard a card"
        )
        struck = [span.text for line in about.lines for span in line if "strike" in span.style]
        assert struck == ["Discard a card", "Discard a card"]
        line = node_line(render.chain(game).source, n.id)
        assert line.count("<S>Discard a card</S>") == 2 and "by Dread Pirate Unicorn" in line
    # the same three levels while they happen: step 2, Dread Pirate Unicorn's discards wait
    two = markup.step_scene(timeline(SEED)[2])
    waiting = [n for n in two.all_nodes() if n.id.startswith("e") and n.status in ("next", "waiting")]
    assert [said(n.rows[1][0]) for n in waiting] == [
        f"Controlled Chaos · Ann by Dread Pirate Unicorn instead of the {first} Discard a card"
        for first in ("1st", "1st", "2nd", "2nd")
    ]


def test_a_replaced_effect_names_its_own_card_and_targets_in_the_box_of_what_replaced_it() -> None:
    # Black Knight Unicorn: Unicorn Poison's DESTROY, aimed at Rhinocorn, is replaced by SACRIFICE this card
    tl = timeline("cards/black-knight-unicorn.yaml")
    scene = markup.step_scene(tl[2])
    (box,) = [n for n in scene.all_nodes() if n.id.startswith("e") and n.status == "done"]
    assert said(box.rows[0][0]) == "1. SACRIFICE this card"
    assert said(box.rows[1][0]) == (
        "Black Knight Unicorn · Bob by Black Knight Unicorn instead of DESTROY a Unicorn card"
        " of Unicorn Poison, on Rhinocorn"
    )
    assert box.changed  # made and carried out this step
    # the sacrifice aims at nothing: no arrow says it targets what the destroy aimed at
    assert not [e for e in scene.edges if e.status == "target"]


@pytest.mark.rule("UU.CHAIN.1")
def test_chain_numbers_the_effects_that_resolve_in_order_first_in_first_out() -> None:
    # rule: UU.CHAIN.1 the first link resolves completely before the next
    game = scenario(SEED).play()
    diagram = markup.chain(game)
    numbered = []
    for n in diagram.all_nodes():
        texts = [row for row in n.rows if not row[0].lines[0][0].text.startswith("↓")]  # not the join word
        first = texts[0][0].lines[0] if texts and texts[0][0].lines else []
        if first and first[0].style == "bold" and first[0].text.endswith(". "):
            numbered.append((int(first[0].text[:-2]), " ".join(s.text for s in first[1:]), n.caption))
    assert [k for k, _, _ in numbered] == [1, 2, 3, 4, 5, 6, 7]
    assert [label for _, label, _ in numbered[:4]] == ["Draw a card*"] * 4
    # seed 001: at the hand limit, the second and fourth draws are carried out as discards
    assert [c for _, _, c in numbered[:4]] == [
        "done",
        "at the hand limit: carried out as discard",
        "done",
        "at the hand limit: carried out as discard",
    ]
    assert numbered[4][2] == "done: chose SEARCH the deck for a Unicorn card then Shuffle the deck"


@pytest.mark.rule("UU.CHAIN.2", "UU.IMP.2")
def test_links_stack_top_to_bottom_in_order_and_disregarded_actions_say_why() -> None:
    # rule: UU.CHAIN.2 two Beginning of Turn triggers form one link; rule: UU.IMP.2 disregarded
    game = scenario(TWO_LINKS).play()
    group, _ = markup.chain_group(game, game.events)
    assert [g.id for g in group.groups] == [f"cluster_link{link.id}" for link in game.state.chain]
    assert [g.label for g in group.groups] == [
        "Link 1 · Beginning of Turn · resolved",
        "Link 2 · Basic Unicorn left Bob's Stable · resolved",
    ]
    first = group.groups[0]
    assert [words(n).split(" · ")[0] for n in first.nodes if n.status == "used"] == [
        "Horn of Ruin triggers",
        "Sadistic Ritual triggers",
    ]
    (gone,) = [n for n in group.groups[1].nodes if n.status == "disregarded"]
    assert gone.caption == "impossible: disregarded (Bob has no card in hand)"
    # the column order puts every effect of link 1 above link 2's (in each column, when in two)
    ones, twos = {n.id for n in first.nodes}, {n.id for n in group.groups[1].nodes}
    for column in group.columns:
        link = [1 if x in ones else 2 for x in column if x in ones | twos]
        assert link == sorted(link)
    assert all(any(x in column for column in group.columns) for x in ones | twos)
    source = render.chain(game).source
    st = Style.TABLE["disregarded"]
    line = node_line(source, gone.id)
    assert "dotted" in line and st["color"] in line and "⊘ impossible:<BR/>disregarded" in line


def test_targets_are_edges_to_the_target_cards() -> None:
    tl = timeline(NEIGH)
    game = tl[7].game()  # Two-For-One: the first DESTROY has its target
    diagram = markup.chain(game)
    targets = [e for e in diagram.edges if e.status == "target"]
    assert len(targets) == 1
    card = game.find("Bob/Basic Unicorn")
    assert targets[0].head == f"t{card}"
    node = diagram.node(f"t{card}")
    assert words(node) == "Basic Unicorn Bob's Stable"
    assert f"{targets[0].tail} -> t{card}" in render.chain(game).source


@pytest.mark.rule("UU.SEQ.3", "UU.SEQ.4")
def test_join_words_are_labelled_arrows_between_the_actions_they_join() -> None:
    # rule: UU.SEQ.3 rule: UU.SEQ.4 "then" and "if you do" join two actions: an arrow from one to the other
    game = scenario(SEED).play()
    diagram = markup.chain(game)
    nodes = diagram.all_nodes()
    assert not [n for n in nodes if n.status == "join"], "no floating word boxes"
    # written from the later action back to the earlier (their column's order), drawn from the earlier
    joins = [(diagram.node(e.head), diagram.node(e.tail), e.label) for e in diagram.edges if e.status == "join"]
    assert all(e.back for e in diagram.edges if e.status == "join")
    assert [(words(a).split(" · ")[0], words(b).split(" · ")[0], label) for a, b, label in joins] == [
        (  # from the last of the four draws that stand for the card's two discards (replaced)
            "4.  Draw a card* Controlled Chaos",
            "↓ if you do 5.  DESTROY a Unicorn card -OR- SEARCH the deck for a Unicorn card Controlled Chaos",
            "if you do",
        ),
        (
            "6.  SEARCH the deck for a Unicorn card Controlled Chaos",
            "↓ then 7.  Shuffle the deck Controlled Chaos",
            "then",
        ),
    ]
    # the word stands atop the box the arrow leads to, never on the arrow (a short one, in a column)
    source = render.chain(game).source
    joined = r'-> e\d+ \[style=dashed color="#6d4c41" fontcolor="#6d4c41" dir=back arrowtail=normal\]'
    assert len(re.findall(joined, source)) == 2 and "xlabel" not in source
    assert "<I>↓ if you do</I>" in node_line(source, joins[0][1].id)


@pytest.mark.rule("UU.SEQ.4")
def test_a_join_with_nothing_after_it_yet_leads_to_the_rest_of_the_card() -> None:
    # rule: UU.SEQ.4 before the discards are done, "if you do" leads to what is not on the chain yet
    tl = timeline(SEED)
    diagram = markup.step_scene(tl[4])
    (edge,) = [e for e in diagram.edges if e.status == "join"]
    rest = diagram.node(edge.tail)
    assert edge.label == "if you do" and rest.status == "later"
    assert words(rest) == "↓ if you do the rest of Controlled Chaos"
    assert rest.caption == "added when the effects before it are done"
    # a "then" whose action before it was not performed: the arrow says so, and nothing dangles
    no = markup.step_scene(timeline("uu-seq-3-then-not-performed.yaml").last)
    (edge,) = [e for e in no.edges if e.status == "join"]
    assert edge.label == "then" and no.node(edge.tail).status == "declined"
    assert no.node(edge.tail).caption == "not carried out: the action before it was not performed"


def test_triggers_are_drawn_plainly() -> None:
    game = scenario(SEED).play()
    nodes = markup.chain(game).all_nodes()
    (trigger,) = [n for n in nodes if n.status == "used"]
    assert words(trigger) == "Controlled Chaos triggers · Ann"
    assert trigger.caption == "used"


def test_forming_trigger_and_the_next_effect_are_marked() -> None:
    tl = timeline(SEED)
    one = markup.step_scene(tl[1])
    (trigger,) = [n for n in one.all_nodes() if n.id.startswith("e")]
    assert trigger.status == "forming" and trigger.caption == "triggered: waits its turn"
    two = markup.step_scene(tl[2])
    nxt = [n for n in two.all_nodes() if n.status == "next"]
    assert len(nxt) == 1 and nxt[0].caption == "resolves next"


# -- the pile ---------------------------------------------------------------------------------------
@pytest.mark.rule("LU.PILE.1", "LU.PILE.4")
def test_pile_is_drawn_bottom_first_with_answers_and_resolution_order() -> None:
    # rule: LU.PILE.1 responses answer the top card; rule: LU.PILE.4 last in, first out
    tl = timeline(NEIGH)
    game = tl[3].game()
    (group,), pile_edges, notes = markup.pile_group(game)
    items = game.state.pile
    assert group.label == "THE INSTANT PILE · last in, first out"
    top = f"i{items[-1].id}"  # the top card on top; the response window on it just under it
    assert group.columns == [[top, "window", *(f"i{i.id}" for i in reversed(items[:-1]))]]
    captions = [n.caption for n in group.nodes if n.id != "window"]
    assert captions == ["top card · resolves 1st", "resolves 2nd", "resolves 3rd"]
    assert [" ".join(words(n).split()) for n in group.nodes if n.id != "window"] == [
        "Neigh · Ann answers Neigh (Bob)",
        "Neigh · Bob answers Two-For-One (Ann)",
        "Two-For-One · Ann",
    ]
    # a card's name (bold) and its player share the box's first line
    first = [[(s.text.strip(), s.style) for s in n.rows[0][0].lines[0]] for n in group.nodes if n.id != "window"]
    assert first == [
        [("Neigh", "bold"), ("· Ann", "")],
        [("Neigh", "bold"), ("· Bob", "")],
        [("Two-For-One", "bold"), ("· Ann", "")],
    ]
    answers = [(e.tail, e.head) for e in pile_edges if e.status == "answers"]  # quiet: the boxes say it
    assert answers == [(f"i{items[0].id}", f"i{items[1].id}"), (f"i{items[1].id}", f"i{items[2].id}")]
    assert all(e.back for e in pile_edges if e.status == "answers")  # arrows point down
    assert notes == []  # the window stands in the pile's column, under the card it is about
    window = group.nodes[-1]
    assert words(window) == "Response window open on Neigh (Ann) may still respond: Cat"
    assert window.caption == "waiting for Cat"
    source = render.game(game).source
    (answer,) = [a for t, h, a in edges(source) if (t, h) == (f"i{items[1].id}", f"i{items[2].id}") and "bold" in a]
    assert "dir=back" in answer and "style=bold" in answer and "label" not in answer
    assert f"window -> i{items[2].id}" in source


def test_cards_that_left_the_pile_in_a_step_show_as_resolved_or_cancelled() -> None:
    tl = timeline(NEIGH)
    scene = markup.step_scene(tl[4])  # pass: Cat -> Ann's Neigh resolves and stops Bob's
    pile = next(g for g in scene.groups if g.id == "cluster_pile")
    by_caption = {n.caption: n for n in pile.nodes if n.id != "window"}
    assert set(by_caption) == {
        "resolved 1st: stopped Bob's Neigh",
        "cancelled by Ann's Neigh",
        "top card · resolves 1st",
    }
    cancelled = by_caption["cancelled by Ann's Neigh"]
    assert cancelled.status == "cancelled" and cancelled.changed
    assert cancelled.rows[0][0].lines[0][0].style == "bold strike"
    source = render.step(tl[4]).source
    line = node_line(source, cancelled.id)
    assert "peripheries=2" in line and Style.TABLE["changed"]["color"] in line


@pytest.mark.rule("EOM.STACK.3")
def test_stack_name_and_uninterruptible_effects_outside_it() -> None:
    # rule: EOM.STACK.3 an uninterruptible effect never enters the stack (drawn beside it)
    game = board(
        """
ruleset: unstable-unicorns
players:
  - {name: A, hand: [Neigh]}
  - {name: B, hand: [Neigh]}
"""
    ).stage()
    game.ruleset.structure = "stack"
    card = game.find("A/Neigh")
    game.state.take(("A", "hand"), card)
    game.state.pile.append(PileItem(50, card, "A", None, ability="gain 2 resources"))
    events = [Event("play", "A", "Neigh"), Event("resolve", "C", "Blink", {"uninterruptible": True})]
    (group, outside), _, _ = markup.pile_group(game, events, first_event=10)
    assert group.label == "THE STACK · last in, first out"
    assert outside.label == "Outside the stack"
    (u,) = outside.nodes
    assert (u.id, u.status, words(u), u.caption) == (
        "u11",
        "uninterruptible",
        "Blink  · C",  # its card and its player on one line
        "uninterruptible: resolved at once",
    )
    assert "ability: gain 2 resources" in words(group.nodes[0])


# -- trigger sequences (Berserk) ---------------------------------------------------------------------
SEQUENCE = [
    {"ability": "accumulates a counter", "source": "P1/Харон", "targets": ["P1/Харон"], "status": "performed"},
    {"ability": "gets a counter", "source": "P2/Проклятый Маг", "targets": ["P2/Проклятый Маг"], "status": "performed"},
    {"ability": "gets a counter", "source": "P1/Проклятый Маг", "targets": ["P1/Проклятый Маг"], "status": "performed"},
    {"ability": "gets a counter", "source": "P2/Проклятый Маг", "targets": ["P2/Проклятый Маг"], "status": "cut"},
]


@pytest.mark.rule("BK.CHAIN.1")
def test_sequence_shows_the_cut_repetition_and_what_it_repeats() -> None:
    # rule: BK.CHAIN.1 the sequence stops just before its first repetition (drawn from plain data)
    diagram = markup.sequence(SEQUENCE)
    nodes = diagram.all_nodes()
    assert [n.status for n in nodes] == ["performed", "performed", "performed", "cut"]
    assert nodes[3].caption == "not performed: repeats #2"
    assert words(nodes[1]) == "↓ set off by #1 2.  gets a counter source: P2/Проклятый Маг target: P2/Проклятый Маг"
    assert [(e.tail, e.head, e.label) for e in diagram.edges] == [
        ("s2", "s1", "triggers"),
        ("s3", "s2", "triggers"),
        ("s4", "s3", "cut"),
    ]
    source = render.sequence(items=SEQUENCE).source
    assert "✂ not performed: repeats<BR/>#2" in source and "Проклятый Маг" in source
    (cut,) = [a for t, h, a in edges(source) if (t, h) == ("s4", "s3") and "dashed" in a]
    assert "dir=back" in cut and Style.TABLE["cut-edge"]["color"] in cut and "label" not in cut  # the box says it
    assert "<I>↓ would be set off by #3</I>" in node_line(source, "s4")


def test_sequence_is_read_from_the_games_flags() -> None:
    game = board("ruleset: unstable-unicorns\nplayers: [{name: A}]").stage()
    game.state.flags["sequence"] = SEQUENCE
    scene = markup.game_scene(game)
    assert [g.id for g in scene.groups] == ["cluster_sequence", "cluster_board"]
    assert render.sequence(game).diagram.node("s4").status == "cut"


# -- the board --------------------------------------------------------------------------------------
def test_board_shows_zones_state_numbers_and_top_cards_of_shared_zones() -> None:
    game = board(
        """
ruleset: unstable-unicorns
players:
  - name: Ann
    hand: [Neigh]
    stable: [Basic Unicorn, Rhinocorn]
  - {name: Bob}
deck: [Yay, Slowdown, Neigh, Basic Unicorn, Mermaid Unicorn]
"""
    ).stage()
    game.state.numbers["Ann"] = {"resources": 3}
    group = board_table.board_group(game)
    (table,) = group.nodes
    assert (table.id, group.right) == ("board", True)  # one table, to the right of the chain or the pile
    cells = {c.port: c for c in board_table.all_cells(table) if c.port}
    assert (cells["p0"].frame, cells["p1"].frame) == ("player-active", "player")
    ann, bob = (board_table.column_words(table, k) for k in range(2))
    shared = board_table.shared_words(table)
    assert ann == "Ann active player · resources 3 Hand · 1 Neigh Stable · 2 Basic Unicorn Rhinocorn"
    assert bob == "Bob Hand · 0 — Stable · 0 —"
    # the players side by side: each zone a band of rows across them, its cards tiles side by side
    (stable,) = [row for row in table.rows if row[0].lines and row[0].lines[0][0].text == "Stable · 2"]
    tiles = next(row for row in table.rows[table.rows.index(stable) + 1 :] if row[0].port)
    unicorn, rhino = game.find("Ann/Basic Unicorn"), game.find("Ann/Rhinocorn")
    assert [c.port for c in tiles[:2]] == [f"c{unicorn}", f"c{rhino}"]
    assert [" ".join(s.text for s in line) for line in cells[f"c{unicorn}"].lines] == ["Basic", "Unicorn"]
    assert cells[f"c{rhino}"].status is None
    assert shared.split(" Yay")[0] == "Shared Deck · 5 top 3 shown"  # under the players, a band each
    assert shared.endswith("Discard pile · 0 — Nursery · 0 —")
    assert "Basic Unicorn" not in shared  # the deck's 4th and 5th cards are not shown
    source = render.board(game).source
    assert 'PORT="p0" BORDER="2" COLOR="#0d47a1"' in source  # the active player framed bold


def test_a_tile_shows_the_state_its_game_declares_for_its_cards() -> None:
    """A game's own per-card fields (Berserk's counters and closed, Eve of Midnight's disabled) reach
    a tile only as its rule set publishes them (Ruleset.status): words, and the tile's look."""
    bk = board(
        """
ruleset: berserk
players:
  - {name: Ann, field: [{card: Джокер, counters: 2}, {card: Ингри, closed: true}]}
  - {name: Bob}
"""
    ).stage()
    eve = board(
        """
ruleset: eve-of-midnight
players:
  - {name: Ann}
  - {name: Bob, active-play-area: [{card: Supply Depot, disabled: true}, Dawn Patrol]}
"""
    ).stage()
    for game, ref, words, status in (
        (bk, "Ann/Джокер", ["counters 2"], None),
        (bk, "Ann/Ингри", ["closed"], "closed"),
        (eve, "Bob/Supply Depot", ["disabled"], "disabled"),
        (eve, "Bob/Dawn Patrol", [], None),
    ):
        c = game.find(ref)
        (table,) = board_table.board_group(game).nodes
        cell = next(x for x in board_table.all_cells(table) if x.port == f"c{c}")
        assert [" ".join(s.text for s in line) for line in cell.lines][-len(words) or len(cell.lines) :] == words
        assert cell.status == status
        fill = Style.TABLE[status]["fill"] if status else None
        assert (f'PORT="c{c}" BGCOLOR="{fill}"' in render.board(game).source) == (status is not None)
    # Unstable Unicorns declares no such field: staging one is refused, naming what is accepted
    uu = "ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, stable: [{card: Rhinocorn, counters: 2}]}\n"
    with pytest.raises(InputError, match=r"unknown card state 'counters'\. Accepted: card$"):
        board(uu).stage()


def test_a_big_hand_shows_some_tiles_and_a_count() -> None:
    cards = ["Neigh", "Yay", "Slowdown", "Good Deal", "Two-For-One", "Basic Unicorn", "Unicorn Poison", "Rhinocorn"]
    game = board("ruleset: unstable-unicorns\nplayers: [{name: Ann, hand: [" + ", ".join(cards) + "]}]").stage()
    table = board_table.board_node(game)
    ann = board_table.column_words(table, 0)
    assert ann.startswith("Ann active player Hand · 8 Neigh Yay Slowdown Good Deal Two-For-One Basic Unicorn")
    assert "… and 2 more" in ann and "Unicorn Poison" not in ann
    assert {sum(c.colspan for c in row) for row in table.rows} == {board_table.TILES}  # one player's columns


# -- steps --------------------------------------------------------------------------------------------
def test_step_highlights_what_changed_since_the_step_before() -> None:
    tl = timeline(SEED)
    scene = markup.step_scene(tl[3])  # Parallel Universicorn: 4 discards become draws; one resolves
    changed = [n for n in scene.all_nodes() if n.changed]
    assert sorted(n.status for n in changed) == ["done", "next", "waiting", "waiting"]  # the four new draws
    for n in changed:  # each with the discard it replaced this step crossed out inside it
        assert said(n.rows[1][0]).startswith("Controlled Chaos · Ann by Parallel Universicorn instead of Discard")
    moved = [c for c in board_table.all_cells(scene.node("board")) if c.changed]
    assert [c.lines[0][0].text for c in moved] == ["Yay"]  # the card drawn this step
    assert scene.title.endswith("Step 3 · Parallel Universicorn replaces 4 effects; Ann draws Yay")
    source = render.step(tl[3]).source
    assert source.count(f"penwidth={Style.TABLE['changed']['penwidth']}") == len(changed)
    assert "▶ this step: ✓ done" in source


@pytest.mark.rule("UU.HAND.1")
def test_a_steps_picture_shows_the_phases_and_draws_it_made() -> None:
    # rule: UU.HAND.1 (every phase of the turn is drawn, as it is logged)
    tl = timeline(SEED)
    first = markup.step_scene(tl[1])  # begin-turn: Ann
    assert words(first.node("turn")) == "THE TURN Ann: Beginning of Turn" and first.node("turn").changed
    last = markup.step_scene(tl[-1])  # the chain ends, and the turn goes on to its Draw phase
    assert words(last.node("turn")) == ("THE TURN Ann: Draw phase Ann draws Rainbow Aura · hand 8 Ann: Action phase")
    assert "Rainbow Aura" in [c.lines[0][-1].text for c in board_table.all_cells(last.node("board")) if c.changed]
    source = render.step(tl[-1]).source
    assert "Ann draws Rainbow Aura ·" in node_line(source, "turn")
    board_group = next(g for g in last.groups if g.id == "cluster_board")
    assert board_group.columns[0] == ["turn", "board"]  # above the players
    # a step that does nothing to the turn has no such note
    assert "turn" not in {n.id for n in markup.step_scene(tl[3]).all_nodes()}
    # the hand limit at the end of a turn, and the turn passing on
    whole = timeline("uu-hand-1-a-whole-turn.yaml")
    assert words(markup.step_scene(whole[4]).node("turn")) == "THE TURN Ann discards Yay: above the Hand limit"
    assert words(markup.step_scene(whole[5]).node("turn")) == (
        "THE TURN Ann discards Slowdown: above the Hand limit Ann's turn ends; Bob is next"
    )
    assert board_table.column_words(markup.step_scene(whole[5]).node("board"), 1).startswith("Bob active player")


def test_pending_decision_is_a_note_atop_the_board_and_its_effect_says_so() -> None:
    tl = timeline(SEED)
    scene = markup.step_scene(tl[3])
    note = scene.node("decision")
    assert words(note).startswith("Waiting for Ann Ann is at the hand limit: discard which card?")
    # beside the chain (the tall part of the picture), atop the board's column; no arrow to cross words
    board = next(g for g in scene.groups if g.id == "cluster_board")
    assert board.columns[0][0] == "decision" and note in board.nodes
    (asked,) = [n for n in scene.all_nodes() if n.rows and words(n).endswith("? waiting for Ann")]
    assert asked.caption == "resolves next" and asked.rows[-1][0].lines[0][0].style == "small italic"


def test_groups_are_stacked_in_order_by_columns() -> None:
    tl = timeline(SEED)
    scene = markup.step_scene(tl[3])
    assert [g.id for g in scene.groups] == ["cluster_chain", "cluster_board"]
    assert scene.columns == [[scene.groups[0].columns[0][0]]]  # the board is not stacked: it stands to the right
    source = to_dot(scene)
    # one invisible arrow ranks the board (the decision atop it) after the chain's longest path: its
    # two columns (an invisible arrow from the left one's top to the right one's)
    left, right = scene.groups[0].columns
    assert f"{left[0]} -> {right[0]} [style=invis arrowhead=none]" in source
    assert f"{left[0]} -> decision [style=invis minlen=2]" in source


# -- DOT: determinism, one style table, one escaping function -------------------------------------
def test_same_scenario_gives_byte_identical_dot_even_in_another_process() -> None:
    here = [render.step(s).source for s in timeline(SEED)]
    again = [render.step(s).source for s in timeline(SEED)]
    assert here == again
    code = (
        "import sys; from uurules.timeline import Timeline; from uurules import render;"
        f"tl = Timeline.from_file({str(ROOT / 'notebooks/scenarios' / SEED)!r});"
        "sys.stdout.write('\\n=====\\n'.join(render.step(s).source for s in tl))"
    )
    for seed in ("7",):  # another hash seed than this process's (random) one
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": "", "PYTHONPATH": str(ROOT)},
        ).stdout
        assert out == "\n=====\n".join(here)


def test_every_status_drawn_has_a_style_with_colour_and_a_second_cue() -> None:
    used: set[str] = set()
    for name in (SEED, NEIGH, TWO_LINKS):
        for step in timeline(name):
            d = markup.step_scene(step)
            used |= {n.status for n in d.all_nodes()} | {e.status for e in d.edges}
    used |= {n.status for n in markup.sequence(SEQUENCE).all_nodes()}
    missing = {s for s in used if Style.of(s) is Style.TABLE["waiting"] and s != "waiting"}
    assert not missing
    cues: dict[tuple[str, str], str] = {}
    for status in (
        "waiting",
        "next",
        "done",
        "forming",
        "replaced",
        "disregarded",
        "declined",
        "cancelled",
        "top",
        "item",
        "resolved",
        "uninterruptible",
        "performed",
        "cut",
    ):
        st = Style.TABLE[status]
        assert st["color"].startswith("#") and st["mark"], status
        cue = (st["line"], st["mark"])
        # statuses that mean different things never differ by colour alone
        if cue in cues:
            assert {status, cues[cue]} in ({"done", "used"}, {"done", "performed"}), (status, cues[cue])
        cues[cue] = status


def test_escape_makes_any_name_safe_for_an_html_like_label() -> None:
    name = 'Bob "the <Great> & \\ Тест"'
    assert escape(name) == "Bob &quot;the &lt;Great&gt; &amp; \\\\ Тест&quot;"  # doubled: graphviz draws one
    # graphviz expands \N, \G, \L, \E, \H, \T even in HTML-like labels; a doubled backslash draws as written
    assert escape("\\N\\G\\L") == "\\\\N\\\\G\\\\L"
    assert escape("a\nb") == "a<BR/>b"
    assert escape("x\x07y'") == "xy&#39;"
    assert escape("&amp;") == "&amp;amp;"


WEIRD = """
ruleset: unstable-unicorns
title: 'Names: Bob "the <Great> & \\ Тест"'
players:
  - name: Ann
    hand: [Unicorn Poison]
  - name: 'Bob "the <Great> & \\ Тест"'
    hand: [Neigh]
    stable: [Basic Unicorn]
script:
  - play: {player: Ann, card: Unicorn Poison}
"""


def test_names_with_quotes_brackets_ampersands_backslashes_and_cyrillic_reach_dot_escaped() -> None:
    tl = Timeline.from_text(WEIRD)
    source = render.step(tl.last).source
    assert "Bob &quot;the &lt;Great&gt; &amp; \\\\ Тест&quot;" in source
    assert 'Bob "the' not in source and "<Great>" not in source
    # every label is an HTML-like label: DOT's own quoting never sees the names
    for line in source.splitlines():
        if "label=" in line and 'label=""' not in line:
            assert re.search(r"label=<", line), line


needs_dot = pytest.mark.skipif(
    __import__("shutil").which("dot") is None and not __import__("os").environ.get("CI"),
    reason="graphviz's dot is not installed (CI installs it)",
)


@needs_dot
def test_real_dot_draws_well_formed_svg_with_the_names_as_written() -> None:
    import xml.etree.ElementTree as ET

    tl = Timeline.from_text(WEIRD)
    svg = render.step(tl.last).svg()
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert 'Bob "the <Great> & \\ Тест"' in texts
    assert "Generated by graphviz version" not in svg  # the version comment is dropped


def test_without_dot_rendering_fails_with_one_clear_message_and_source_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    pic = render.chain(scenario(SEED).play())
    assert pic.source.startswith("digraph chain {")
    with pytest.raises(render.RenderError) as err:
        pic.svg()
    assert "apt-get install graphviz" in str(err.value) and "DOT source is still available" in str(err.value)
    bundle = pic._repr_mimebundle_()
    assert "image/svg+xml" not in bundle and "apt-get install graphviz" in bundle["text/plain"]
    game = scenario(SEED).play()
    text = game._repr_mimebundle_()["text/plain"].splitlines()
    assert text[0] == repr(game) and "apt-get install graphviz" in text[1]
    assert pic.pipe("dot").decode() == pic.source


# -- Jupyter display -----------------------------------------------------------------------------------
def test_the_engine_does_not_import_the_renderer_until_a_picture_is_asked_for() -> None:
    code = (
        "import sys, uurules, uurules.engine, uurules.scenario, uurules.timeline\n"
        "assert 'uurules.render' not in sys.modules and 'graphviz' not in sys.modules\n"
        "g = uurules.Scenario.from_text('ruleset: unstable-unicorns\\nplayers: [{name: A}]').play()\n"
        "print(repr(g))\n"
        "b = g._repr_mimebundle_()\n"
        "assert 'uurules.render' in sys.modules\n"
        "print(sorted(b))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.splitlines()[0] == "<Game unstable-unicorns: turn 1, A active, setup>"


@needs_dot
def test_game_step_and_picture_display_in_jupyter_with_deterministic_text() -> None:
    tl = timeline(NEIGH)
    game = tl[3].game()
    bundle = game._repr_mimebundle_()
    assert bundle["text/plain"] == (
        "<Game unstable-unicorns \"A Neigh pile: Ann's Two-For-One, Bob's Neigh, Ann's Neigh back\": "
        "turn 1, Ann active, setup, waiting for Cat>"
    )
    assert bundle["image/svg+xml"].lstrip().startswith("<?xml")
    step_bundle = tl[3]._repr_mimebundle_()
    assert step_bundle["text/plain"] == "<Step 3: respond: Ann Neigh>"
    assert repr(tl[3].picture()) == "<Picture step: Step 3 · Ann answers Bob's Neigh with Neigh>"
    assert repr(tl[3]) == "<Step 3: respond: Ann Neigh>"
    for kind in ("game", "chain", "pile", "board", "sequence"):
        assert "0x" not in repr(game.picture(kind))
    with pytest.raises(ValueError, match="unknown picture"):
        game.picture("nope")


def test_pile_picture_of_a_game_uses_the_last_actions_events() -> None:
    tl = timeline(NEIGH)
    game = tl[3].game()
    assert game.picture("pile").diagram.kind == "pile"
    assert [g.id for g in game.picture().diagram.groups] == ["cluster_pile", "cluster_board"]


def test_scenario_files_of_this_module_are_valid(tmp_path: Path) -> None:
    for name in (NEIGH, TWO_LINKS):
        scn = scenario(name)
        assert scn.title and scn.doc.data["rules"]


def test_empty_chain_and_pile_say_so() -> None:
    game = board("ruleset: unstable-unicorns\nplayers: [{name: A}]").stage()
    assert words(markup.chain(game).node("empty")) == "The effect chain is empty."
    assert words(markup.pile(game).node("empty")) == "The pile is empty."
    assert [g.id for g in markup.game_scene(game).groups] == ["cluster_board"]


@pytest.mark.rule("EOM.STACK.1")
def test_a_stack_that_comes_and_goes_in_one_step_is_drawn_in_resolution_order() -> None:
    # rule: EOM.STACK.1 seed 004's complex stack: C's Incantation, then B's Machination, then A's Subterfuge
    tl = timeline("seed-004-complex-stack.yaml")
    (waiting, stack), _, _ = markup.pile_group(
        tl.last.game(), tl.last.events, markup.changes(tl[2].state, tl.last.state)
    )
    assert stack.label == "THE STACK · last in, first out"
    got = [(words(n).split(" ")[0], n.status, n.caption) for n in stack.nodes]
    assert got == [
        ("Quickening", "resolved", "resolved 1st"),
        ("Warding", "resolved", "resolved 2nd"),
        ("Sabotage", "resolved", "resolved 3rd without effect: Bob's cards cannot be targeted"),
    ]
    assert stack.columns == [[n.id for n in stack.nodes]]
    # the moment they were all waiting, drawn above: top card first, each with what became of it
    assert waiting.label == "THE STACK · waiting, before it resolved"
    assert [(words(n).split(" ")[0], n.status, n.caption) for n in waiting.nodes] == [
        ("Quickening", "top", "top card · waiting; then resolved 1st"),
        ("Warding", "item", "waiting; then resolved 2nd"),
        ("Sabotage", "item", "waiting; then resolved 3rd"),
    ]
    source = render.step(tl.last).source
    assert source.index("subgraph cluster_waiting") < source.index("subgraph cluster_pile")


@pytest.mark.rule("LU.PILE.2")
def test_slower_responses_are_shown_going_back_to_hand() -> None:
    # rule: LU.PILE.2 only the fastest response goes on the pile
    tl = timeline("lu-pile-2-fastest.yaml")
    scene = markup.step_scene(tl[2])
    slower = next(g for g in scene.groups if g.id == "cluster_slower")
    (node,) = slower.nodes
    assert (words(node), node.caption) == ("Neigh  · Cat", "slower: back to Cat's hand")


@pytest.mark.rule("EOM.PRI.2")
def test_eve_of_midnight_simultaneous_effects_are_titled_and_ranked() -> None:
    # rule: EOM.PRI.2 mandatory, then triggered, then optional (the rank is drawn on each effect)
    tl = timeline("eom-pri-2-mandatory-triggered-optional.yaml")
    scene = markup.step_scene(tl[1])
    chain = scene.groups[0]
    assert chain.label == "SIMULTANEOUS EFFECTS · World, then mandatory, triggered, optional"
    sources = [" ".join(ln[0].text for ln in n.rows[1][0].lines) for n in chain.groups[0].nodes if n.id[0] == "e"]
    assert sources[:3] == [
        "Blood Moon · Ann · world",
        "Dawn Patrol · Ann · mandatory",
        "Tithe Collector · Ann · triggered",
    ]


@pytest.mark.rule("BK.CHAIN.1")
def test_berserks_own_sequence_record_is_drawn() -> None:
    # rule: BK.CHAIN.1 seed 003: Charon, the Cursed Mage, the other Cursed Mage, then the cut repetition
    game = scenario("seed-003-charon-cursed-mages.yaml").play()
    diagram = render.sequence(game).diagram
    nodes = diagram.all_nodes()
    assert [n.status for n in nodes] == ["performed", "performed", "performed", "cut"]
    assert nodes[-1].caption == "not performed: repeats #2"
    assert [(e.tail, e.head, e.label) for e in diagram.edges] == [
        ("s2", "s1", "triggers"),
        ("s3", "s2", "triggers"),
        ("s4", "s3", "cut"),
    ]
    assert "Проклятый маг" in words(nodes[1])


def test_a_decision_stands_atop_the_board_whether_or_not_it_is_about_an_effect() -> None:
    tl = timeline(SEED)
    scene = markup.step_scene(tl[2])  # "use Parallel Universicorn?" is about no single effect
    board = next(g for g in scene.groups if g.id == "cluster_board")
    assert board.columns[0][0] == "decision" and [g.id for g in scene.groups] == ["cluster_chain", "cluster_board"]
    assert not [n for n in scene.all_nodes() if words(n).endswith("? waiting for Ann")]  # no box is asked about
    step5 = markup.step_scene(tl[5])  # "which one?" is about the one-of effect: it says so
    board = next(g for g in step5.groups if g.id == "cluster_board")
    assert board.columns[0][0] == "decision"
    (asked,) = [n for n in step5.all_nodes() if words(n).endswith("? waiting for Ann")]
    assert "DESTROY a Unicorn card -OR- SEARCH" in words(asked) and asked.status == "next"
