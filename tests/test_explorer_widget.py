"""The explorer widget without a browser: driven by ``.click()`` and ``.value``, checked on the
exploration, the stepper's game, the bar and the HTML the widget shows; and once in a real
kernel, where Stop must end a walk that runs in the background."""

from __future__ import annotations

import asyncio
import html
import importlib
import itertools
import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, SCENARIOS
from uurules.explore import explore
from uurules.scenario import Scenario, board_json
from uurules.widgets import Explorer, explorer

explore_module = importlib.import_module("uurules.explore")
POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"
BENCH = ROOT / "notebooks" / "scenarios" / "faq-three-players-hold-neighs.yaml"
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


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def board(game: Any) -> tuple[Any, ...]:
    out = board_json(game)
    return out["players"], out["zones"], out["status"], out["pending"]


# rule: LU.PILE.4 (the outcome replayed: a Neigh pair resolves from the top, then the Poison)
@pytest.mark.rule("LU.PILE.4")
def test_run_then_pick_an_outcome_and_the_stepper_shows_its_final_board() -> None:
    ex = explorer(POISON)
    assert ex.found is None and ex.replay.children == () and not ex.run_button.disabled and ex.stop_button.disabled
    ex.run_button.click()
    assert ex.feedback.message == "" and not ex.running
    found = ex.found
    assert found is not None and found.to_json() == explore(POISON).to_json()
    assert [value for _, value in ex.choice.options] == [0, 1, 2, 3]
    assert ex.choice.options[2][0].startswith(
        "Outcome 3 (3 paths): Neigh goes from Bob's hand to the discard pile; Neigh goes from Cat's hand to the "
        "discard pile; Basic Unicorn goes from Bob's Stable to the discard pile"
    )
    assert (
        ex.choice.options[0][0]
        == found.label(0)
        == (
            "Outcome 1 (1 path): Basic Unicorn goes from Bob's Stable to the discard pile; "
            "Unicorn Poison ends in the discard pile"
        )
    )
    assert text(ex.summary.value) == "9 decision nodes, 9 positions, 4 outcomes (complete); 7 decision paths in all"
    assert ex.bar.value == 9 and ex.bar.bar_style == "success"
    # the first outcome is picked at once; now pick the third
    assert ex.choice.value == 0 and ex.stepper is not None
    ex.choice.value = 2
    st = ex.stepper
    o = found.outcomes[2]
    assert st.feedback.message == "" and st.position == st.history.length == 3
    assert board(st.game) == (o.players, o.zones, o.status, None)
    assert st.history.labels() == ["staged board", "play: Ann Unicorn Poison", *o.example_text.split("; ")]
    assert "Outcome 3" in st.title_view.value
    assert "Outcome 3" in text(ex.details.value) and "respond: Cat Neigh; respond: Bob Neigh" in text(ex.details.value)
    assert "discard" in text(ex.details.value) and "Basic Unicorn, Unicorn Poison, Neigh, Neigh" in text(
        ex.details.value
    )
    assert found.label(2) in text(ex.details.value)
    # Back is the engine's exact undo: Bob's Neigh goes back to his hand and he is asked again
    st.back_button.click()
    assert st.game.pending is not None and st.game.pending.question == "Bob: respond to Cat's Neigh?"
    assert st.game.state.zone("Bob", "hand") != []
    # the same stepper replays another outcome
    ex.choice.value = 0
    first = found.outcomes[0]
    assert ex.stepper is st and board(st.game) == (first.players, first.zones, first.status, None)


@needs_dot
def test_the_tree_is_inline_svg_with_the_chosen_path_bold() -> None:
    ex = explorer(POISON)
    ex.run_button.click()
    ex.choice.value = 2
    tree = ex.tree.value
    assert "<svg" in tree and "<?xml" not in tree and 'id="uurules-outcomes-graph0"' in tree
    assert "Outcome 3" in tree and "Bob: respond to Ann&#39;s" in tree
    assert tree.count('stroke="#e65100"') >= 2  # the two arrows of outcome 3's path, in the chosen colour


def test_a_max_nodes_cut_shows_the_message_and_the_partial_result() -> None:
    ex = explorer(Scenario.from_text(TWO_FOR_ONE), max_nodes=10)
    ex.run_button.click()
    found = ex.found
    assert found is not None and not found.complete and found.nodes == 10 and found.outcomes
    assert "stopped after 10 decision nodes (max_nodes=10)" in text(ex.summary.value)
    assert "cut short" in text(ex.summary.value) and "in all" not in text(ex.summary.value)
    assert ex.bar.value == ex.bar.max == 10 and ex.bar.bar_style == "warning"
    assert len(ex.choice.options) == len(found.outcomes)
    assert ex.stepper is not None and ex.stepper.game.pending is None  # a partial result replays too


def test_progress_updates_the_bar_and_the_counts_as_the_walk_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 5)
    ex = explorer(Scenario.from_text(TWO_FOR_ONE))
    ex.every = 0  # no throttling: every progress report redraws
    seen: list[tuple[int, str]] = []
    ex.bar.observe(lambda change: seen.append((change["new"], text(ex.counts.value))), names="value")
    ex.run_button.click()
    values = [v for v, _ in seen]
    assert values[:4] == [5, 10, 15, 20] and values[-1] == ex.found.nodes  # type: ignore[union-attr]
    assert all(a < b for a, b in itertools.pairwise(values))
    assert text(ex.counts.value).startswith(f"{ex.found.nodes} decision nodes (at most 100,000)")  # type: ignore[union-attr]


@pytest.mark.parametrize("now", [0.0, 12.5, 1e9])
def test_progress_is_throttled_by_the_widgets_clock_whatever_it_reads(
    monkeypatch: pytest.MonkeyPatch, now: float
) -> None:
    """At most one redraw per interval, and always the first and the last, however long the machine
    has been up (``time.monotonic()`` may read 0.0 just after boot): the clock is the widget's own."""
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 5)
    slow = Explorer(Scenario.from_text(TWO_FOR_ONE), clock=lambda: now)
    slow.every = 3600
    redraws: list[int] = []
    slow.bar.observe(lambda change: redraws.append(change["new"]), names="value")
    slow.run_button.click()
    assert redraws == [5, slow.found.nodes]  # type: ignore[union-attr]
    slow.run_button.click()  # a new walk empties the bar, then draws its first report again
    assert redraws == [5, slow.found.nodes, 0, 5, slow.found.nodes]  # type: ignore[union-attr]


def test_progress_redraws_once_the_interval_has_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 5)
    ticks = itertools.count()  # each reading is one second after the one before
    ex = Explorer(Scenario.from_text(TWO_FOR_ONE), clock=lambda: float(next(ticks)))
    ex.every = 2
    redraws: list[int] = []
    ex.bar.observe(lambda change: redraws.append(change["new"]), names="value")
    ex.run_button.click()
    assert redraws[:3] == [5, 15, 25] and redraws[-1] == ex.found.nodes  # type: ignore[union-attr]


def test_stop_ends_the_walk_after_the_current_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explore_module, "PROGRESS_EVERY", 1)  # a report every node: Stop is pressed mid-batch
    ex = explorer(Scenario.from_text(TWO_FOR_ONE), batch=7)
    ex.every = 0
    clicked: list[int] = []

    def press_stop(change: dict[str, Any]) -> None:
        if ex.running and not clicked and ex.walk is not None and ex.walk.nodes >= 3:
            clicked.append(ex.walk.nodes)
            ex.stop_button.click()

    ex.counts.observe(press_stop, names="value")
    ex.run_button.click()
    found = ex.found
    assert clicked == [3] and found is not None and not found.complete
    assert found.nodes == 7  # the batch in which Stop was pressed is finished, no more
    assert found.message == (
        "stopped with the Stop button after 7 decision nodes; the outcomes and path counts so far are shown"
    )
    assert not ex.running and not ex.run_button.disabled and ex.stop_button.disabled
    ex.run_button.click()  # runs again, from the start
    assert ex.found is not None and ex.found.complete and ex.found.nodes > 7


def test_in_an_event_loop_the_walk_runs_in_batches_and_stop_is_heard_between_them() -> None:
    async def session() -> Explorer:
        ex = explorer(Scenario.from_text(TWO_FOR_ONE), batch=5)
        ex.run_button.click()  # returns at once: the walk is a task of the loop
        assert ex.running and ex.run_button.disabled and not ex.stop_button.disabled
        assert ex.walk is not None and ex.walk.nodes == 0
        ex.run_button.click()  # refused while running
        assert ex.feedback.message == "the walk is already running: Stop it first"
        while ex.walk.nodes < 15:
            await asyncio.sleep(0)
        ex.stop_button.click()
        assert ex._task is not None
        await ex._task
        return ex

    ex = asyncio.run(session())
    assert ex.found is not None and ex.found.nodes in (15, 20) and not ex.found.complete
    assert ex.found.message is not None and ex.found.message.startswith("stopped with the Stop button after")
    assert not ex.running and len(ex.choice.options) == len(ex.found.outcomes) > 0


def test_errors_show_in_the_feedback_area_and_the_widget_recovers(monkeypatch: pytest.MonkeyPatch) -> None:
    ex = explorer(POISON)
    assert ex.feedback.run(ex.pick, 0) is False
    assert ex.feedback.message == "nothing has been explored yet: Run first"

    def broken(self: Any, nodes: int | None = None) -> bool:
        raise RuntimeError("the walk broke")

    monkeypatch.setattr(explore_module.Walk, "run", broken)
    ex.run_button.click()
    assert ex.feedback.kind == "error" and "RuntimeError: the walk broke" in ex.feedback.message
    assert not ex.running and not ex.run_button.disabled and ex.stop_button.disabled
    monkeypatch.undo()
    ex.run_button.click()
    assert ex.feedback.message == "" and ex.found is not None and ex.found.complete


def test_the_explorer_takes_a_game_and_escapes_names_in_html() -> None:
    text_ = """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: 'Bob <b>"x" & Co', hand: [Neigh], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    game = Scenario.from_text(text_).play(auto=False)
    ex = explorer(game)
    ex.run_button.click()
    assert ex.found is not None and len(ex.found.outcomes) == 2 and len(game.actions) == 1
    ex.choice.value = 1
    assert '<b>"x"' not in ex.details.value and "&lt;b&gt;&quot;x&quot; &amp; Co" in ex.details.value
    assert ex.choice.options[1][0].startswith(
        'Outcome 2 (1 path): Neigh goes from Bob <b>"x" & Co\'s hand'
    )  # plain text
    assert ex.stepper is not None and ex.stepper.game.state.zone('Bob <b>"x" & Co', "hand") == ()
    with pytest.raises(TypeError, match="explorer\\(\\) takes a scenario file"):
        explorer(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_nodes must be at least 1"):
        explorer(game, max_nodes=0)
    assert repr(ex).startswith("<Explorer: 2 decision nodes")


# -- in a real kernel -------------------------------------------------------------------------------
def test_in_a_real_kernel_stop_ends_a_background_walk(tmp_path: Path) -> None:
    """The kernel hears a click on Stop while the walk runs, and other cells run meanwhile."""
    manager = pytest.importorskip("jupyter_client.manager")
    km, kc = manager.start_new_kernel(kernel_name="python3", cwd=str(ROOT))
    try:

        def run(code: str) -> str:
            msg_id = kc.execute(code)
            out = []
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                msg = kc.get_iopub_msg(timeout=60)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                if msg["msg_type"] == "error":
                    raise AssertionError("\n".join(msg["content"]["traceback"]))
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    break
            return "".join(out).strip()

        def click(model_id: str) -> None:
            content = {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}}
            kc.shell_channel.send(kc.session.msg("comm_msg", content))

        # A pause between small batches: the walk of 20,000 nodes takes at least 1,000 pauses of
        # 10 ms, however fast the machine, and Stop is clicked after the first 100 nodes. The walk
        # is bounded, so a Stop that is never heard fails the test instead of hanging it.
        run(
            f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
            "import uurules.widgets.explorer as explorer_module\n"
            "explorer_module.PAUSE = 0.01\n"
            "from uurules.widgets import explorer\n"
            f"ex = explorer({str(BENCH)!r}, max_nodes=20_000, batch=20)"
        )
        run_id, stop_id = run("print(ex.run_button.model_id, ex.stop_button.model_id)").split()
        click(run_id)
        deadline = time.monotonic() + 60
        while json.loads(run("import json; print(json.dumps([ex.running, ex.bar.value]))"))[1] < 100:
            assert time.monotonic() < deadline, "the walk did not start"
            time.sleep(0.05)
        click(stop_id)
        while run("print(ex.running)") != "False":
            assert time.monotonic() < deadline, "Stop was not heard"
            time.sleep(0.05)
        nodes, complete, message, outcomes = json.loads(
            run(
                "print(json.dumps([ex.found.nodes, ex.found.complete, ex.found.message, "
                "len(ex.choice.options) == len(ex.found.outcomes) > 0]))"
            )
        )
        assert not complete and outcomes and 100 <= nodes < 20_000
        assert message.startswith("stopped with the Stop button after")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_big_tree_is_shown_a_page_at_a_time_and_picking_an_outcome_shows_its_page() -> None:
    ex = explorer(POISON)
    ex.run_button.click()
    assert ex.pages == 2 and ex.page == 1 and text(ex.page_label.value) == "page 1 of 2"
    assert ex.prev_button.disabled and not ex.next_button.disabled
    assert "continues on page 2" in ex.tree.value and "Outcome 2" not in ex.tree.value
    ex.next_button.click()
    assert ex.page == 2 and "Page 2 of 2" in ex.tree.value and "Outcome 2" in ex.tree.value
    assert not ex.prev_button.disabled and ex.next_button.disabled
    ex.prev_button.click()
    ex.choice.value = 1  # outcome 2 is drawn only on page 2: the tree turns to it
    assert ex.page == 2 and ex.tree.value.count('stroke="#e65100"') >= 1
