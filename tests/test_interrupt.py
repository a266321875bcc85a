"""Ctrl-C stops every command, in every phase: exit 130, one line on stderr, no ``.part`` file, no
output, no ``dot`` child left running. SIGTERM (``kill PID``, ``timeout``, a supervisor) does the
same in every phase, and exits 143.

Each command runs as a user runs it (``python -m uurules``, its own process group) and is
interrupted at a chosen checkpoint (:mod:`uurules.interrupt`: ``UURULES_TEST_INTERRUPT_AT``),
never by timing: the signal goes to the process, or to its whole group (as a terminal's Ctrl-C
does, ``dot`` children included), or reaches a process started with SIGINT ignored (a shell's
background job), the case where it used to be lost. Each every-phase test runs once with SIGINT
and once with SIGTERM (``:term`` after the checkpoint).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, SCENARIOS
from uurules import interrupt

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot is not installed")

STEPS = 120
"""A long game: more than two batches of pictures (:data:`uurules.render.dot.BATCH`)."""

EXPLORE_FILE = SCENARIOS / "faq-three-players-hold-neighs.yaml"
ASK_FILE = ROOT / "tests" / "faq" / "uu-38-four-players-two-for-one.yaml"


def long_game(steps: int = STEPS) -> str:
    """Berserk turns, Ann's and Bob's in turn (benchmarks/pages.py's game): a board that stays as it is."""
    lines = [
        "ruleset: berserk",
        "players:",
        "  - {name: Ann, hand: [Novice], field: [Guard, Monk of Targ, Lokken]}",
        "  - {name: Bob, hand: [Novice], field: [Guard, Brawler]}",
        "script:",
    ]
    for i in range(steps):
        player = "Ann" if (i // 2) % 2 == 0 else "Bob"
        lines.append(f"  - {'begin-turn' if i % 2 == 0 else 'end-turn'}: {player}")
    return "\n".join(lines) + "\n"


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


SIGNALS = ["", ":term"]
"""How a test interrupts: SIGINT (Ctrl-C), or SIGTERM (``kill PID``, ``timeout``)."""


def interrupted(tmp_path: Path, argv: list[str], at: str, ignored: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``uurules argv`` in ``tmp_path``, in a process group of its own, interrupted at ``at``;
    check what every interrupted command must do, and return what it printed: exit 130 on SIGINT,
    143 on SIGTERM (``at`` ends with ``:term``), whose one line names it rather than Ctrl-C."""
    env = {**os.environ, interrupt.ENV: at, "PYTHONPATH": str(ROOT)}
    started = subprocess.Popen(
        [sys.executable, "-m", "uurules", *argv],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_ignore_sigint if ignored else None,
    )
    out, err = started.communicate(timeout=300)
    done = subprocess.CompletedProcess(started.args, started.returncode, out, err)
    term = at.endswith(":term")
    assert done.returncode == (143 if term else 130), (at, done.returncode, err)
    assert err.count("\n") == 1 and err.startswith("uurules: interrupted"), (at, err)
    assert "Traceback" not in err
    assert ("Ctrl-C" not in err) if term else ("SIGTERM" not in err), (at, err)
    left = [p.name for p in tmp_path.rglob("*") if ".part" in p.name]
    assert left == [], (at, left)
    with pytest.raises(ProcessLookupError):  # nothing of its group is left: no dot child
        os.killpg(started.pid, 0)
    return done


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "long.yaml"
    path.write_text(long_game(), encoding="utf-8")
    return path


# The commands that write files, and each phase they go through: the first time it is reached,
# and later ones (the second batch of pictures, the 70th step ...).
WRITERS: dict[str, Callable[[Path], list[str]]] = {
    "render": lambda v: ["render", str(v), "-o", "out/one.svg"],
    "render --step": lambda v: ["render", str(v), "--step", "3", "-o", "out/one.svg"],
    "render --all-steps": lambda v: ["render", str(v), "--all-steps", "-o", "out"],
    "html": lambda v: ["html", str(v), "-o", "out/page.html"],
    "wiki": lambda v: ["wiki", str(v), "-o", "out"],
}
BATCHES = ("render --all-steps", "html", "wiki")
PHASES = [
    "reading:1",
    "reading:300",
    "playing:1",
    "playing:70",
    "picture:1",
    "picture:60",
    "batch:1",
    "batch:2",
    "dot:1",
    "dot:2",
    "dot:2:group",
    "writing:1",
    "writing:2",
]


def phases(command: str) -> list[str]:
    """The checkpoints ``command`` reaches on the long game: one picture has no batches (its one
    ``dot`` run is the ``dot`` checkpoint), is built, drawn and written once; the html page of this
    game draws all its pictures in the first batch's ``dot`` run (its boards come back turn after
    turn, and each is drawn once: tests/test_long_games.py)."""
    if command not in BATCHES:
        return [at for at in PHASES if not at.startswith("batch") and at not in ONCE]
    if command == "html":
        return [at for at in PHASES if at not in ("batch:2", "dot:2", "dot:2:group")]
    return PHASES


ONCE = ("picture:60", "dot:2", "dot:2:group", "writing:2")


@needs_dot
@pytest.mark.parametrize("how", SIGNALS)
@pytest.mark.parametrize(("command", "at"), [(c, at) for c in WRITERS for at in phases(c)])
def test_ctrl_c_stops_a_command_that_writes_files_in_every_phase(
    command: str, at: str, how: str, game: Path, tmp_path: Path
) -> None:
    interrupted(tmp_path, WRITERS[command](game), at + how)
    assert not (tmp_path / "out").exists()  # nothing written: not even the directory it would be in


@needs_dot
@pytest.mark.parametrize("command", ["html", "render --all-steps"])
@pytest.mark.parametrize("at", ["batch:1", "dot:1", "dot:1:group", "playing:70", "picture:60"])
def test_ctrl_c_reaches_a_command_started_with_sigint_ignored(
    command: str, at: str, game: Path, tmp_path: Path
) -> None:
    """A shell without job control starts its background commands with SIGINT ignored: ``kill -INT``
    on such a command was lost (it went on to the end, or until killed, its ``.part`` files left)."""
    interrupted(tmp_path, WRITERS[command](game), at, ignored=True)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("how", SIGNALS)
@pytest.mark.parametrize("at", ["reading:1", "reading:300", "playing:1", "playing:70", "writing:1"])
def test_ctrl_c_stops_run_in_every_phase(at: str, how: str, game: Path, tmp_path: Path) -> None:
    done = interrupted(tmp_path, ["run", str(game), "--json"], at + how)
    assert done.stdout == ""


@pytest.mark.parametrize("how", SIGNALS)
@pytest.mark.parametrize("at", ["reading:1", "writing:1", "writing:1:group"])
def test_ctrl_c_stops_cards_in_every_phase(at: str, how: str, tmp_path: Path) -> None:
    done = interrupted(tmp_path, ["cards", "unstable-unicorns", "--json"], at + how)
    assert done.stdout == ""


def test_ctrl_c_stops_cards_while_it_reads_a_card_file_the_cache_knows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card file found in the validation cache is not parsed again, but it is still read (its
    digest is of its text): Ctrl-C there is heard in the reading phase too."""
    monkeypatch.setenv("UURULES_CACHE", str(tmp_path / "cache"))
    warm = subprocess.run(
        [sys.executable, "-m", "uurules", "cards", "unstable-unicorns", "--json"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert warm.stdout and any((tmp_path / "cache").rglob("*.json"))  # the card file is in the cache now
    done = interrupted(tmp_path, ["cards", "unstable-unicorns", "--json"], "reading:1")
    assert done.stdout == ""


@pytest.mark.parametrize("how", SIGNALS)
@pytest.mark.parametrize("command", ["explore", "ask"])
@pytest.mark.parametrize("at", ["reading:1", "playing:1", "walking:5", "walking:5:group", "writing:1"])
def test_ctrl_c_stops_explore_and_ask_in_every_phase(command: str, at: str, how: str, tmp_path: Path) -> None:
    target = EXPLORE_FILE if command == "explore" else ASK_FILE
    done = interrupted(tmp_path, [command, str(target), "--json"], at + how)
    if at.startswith("walking"):  # cut in the walk: what was found is printed, and the line says so
        assert '"nodes": 4' in done.stdout and "after 4 decision nodes" in done.stderr
        if command == "ask":  # the line names what cut the search
            assert ("interrupted (SIGTERM)" if how else "interrupted (Ctrl-C)") in done.stderr
    else:
        assert done.stdout == ""


# -- the pieces ------------------------------------------------------------------------------------
def test_a_checkpoint_interrupts_at_the_nth_time_its_phase_is_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    reached: list[str] = []
    monkeypatch.setenv(interrupt.ENV, "batch:3")
    with pytest.raises(KeyboardInterrupt):
        for phase in ["batch", "dot", "batch", "dot", "dot", "batch", "writing"]:
            interrupt.checkpoint(phase)
            reached.append(phase)
    assert reached == ["batch", "dot", "batch", "dot", "dot"]
    monkeypatch.setenv(interrupt.ENV, "dot:1")  # a new setting counts from the start again
    with pytest.raises(KeyboardInterrupt):
        interrupt.checkpoint("dot")
    monkeypatch.delenv(interrupt.ENV)
    for phase in interrupt.PHASES:
        interrupt.checkpoint(phase)  # unset: nothing


def test_listen_restores_the_handler_only_where_sigint_is_ignored() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        interrupt.listen()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

        def mine(signum: int, frame: object) -> None:
            pass

        signal.signal(signal.SIGINT, mine)
        interrupt.listen()  # a handler of its own (a notebook's kernel): left alone
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_ctrl_c_while_cleaning_up_waits_until_the_cleaning_is_done() -> None:
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), interrupt.deferred():
        os.kill(os.getpid(), signal.SIGINT)
        done.append("cleaned")  # not cut short
    assert done == ["cleaned"] and signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_dot_child_is_killed_and_reaped_when_the_wait_is_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    from uurules.render import dot

    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def spy(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
        child = real(*args, **kwargs)  # type: ignore[call-overload]
        started.append(child)
        return child  # type: ignore[no-any-return]

    # a "dot" that never ends by itself (it ignores SIGINT, as a program may)
    monkeypatch.setattr(dot, "DOT", [sys.executable, "-c", "import signal, time\nsignal.signal(2, 1)\ntime.sleep(60)"])
    monkeypatch.setattr(dot.subprocess, "Popen", spy)
    interrupt.checkpoint("dot")  # unset: counting starts again
    monkeypatch.setenv(interrupt.ENV, "dot:1")
    with pytest.raises(KeyboardInterrupt):
        dot.run_dot(b"digraph { a }", "svg")
    [child] = started
    assert child.returncode == -signal.SIGKILL  # killed and reaped, not left running


def test_a_dot_killed_by_sigint_is_a_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    from uurules.render import dot

    monkeypatch.setattr(dot, "DOT", [sys.executable, "-c", "import os, signal\nos.kill(os.getpid(), signal.SIGINT)"])
    with pytest.raises(KeyboardInterrupt):
        dot.run_dot(b"digraph { a }", "svg")


# -- SIGTERM ---------------------------------------------------------------------------------------
@pytest.fixture
def sigterm_heard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SIGTERM handled in this process as a command handles it (:func:`uurules.interrupt.listen`),
    put back afterwards, with what it heard forgotten."""
    monkeypatch.setattr(interrupt, "_heard", [])
    before = signal.signal(signal.SIGTERM, interrupt.terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def test_a_checkpoint_sends_sigterm_when_told_and_the_status_is_143(
    monkeypatch: pytest.MonkeyPatch, sigterm_heard: None
) -> None:
    assert (interrupt.cause(), interrupt.status()) == ("Ctrl-C", 130)
    interrupt.checkpoint("dot")  # unset: counting starts again
    monkeypatch.setenv(interrupt.ENV, "dot:2:term")
    interrupt.checkpoint("dot")
    with pytest.raises(interrupt.Terminated):
        interrupt.checkpoint("dot")
    assert (interrupt.cause(), interrupt.status()) == ("SIGTERM", 143)
    said = interrupt.said("interrupted (Ctrl-C) after 4 decision nodes")
    assert said == "interrupted (SIGTERM) after 4 decision nodes"
    assert issubclass(interrupt.Terminated, KeyboardInterrupt)  # cleaned up after wherever Ctrl-C is


def test_listen_handles_sigterm_unless_it_was_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interrupt, "_heard", [])
    before = signal.getsignal(signal.SIGTERM)
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        interrupt.listen()
        assert signal.getsignal(signal.SIGTERM) is interrupt.terminate
        with pytest.raises(interrupt.Terminated):
            os.kill(os.getpid(), signal.SIGTERM)
            signal.pthread_sigmask(signal.SIG_BLOCK, [])  # a call: the handler runs before it returns
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # whoever started it so wants it left running
        interrupt.listen()
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGTERM, before)


def test_a_sigterm_while_cleaning_up_waits_until_the_cleaning_is_done(sigterm_heard: None) -> None:
    done: list[str] = []
    with pytest.raises(interrupt.Terminated), interrupt.deferred():
        os.kill(os.getpid(), signal.SIGTERM)
        done.append("cleaned")  # not cut short
    assert done == ["cleaned"] and signal.getsignal(signal.SIGTERM) is interrupt.terminate
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_dot_killed_by_sigterm_is_a_sigterm(monkeypatch: pytest.MonkeyPatch) -> None:
    from uurules.render import dot

    monkeypatch.setattr(interrupt, "_heard", [])
    monkeypatch.setattr(dot, "DOT", [sys.executable, "-c", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)"])
    with pytest.raises(interrupt.Terminated):
        dot.run_dot(b"digraph { a }", "svg")
    assert interrupt.status() == 143


def test_sigterm_while_the_command_starts_is_one_line(tmp_path: Path) -> None:
    """While its modules load (the command module's import is where the signal comes)."""
    program = (
        "import os, signal, sys\n"
        "class Terminate:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'uurules.cli':\n"
        "            os.kill(os.getpid(), signal.SIGTERM)\n"
        "sys.meta_path.insert(0, Terminate())\n"
        "sys.argv = ['uurules', 'run', 'x.yaml']\n"
        "from uurules.__main__ import run\n"
        "run()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (143, "")
    assert done.stderr == "uurules: interrupted (SIGTERM) while starting; nothing was read or written\n"


def _ignore_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def test_a_command_started_with_sigterm_ignored_goes_on(game: Path, tmp_path: Path) -> None:
    """Whoever started it with SIGTERM ignored (no shell does so by itself) wants it left running."""
    env = {**os.environ, interrupt.ENV: "playing:70:term", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "uurules", "run", str(game), "--json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_ignore_sigterm,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["log"]
