"""``uurules wiki FILE --publish API_URL`` against a real MediaWiki (Debian's, SQLite, ``php -S``).

The test publishes a scenario, reads the page back through the API (``action=parse``) and checks
its headings (level 2 and 3, none at level 1), its card links and its pictures (uploaded, used on
the page, the same bytes as drawn); publishes again and checks that nothing is duplicated (the same
files, one revision each, one page revision); then that a changed page is a new revision of the
same page; and that a bad password, a missing right, an unreachable or wrong address are each one
``uurules:`` line with exit 2 and nothing published.

Without Debian's ``mediawiki`` and ``php`` these tests skip, except under CI (``CI=true``), where
they fail: ``tools/kit.sh test`` installs them.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.browser_support import free_port
from tests.mediawiki_support import PASSWORD, MediaWikiServer, mediawiki, mediawiki_missing
from uurules.cli import main
from uurules.render.wiki import WikiNames, for_wiki
from uurules.scenario import Scenario
from uurules.timeline import Playing

pytestmark = pytest.mark.mediawiki

SEED = "notebooks/scenarios/seed-001-gameplay.yaml"
TITLE = "Seed 001 gameplay example: Controlled Chaos, Dread Pirate Unicorn and Parallel Universicorn"
BOARD = ["Basic Unicorn", "Neigh", "Good Deal", "Two-For-One", "Controlled Chaos", "Dread Pirate Unicorn"]
BOARD += ["Parallel Universicorn", "Rhinocorn"]


@pytest.fixture(scope="module")
def wiki(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MediaWikiServer]:
    why = mediawiki_missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the MediaWiki tests must run under CI: {why}")
        pytest.skip(why)
    with mediawiki(tmp_path_factory.mktemp("mediawiki")) as w:
        print(f"\nMediaWiki installed in {w.install_seconds:.1f} s")
        yield w


def api(wiki: MediaWikiServer, **params: Any) -> Any:
    answer = requests.get(wiki.api, params={**params, "format": "json", "formatversion": "2"}, timeout=60)
    answer.raise_for_status()
    out = answer.json()
    assert "error" not in out, out
    return out


def as_user(monkeypatch: pytest.MonkeyPatch, user: str, password: str = PASSWORD) -> None:
    monkeypatch.setenv("UURULES_WIKI_USER", user)
    monkeypatch.setenv("UURULES_WIKI_PASSWORD", password)


def revisions(wiki: MediaWikiServer, title: str) -> list[int]:
    pages = api(wiki, action="query", titles=title, prop="revisions", rvprop="ids", rvlimit="max")["query"]["pages"]
    return [r["revid"] for r in pages[0].get("revisions", [])]


def files(wiki: MediaWikiServer, prefix: str) -> dict[str, list[dict[str, Any]]]:
    """The wiki's files whose names start with ``prefix``: each one's versions (newest first)."""
    listed = api(wiki, action="query", list="allimages", aiprefix=prefix, ailimit="max")["query"]["allimages"]
    out = {}
    for image in listed:
        title = f"File:{image['name']}"
        pages = api(wiki, action="query", titles=title, prop="imageinfo", iiprop="sha1|mime", iilimit="max")
        out[image["name"].replace("_", " ")] = pages["query"]["pages"][0]["imageinfo"]
    return out


def normal(name: str) -> str:
    """A file's name as the wiki keeps it (its first letter a capital)."""
    return name[:1].upper() + name[1:]


def test_a_published_page_starts_at_level_2_links_its_cards_and_shows_its_uploaded_pictures(
    wiki: MediaWikiServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    as_user(monkeypatch, "Admin")
    started = time.monotonic()
    assert main(["wiki", SEED, "--publish", wiki.api]) == 0
    print(f"published in {time.monotonic() - started:.1f} s", file=__import__("sys").stderr)
    out = capsys.readouterr().out
    assert out.startswith(f"published {TITLE!r} on {wiki.api}: the page saved, 8 pictures uploaded, 0 unchanged")

    parsed = api(wiki, action="parse", page=TITLE, prop="sections|links|images|text")["parse"]
    levels = [s["level"] for s in parsed["sections"]]
    assert levels[0] == "2" and set(levels) == {"2", "3"}  # no level-1 heading: the wiki shows the title there
    assert [s["line"] for s in parsed["sections"] if s["level"] == "2"] == [
        "The board",
        "Resolution",
        "End result",
    ]
    assert "<h1" not in parsed["text"]
    linked = {link["title"] for link in parsed["links"] if link["ns"] == 0}
    assert set(BOARD) <= linked  # each card on the board links to its page

    # the pictures: the ones drawn, named after the title and the step, uploaded byte for byte, used here
    _, drawn = for_wiki(Playing(Scenario.from_file(SEED)), TITLE)
    assert [name for name, _ in drawn][:2] == [
        f"uurules {TITLE.replace(':', ' -')} step 0 - staged board.svg",
        f"uurules {TITLE.replace(':', ' -')} step 1 - begin-turn - Ann.svg",
    ]
    assert sorted(i.replace("_", " ") for i in parsed["images"]) == sorted(normal(n) for n, _ in drawn)
    on_wiki = files(wiki, "Uurules Seed 001")
    assert on_wiki.keys() == {normal(n) for n, _ in drawn}
    for name, svg in drawn:
        (version,) = on_wiki[normal(name)]
        assert version["sha1"] == hashlib.sha1(svg).hexdigest() and version["mime"] == "image/svg+xml"
    for name, _ in drawn:
        usage = api(wiki, action="query", titles=f"File:{name}", prop="fileusage")["query"]["pages"][0]
        assert [u["title"] for u in usage["fileusage"]] == [TITLE]
    assert len(revisions(wiki, TITLE)) == 1

    # again: nothing new, nothing duplicated
    assert main(["wiki", SEED, "--publish", wiki.api]) == 0
    assert capsys.readouterr().out.startswith(
        f"published {TITLE!r} on {wiki.api}: the page unchanged, 0 pictures uploaded, 8 unchanged"
    )
    assert files(wiki, "Uurules Seed 001") == on_wiki  # the same files, still one version each
    assert len(revisions(wiki, TITLE)) == 1

    # another link pattern: a new revision of the same page, the same files
    assert main(["wiki", SEED, "--publish", wiki.api, "--card-link", "[[Card:{name}|{name}]]"]) == 0
    assert ": the page saved, 0 pictures uploaded, 8 unchanged" in capsys.readouterr().out
    assert len(revisions(wiki, TITLE)) == 2
    parsed = api(wiki, action="parse", page=TITLE, prop="links")["parse"]
    assert {f"Card:{name}" for name in BOARD} <= {link["title"] for link in parsed["links"]}
    assert files(wiki, "Uurules Seed 001") == on_wiki


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith("uurules: ")
    for word in words:
        assert word in line
    return line


def test_a_bad_password_a_missing_right_or_a_wrong_address_is_one_error_and_publishes_nothing(
    wiki: MediaWikiServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = files(wiki, "Uurules")
    argv = ["wiki", SEED, "--publish", wiki.api, "--page", "Refused page"]
    as_user(monkeypatch, "Admin", "not-the-password")
    refused(capsys, argv, "refused the login of 'Admin'")
    as_user(monkeypatch, "Writer")  # may edit, may not upload
    refused(capsys, argv, "does not let 'Writer' publish 'Refused page'", "upload", "Nothing was sent")
    as_user(monkeypatch, "Admin")
    closed = f"http://127.0.0.1:{free_port()}/api.php"
    refused(capsys, ["wiki", SEED, "--publish", closed], f"cannot reach the wiki's API at {closed}")
    wrong = wiki.api.replace("/api.php", "/nowhere/api.php")
    refused(capsys, ["wiki", SEED, "--publish", wrong], f"{wrong} answered HTTP 404")
    refused(
        capsys, ["wiki", SEED, "--publish", wiki.api.replace("api.php", "index.php")], "not the URL of a wiki's API"
    )
    assert files(wiki, "Uurules") == before
    assert revisions(wiki, "Refused page") == []


def test_a_page_name_of_ones_own_and_a_question_s_strategy_pictures(
    wiki: MediaWikiServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    as_user(monkeypatch, "Admin")
    order = "notebooks/scenarios/faq-does-the-order-of-my-neighs-matter.yaml"
    assert main(["wiki", order, "--publish", wiki.api, "--page", "FAQ/Order of Neighs", "--card-link", ""]) == 0
    capsys.readouterr()
    parsed = api(wiki, action="parse", page="FAQ/Order of Neighs", prop="sections|links|images")["parse"]
    assert "Question and answer" in [s["line"] for s in parsed["sections"] if s["level"] == "2"]
    assert [link for link in parsed["links"] if link["ns"] == 0] == []  # no card links asked for
    strategy = WikiNames("FAQ/Order of Neighs").strategy(1)
    assert strategy == "uurules FAQ - Order of Neighs strategy page 1.svg"
    assert normal(strategy).replace(" ", "_") in parsed["images"]
    assert files(wiki, "Uurules FAQ - Order of Neighs strategy").keys() == {normal(strategy)}
