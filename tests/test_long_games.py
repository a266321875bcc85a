"""Long games and big boards drawn: every board the kit accepts has a picture, and a long game is
played once and drawn only as much as is shown.

Nothing here is timed (``benchmarks/long_games.py`` prints the figures): the tests count what is
done (steps played, pictures built, graphs given to ``dot``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.test_interrupt import long_game
from uurules import render
from uurules.cli import main
from uurules.render import board_table, dot
from uurules.scenario import MAX_CARDS, Scenario

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")


def big_zone(ruleset: str, zone: str, card: str, players: int = 2) -> str:
    """A board at the scenario cap: ``zone`` of the first player holds all but 10 of :data:`MAX_CARDS`."""
    many = ", ".join([card] * (MAX_CARDS - 10))
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    lines = [f"ruleset: {ruleset}", "players:", f"  - {{name: {names[0]}, {zone}: [{many}]}}"]
    lines += [f"  - {{name: {n}}}" for n in names[1:]]
    return "\n".join(lines) + "\nscript: []\n"


BIG = [
    ("unstable-unicorns", "stable", "Basic Unicorn"),
    ("unstable-unicorns", "hand", "Neigh"),
    ("berserk", "field", "Guard"),
    ("berserk", "graveyard", "Guard"),
    ("llamas-unleashed", "field", "Basic Llama"),
    ("llamas-unleashed", "hand", "Neigh"),
]


@pytest.mark.parametrize(("ruleset", "zone", "card"), BIG)
def test_a_zone_too_large_to_draw_whole_shows_its_first_cards_and_a_count(ruleset: str, zone: str, card: str) -> None:
    scn = Scenario.from_text(big_zone(ruleset, zone, card))
    game = scn.play(undo=False)
    cards = game.state.zones[("Ann", zone)]
    assert len(cards) == MAX_CARDS - 10
    table = board_table.board_node(game)
    shown = [c for c in board_table.all_cells(table) if c.port in {f"c{x}" for x in cards}]
    limit = board_table.HAND_TILES if zone == "hand" else board_table.ZONE_TILES
    assert len(shown) == limit  # the first cards of the zone, in order
    assert [c.port for c in shown] == [f"c{x}" for x in cards[:limit]]
    more = f"… and {MAX_CARDS - 10 - limit:,} more"
    assert more in board_table.column_words(table, 0)
    source = render.board(game).source
    assert source.count(' PORT="c') < 40 and escape_words(more) in source


@pytest.mark.parametrize("downgrade", ["Basic Llama", "Legal Ramifications"])
def test_a_llamas_field_is_staged_reading_each_card_a_bounded_number_of_times(
    downgrade: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What each Animal counts as asks what the Field's non-Animal cards say: once for the whole
    Field while it is counted, not once for each of its cards (a Field of 2,000 took seconds, and
    N times as long for N times the cards). Counted, never timed."""
    from uurules.rulesets.llamas_unleashed import LlamasUnleashed

    asked = [0]
    real = LlamasUnleashed.is_creature

    def is_creature(self: LlamasUnleashed, game: Any, card: Any) -> bool:
        asked[0] += 1
        return real(self, game, card)

    monkeypatch.setattr(LlamasUnleashed, "is_creature", is_creature)
    per_card = []
    for n in (200, 800):
        field = ", ".join([downgrade] + ["Basic Llama"] * n)
        players = f"players:\n  - {{name: Ann, field: [{field}]}}\n  - {{name: Bob}}\n"
        text = f"ruleset: llamas-unleashed\n{players}script: []\n"
        asked[0] = 0
        game = Scenario.from_text(text).play(undo=False)
        per_card.append(asked[0] / n)
        # Legal Ramifications (its Animals count as Rams and have no effect) is read for each: each
        # Animal still counts toward winning, the Downgrade does not
        assert game.ruleset.unicorn_count(game, "Ann") == n + (downgrade == "Basic Llama")
    assert per_card[1] <= per_card[0] * 1.1 and per_card[1] < 20  # the same few reads a card, however many


def escape_words(text: str) -> str:
    return dot.escape(text)


@pytest.mark.parametrize("shared", ["deck", "discard", "nursery"])
def test_a_shared_zone_at_the_cap_shows_its_top_cards(shared: str) -> None:
    many = ", ".join(["Basic Unicorn"] * (MAX_CARDS - 10))
    text = f"ruleset: unstable-unicorns\nplayers: [{{name: Ann}}, {{name: Bob}}]\n{shared}: [{many}]\nscript: []\n"
    game = Scenario.from_text(text).play(undo=False)
    words = board_table.shared_words(board_table.board_node(game))
    assert f"· {MAX_CARDS - 10}" in words and f"top {board_table.TOP_CARDS} shown" in words
    assert render.board(game).source.count(' PORT="c') <= 3 + 2 * 6  # the top cards (and no hands here)


@needs_dot
@pytest.mark.parametrize(
    ("ruleset", "zone", "card"),
    [("unstable-unicorns", "stable", "Basic Unicorn"), ("llamas-unleashed", "field", "Basic Llama")],
)
def test_a_stable_of_20000_cards_is_drawn(
    ruleset: str, zone: str, card: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(big_zone(ruleset, zone, card), encoding="utf-8")
    out = tmp_path / "big.svg"
    assert main(["render", str(path), "-o", str(out)]) == 0  # dot drew it: within its limits
    svg = out.read_text(encoding="utf-8")
    assert "and 19,978 more" in svg and svg.count(card) < 40


# -- long games: played once, drawn as much as is shown --------------------------------------------
def counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Count the script steps played, the pictures built and the graphs given to ``dot`` from now on."""
    counts: dict[str, Any] = {"played": 0, "pictures": 0, "runs": 0, "graphs": []}
    real_apply, real_step = Scenario.apply_step, render.step
    real_dot, real_batch = dot._dot, dot._dot_batch

    def apply_step(self: Scenario, game: Any, step: Any) -> None:
        counts["played"] += 1
        real_apply(self, game, step)

    def step(s: Any, **kwargs: Any) -> render.Picture:
        counts["pictures"] += 1
        return real_step(s, **kwargs)

    def one(source: str, format: str) -> bytes:
        counts["runs"] += 1
        counts["graphs"].append(source)
        return real_dot(source, format)

    def batch(sources: str, format: str) -> bytes:
        counts["runs"] += 1
        counts["graphs"] += ["digraph " + g for g in sources.split("digraph ")[1:]]
        return real_batch(sources, format)

    monkeypatch.setattr(Scenario, "apply_step", apply_step)
    monkeypatch.setattr(render, "step", step)
    monkeypatch.setattr(dot, "_dot", one)
    monkeypatch.setattr(dot, "_dot_batch", batch)
    return counts


@needs_dot
@pytest.mark.parametrize("which", [[], ["--step", "7"], ["--step", "0"]])
def test_render_plays_the_script_once_and_draws_only_the_step_it_writes(
    which: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(long_game(300), encoding="utf-8")
    counts = counting(monkeypatch)
    assert main(["render", str(path), *which, "-o", str(tmp_path / "one.svg")]) == 0
    n = int(which[1]) if which else 300
    assert f"(step {n}:" in capsys.readouterr().out
    assert counts["played"] == 300 and counts["pictures"] == 1
    assert 1 <= counts["runs"] <= 2  # drawn; once more only if it is too wide for a notebook (Picture.pipe)


@needs_dot
def test_html_draws_each_distinct_picture_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(long_game(300), encoding="utf-8")
    counts = counting(monkeypatch)
    out = tmp_path / "page.html"
    assert main(["html", str(path), "-o", str(out)]) == 0
    capsys.readouterr()
    assert counts["played"] == 300 and counts["pictures"] == 301  # each step built once
    graphs = counts["graphs"]
    assert len(graphs) == len(set(graphs))  # no picture drawn twice
    # the turns come back: the same few boards, drawn once each, whatever the game's length
    assert len(graphs) < 20 and counts["runs"] < 10
    page = out.read_text(encoding="utf-8")
    assert page.count('class="uurules-page-step"') == 301 and "\x00" not in page
    # a picture inlined once for all the steps that show it, each step's ids its own
    for n in (0, 4, 299, 300):
        assert f'id="s{n}-graph0"' in page


def test_a_steps_drawings_are_kept_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    kept: dict[str, bytes] = {}
    monkeypatch.setattr(render, "KEPT_BYTES", 100)
    render._keep(kept, {"a" * 10: b"x" * 30, "b" * 10: b"y" * 30})
    render._keep(kept, {"c" * 10: b"z" * 30})
    assert list(kept) == ["b" * 10, "c" * 10]  # the oldest went
