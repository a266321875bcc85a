"""The explorer's question form without a browser: driven by ``.click()`` and ``.value``, checked on
the answer, the HTML it shows and the stepper replaying its example; Stop heard with and without
an event loop (through the search's clock, never the wall clock)."""

from __future__ import annotations

import asyncio
import html
import importlib
import re
import threading
from typing import Any

import pytest

from tests.conftest import SCENARIOS
from uurules.ask import ask
from uurules.scenario import Scenario
from uurules.widgets import QuestionForm, explorer

ask_module = importlib.import_module("uurules.ask")
POISON = SCENARIOS / "faq-can-bob-save-his-unicorn.yaml"  # Bob and Cat each hold a Neigh
ORDER = SCENARIOS / "faq-does-the-order-of-my-neighs-matter.yaml"  # Bob: a Neigh and a Super Neigh
BENCH = SCENARIOS / "faq-three-players-hold-neighs.yaml"


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


# rule: LU.PILE.2 (whoever is fastest, Cat may Neigh Bob's Neigh, so Bob alone cannot save it)
def test_the_explorer_asks_by_default_whether_the_asked_player_keeps_his_card() -> None:
    ex = explorer(POISON)
    form = ex.form
    assert ex.children[1] is form  # questions first, then every way it can play out
    assert form.who.options == ("Ann", "Bob", "Cat") and form.who.value == ("Bob",)  # the player asked
    assert form.card.options == ("Ann/Unicorn Poison", "Bob/Neigh", "Bob/Basic Unicorn", "Cat/Neigh")
    assert form.card.value == "Bob/Basic Unicorn" and form.goal.value == ("in", "Bob/stable")
    assert form.question() == {"can": "Bob", "make": [{"card": "Bob/Basic Unicorn", "in": "Bob/stable"}]}
    form.ask_button.click()
    found = form.answer
    assert form.feedback.message == "" and found is not None and not form.asking
    assert found.to_json() == ask(POISON).to_json() and found.answer == "no"
    assert text(form.asked.value) == "Can Bob make sure that Bob's Basic Unicorn is in Bob's Stable?"
    assert text(form.view.value).startswith("No. Bob cannot make sure that Bob's Basic Unicorn is in Bob's Stable")
    assert text(form.status.value) == f"{found.nodes} decision nodes searched"
    # the example replayed: the scenario's script, then the others' answer to Bob's try, at rest
    st = form.stepper
    assert st is not None and form.replay.children[1] is st
    assert st.history.labels() == [
        "staged board",
        "play: Ann Unicorn Poison",
        "respond: Bob Neigh",
        "respond: Cat Neigh",
    ]
    assert st.position == st.history.length and st.game.pending is None
    assert st.game.state.zone("Bob", "stable") == ()  # the Unicorn is lost
    st.back_button.click()  # the engine's exact undo: Cat's Neigh goes back to her hand
    assert st.game.state.zone("Cat", "hand") != []


def test_players_who_ask_together_and_a_card_on_the_pile() -> None:
    form = explorer(POISON).form
    form.who.value = ("Bob", "Cat")
    assert form.question()["can"] == ["Bob", "Cat"]
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer == "yes"  # two Neighs against Ann's none
    assert "Bob and Cat together" in text(form.asked.value)
    form.card.value = "Ann/Unicorn Poison"  # on the pile: by default, whether it resolves
    assert form.goal.value == ("resolved", True)
    form.who.value = ("Ann",)
    form.ask_button.click()
    assert form.answer.answer == "no"  # Bob or Cat Neighs it, and Ann holds nothing
    form.goal.value = ("resolved", False)
    form.who.value = ("Bob",)
    form.ask_button.click()
    assert form.question()["make"] == [{"card": "Ann/Unicorn Poison", "resolved": False}]
    assert form.answer.answer == "no"  # Cat may Neigh Bob's Neigh
    form.goal.value = ("not-in", "discard")
    assert form.question()["make"] == [{"card": "Ann/Unicorn Poison", "not-in": "discard"}]


def test_a_yes_shows_the_strategy_and_replays_the_askers_choice() -> None:
    form = explorer(ORDER).form
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer == "yes"
    assert "Bob answers Ann&#x27;s Unicorn Poison with Super Neigh, and no one can answer that" in form.view.value
    assert form.stepper is not None and form.stepper.history.labels()[-1] == "respond: Bob Super Neigh"
    assert form.stepper.game.state.zone("Bob", "stable") != []


def test_where_shows_a_table_and_replays_each_place() -> None:
    form = explorer(POISON).form
    form.goal.value = ("where", "")
    assert form.question() == {"where": ["Bob/Basic Unicorn"]}
    form.ask_button.click()
    assert form.answer is not None and form.answer.where is not None
    assert "<table" in form.view.value and "<svg" not in form.view.value
    assert [label for label, _ in form.place.options] == [
        "Bob's Basic Unicorn in the discard pile",
        "Bob's Basic Unicorn in Bob's Stable",
    ]
    st = form.stepper
    assert st is not None and st.game.state.zone("Bob", "stable") == ()  # the first place, replayed
    form.place.value = form.place.options[1][1]
    assert form.stepper is st and st.game.state.zone("Bob", "stable") != [] and st.game.pending is None


def test_a_node_limit_gives_unknown_and_no_replay() -> None:
    form = QuestionForm(Scenario.from_file(BENCH), max_nodes=2)
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer == "unknown" and form.answer.nodes == 2
    assert text(form.status.value) == "2 decision nodes searched (cut short)"
    assert "max_nodes=2" in text(form.view.value) and form.replay.children == ()


def test_stop_ends_the_search_at_its_next_node_and_the_form_asks_again() -> None:
    reads: list[int] = []

    def clock() -> float:  # the search reads its clock at every node: Stop is pressed at the 4th read
        reads.append(len(reads))
        if len(reads) == 4:
            form.stop_button.click()
        return 0.0

    form = QuestionForm(Scenario.from_file(BENCH), clock=clock)
    form.ask_button.click()
    found = form.answer
    assert found is not None and found.answer == "unknown" and not found.complete
    assert found.nodes == 2  # the start, two nodes, then Stop is heard before the third
    assert found.message == "stopped with the Stop button after 2 decision nodes: the answer is unknown"
    assert not form.asking and not form.ask_button.disabled and form.stop_button.disabled
    form.ask_button.click()  # asks again, from the start, to the end
    assert form.answer is not None and form.answer.answer == "yes" and form.answer.complete


def test_in_an_event_loop_the_search_runs_in_a_thread_and_stop_is_heard() -> None:
    reading, go = threading.Event(), threading.Event()

    def clock() -> float:  # the search's first reading waits until the test has pressed Stop
        reading.set()
        go.wait(timeout=60)
        return 0.0

    async def session() -> QuestionForm:
        form = QuestionForm(Scenario.from_file(BENCH), clock=clock)
        form.ask_button.click()  # returns at once: the search is a task of the loop
        assert form.asking and form.ask_button.disabled and not form.stop_button.disabled
        form.ask_button.click()  # refused while asking
        assert form.feedback.message == "a question is being answered: Stop it first"
        while not reading.is_set():
            await asyncio.sleep(0.001)
        form.stop_button.click()
        go.set()
        assert form._task is not None
        await form._task
        return form

    form = asyncio.run(session())
    assert form.answer is not None and form.answer.answer == "unknown" and form.answer.nodes == 0
    assert form.answer.message is not None and form.answer.message.startswith("stopped with the Stop button")
    assert not form.asking and not form.ask_button.disabled


def test_errors_show_in_the_feedback_area_and_the_form_recovers(monkeypatch: pytest.MonkeyPatch) -> None:
    form = explorer(POISON).form
    form.who.value = ()
    form.ask_button.click()
    assert form.feedback.message == "pick who asks: one player, or several who choose together"
    assert not form.asking and form.answer is None
    form.who.value = ("Bob",)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the search broke")

    monkeypatch.setattr(ask_module, "ask", broken)
    form.ask_button.click()
    assert form.feedback.kind == "error" and "RuntimeError: the search broke" in form.feedback.message
    assert not form.asking and not form.ask_button.disabled and form.stop_button.disabled
    monkeypatch.undo()
    form.ask_button.click()
    assert form.feedback.message == "" and form.answer is not None and form.answer.answer == "no"
    with pytest.raises(ValueError, match="max_nodes must be at least 1"):
        QuestionForm(Scenario.from_file(POISON), max_nodes=0)


def test_a_game_and_names_with_markup_are_shown_escaped() -> None:
    game = Scenario.from_text(
        """ruleset: unstable-unicorns
players:
  - {name: Ann, hand: [Unicorn Poison]}
  - {name: 'Bob <b>"x" & Co', hand: [Neigh], stable: [Basic Unicorn]}
script:
  - play: {player: Ann, card: Unicorn Poison}
"""
    ).play(auto=False)
    form = explorer(game).form
    assert form.who.value == ('Bob <b>"x" & Co',) and form.card.value == 'Bob <b>"x" & Co/Basic Unicorn'
    form.ask_button.click()
    assert form.answer is not None and form.answer.answer == "yes" and len(game.actions) == 1
    shown = form.asked.value + form.view.value
    assert '<b>"x"' not in shown and "&lt;b&gt;&quot;x&quot; &amp; Co" in shown
    assert form.stepper is not None and form.stepper.game.state.zone('Bob <b>"x" & Co', "stable") != []
    assert repr(form).startswith("<QuestionForm: <Answer yes")


# -- in a real kernel -------------------------------------------------------------------------------
def test_in_a_real_kernel_stop_ends_a_search_running_in_its_thread() -> None:
    """The kernel hears a click on Stop while the search runs in its worker thread."""
    import json
    import time

    from tests.conftest import ROOT

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

        # The search's clock does not move on until Stop is pressed (or a minute has passed, so
        # a Stop that is never heard fails the test instead of hanging it): the search is still
        # running when Stop is clicked, however fast or slow the machine, and then ends at its
        # next decision node.
        run(
            f"import sys, time; sys.path.insert(0, {str(ROOT)!r})\n"
            "from uurules.scenario import Scenario\n"
            "from uurules.widgets import QuestionForm\n"
            f"form = QuestionForm(Scenario.from_file({str(BENCH)!r}), max_seconds=600)\n"
            "def held_clock():\n"
            "    end = time.monotonic() + 60\n"
            "    while not form._stop and time.monotonic() < end:\n"
            "        time.sleep(0.01)\n"
            "    return time.monotonic()\n"
            "form.clock = held_clock"
        )
        ask_id, stop_id = run("print(form.ask_button.model_id, form.stop_button.model_id)").split()
        click(ask_id)
        deadline = time.monotonic() + 60
        while not json.loads(run("import json; print(json.dumps(form.asking))")):
            assert time.monotonic() < deadline, "the search did not start"
            time.sleep(0.05)
        click(stop_id)
        while run("print(form.asking)") != "False":
            assert time.monotonic() < deadline, "Stop was not heard"
            time.sleep(0.05)
        answer, complete, message = json.loads(
            run("print(json.dumps([form.answer.answer, form.answer.complete, form.answer.message]))")
        )
        assert answer == "unknown" and not complete
        assert message.startswith("stopped with the Stop button after")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
