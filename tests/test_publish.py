"""``uurules wiki --publish`` without a wiki: credentials, addresses, names and links (the real
MediaWiki is in ``tests/test_publish_mediawiki.py``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.browser_support import free_port
from uurules.cli import main
from uurules.engine.errors import UURulesError
from uurules.publish import Credentials, PublishError, api_parts, credentials
from uurules.render.wiki import CardLinks, WikiNames, page, wiki_title
from uurules.scenario import Scenario
from uurules.timeline import Playing

SEED = "notebooks/scenarios/seed-001-gameplay.yaml"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_user_and_password_come_from_the_environment_or_a_terminal_else_one_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = {"UURULES_WIKI_USER": "Ann@uurules", "UURULES_WIKI_PASSWORD": "secret"}
    who = credentials(env, io.StringIO())
    assert who == Credentials("Ann@uurules", "secret") and "secret" not in repr(who)
    with pytest.raises(PublishError, match="set UURULES_WIKI_USER and UURULES_WIKI_PASSWORD"):
        credentials({"UURULES_WIKI_USER": "Ann"}, io.StringIO())
    asked: list[str] = []
    monkeypatch.setattr("getpass.getpass", lambda prompt: asked.append(prompt) or "typed")
    assert credentials({}, Terminal("Bob\n")) == Credentials("Bob", "typed")
    assert asked == ["wiki password for Bob: "]


@pytest.mark.parametrize(
    "url",
    [
        "ftp://wiki.example.org/w/api.php",
        "https://wiki.example.org/w/index.php",
        "wiki.example.org/api.php",
        "/api.php",
    ],
)
def test_an_address_that_is_not_an_api_php_is_refused_before_anything_is_asked(
    url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("UURULES_WIKI_USER", raising=False)
    with pytest.raises(PublishError, match=r"Accepted: the address of its api\.php"):
        api_parts(url)
    assert main(["wiki", SEED, "--publish", url]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"uurules: {url!r} is not the URL of a wiki's API. Accepted: the address of its api.php, "
                   "e.g. https://wiki.example.org/w/api.php"]  # fmt: skip


def test_an_unreachable_wiki_is_one_error_with_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UURULES_WIKI_USER", "Ann")
    monkeypatch.setenv("UURULES_WIKI_PASSWORD", "secret")
    closed = f"http://127.0.0.1:{free_port()}/w/api.php"
    assert main(["wiki", SEED, "--publish", closed]) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert captured.out == "" and line.startswith(f"uurules: cannot reach the wiki's API at {closed}: ConnectionError")


def test_options_that_do_not_go_together_are_one_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["wiki", SEED, "-o", str(tmp_path / "w"), "--page", "Mine"]) == 2
    assert "--page names the page on a wiki: it goes with --publish" in capsys.readouterr().err
    assert main(["wiki", SEED, "-o", str(tmp_path / "w"), "--card-link", "[[Card]]"]) == 2
    assert capsys.readouterr().err.startswith("uurules: the card link '[[Card]]' names no card. Accepted:")
    assert not (tmp_path / "w").exists()
    with pytest.raises(SystemExit) as exit:
        main(["wiki", SEED])  # -o DIR or --publish API_URL
    assert exit.value.code == 2
    assert "one of the arguments -o/--output --publish is required" in capsys.readouterr().err


def test_card_names_link_as_the_pattern_says_and_nothing_else_changes() -> None:
    lines = page(Playing(Scenario.from_file(SEED)), "seed", "[[Card:{card}|{name}]]").splitlines()
    assert "* [In Stable];[[Card:Controlled Chaos|Controlled Chaos]]" in lines
    assert "* [[Card:Dread Pirate Unicorn|Dread Pirate Unicorn]] has priority." in lines
    plain = page(Playing(Scenario.from_file(SEED)), "seed", "").splitlines()
    assert "* [In Stable];Controlled Chaos" in plain and "* Dread Pirate Unicorn has priority." in plain
    assert not [ln for ln in plain if "[[" in ln and not ln.startswith("[[File:")]
    # a colour variant links by the name it is shown as; {card} is the card it plays as
    links = CardLinks({"Basic Unicorn (Red)": "Basic Unicorn"}, "[[{name}]] ({card})")
    assert links.line("Ann plays Basic Unicorn (Red).") == "Ann plays [[Basic Unicorn (Red)]] (Basic Unicorn)."
    # a name a link cannot hold stays inert text; the text around a link stays inert too
    odd = CardLinks({"Odd [[Unicorn]] <b>": "Odd [[Unicorn]] <b>", "Neigh": "Neigh"})
    assert odd.line("* Odd [[Unicorn]] <b> meets Neigh {{x}}") == (
        "<nowiki>* Odd [[Unicorn]] &lt;b&gt; meets </nowiki>[[Neigh]]<nowiki> {{x}}</nowiki>"
    )


def test_wiki_names_are_legal_stable_and_apart() -> None:
    assert wiki_title("a [b] | c # d {e} <f> ~~~~ g%41 h&amp;i") == "a b c d e f g 41 h amp;i"
    with pytest.raises(UURulesError, match="cannot be a wiki page's title"):
        wiki_title("[[]]")
    long = WikiNames("Берсерк " * 40)
    names = {long.step(n, "attack: Ann Ann/Задира -> Bob/Монах Тарга (medium)") for n in range(12)}
    assert len(names) == 12  # apart, however much of the title had to go
    for name in names:
        assert len(name.encode("utf-8")) <= 204 and name.endswith(".svg")
        assert not re.search(r"[#<>\[\]|{}:/\\]", name)
    assert WikiNames("Берсерк " * 40).step(3, "x") == long.step(3, "x")  # the same on every run


def test_publishing_cut_by_ctrl_c_says_what_stays_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not "no output file was written": some pictures may be on the wiki already."""
    monkeypatch.setenv("UURULES_WIKI_USER", "Ann")
    monkeypatch.setenv("UURULES_WIKI_PASSWORD", "secret")

    def cut(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("uurules.publish.publish_scenario", cut)
    api = "http://127.0.0.1:9/w/api.php"
    assert main(["wiki", SEED, "--publish", api]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"uurules: interrupted (Ctrl-C) while publishing to {api}: what was already uploaded stays on the wiki; "
        "run the command again to finish (what is unchanged gets no new revision)"
    ]


def test_publishing_cut_by_sigterm_says_so_and_exits_143(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from uurules import interrupt

    monkeypatch.setenv("UURULES_WIKI_USER", "Ann")
    monkeypatch.setenv("UURULES_WIKI_PASSWORD", "secret")
    monkeypatch.setattr(interrupt, "_heard", [])
    monkeypatch.setattr("uurules.publish.publish_scenario", lambda *args, **kwargs: interrupt.terminate())
    api = "http://127.0.0.1:9/w/api.php"
    assert main(["wiki", SEED, "--publish", api]) == 143
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"uurules: interrupted (SIGTERM) while publishing to {api}: what was")
