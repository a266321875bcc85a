"""``uurules html FILE.yaml -o page.html``: one self-contained page that steps through a scenario.

(The page is also driven in a real browser: tests/test_browser.py.)
"""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from uurules.cli import main
from uurules.timeline import Timeline
from uurules.widgets.views import esc

SEED = SCENARIOS / "seed-001-gameplay.yaml"
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="graphviz's dot is not installed (CI installs it)"
)


class Page(HTMLParser):
    """The tags, attributes and text of a page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: Counter[str] = Counter()
        self.attrs: list[tuple[str, str, str]] = []
        self.sections: list[dict[str, str]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        for k, v in attrs:
            self.attrs.append((tag, k, v or ""))
        if tag == "section":
            self.sections.append({k: v or "" for k, v in attrs})


def write(tmp_path: Path, source: Path | str, capsys: pytest.CaptureFixture[str]) -> str:
    out = tmp_path / "page.html"
    assert main(["html", str(source), "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out} (")
    return out.read_text(encoding="utf-8")


@needs_dot
def test_the_page_holds_every_step_with_its_picture_and_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = write(tmp_path, SEED, capsys)
    tl = Timeline.from_file(SEED)
    page = Page(text)
    assert [(s["data-step"], s["data-label"]) for s in page.sections] == [(str(s.number), s.heading) for s in tl]
    assert page.tags["svg"] == len(tl) == 8 and page.tags["script"] == 1
    for cls in ("uurules-first", "uurules-back", "uurules-step", "uurules-last", "uurules-slider"):
        assert any(k == "class" and cls in v.split() for _, k, v in page.attrs), cls
    for line in tl.log:
        assert esc(line) in text
    assert text.count('class="uurules-log-step"') == len(tl)
    assert "Waiting for Ann</b>: Ann: use Controlled Chaos?" in text


@pytest.mark.rule("UU.HAND.1")
@needs_dot
def test_the_page_shows_each_steps_phases_and_draws_in_its_log_and_its_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rule: UU.HAND.1 the whole turn, as the log has it: the last step's entry ends with the Draw phase
    text = write(tmp_path, SEED, capsys)
    last = text.split('class="uurules-log-step" data-step="7"')[1].split("</li>")[0]
    lines = re.findall(r'<div class="uurules-log-line"><span class="uurules-marker"></span> (.*?)</div>', last)
    assert lines[-4:] == [
        "- Ann: Draw phase.",
        "- Ann draws Rainbow Aura.",
        "- Hand at 8 cards (above the Hand limit).",
        "- Ann: Action phase.",
    ]
    step = text.split('data-step="7" data-label=')[1].split("</section>")[0]
    assert "THE TURN" in step and "Ann: Draw phase" in step  # the step's picture says it too
    assert "Ann draws Rainbow Aura ·" in step and "Ann: Action phase" in step  # the turn note, wrapped


@needs_dot
def test_the_page_is_self_contained_nothing_is_fetched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = write(tmp_path, SEED, capsys)
    page = Page(text)
    # the only addresses are the SVG and XLink namespace names, in xmlns attributes
    for m in re.finditer(r"https?://", text, re.I):
        assert re.search(r'xmlns(:xlink)?="$', text[max(0, m.start() - 14) : m.start()]), text[
            m.start() - 40 : m.end() + 40
        ]
    assert {v for _, k, v in page.attrs if k.startswith("xmlns")} == {
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/1999/xlink",
    }
    assert not [a for a in page.attrs if a[1] in ("src", "srcset", "action", "poster", "data")]
    assert not [v for t, k, v in page.attrs if k == "href" and not v.startswith("#")]
    assert "<link" not in text and "@import" not in text and "<iframe" not in text
    assert "<?xml" not in text and "<!DOCTYPE svg" not in text and "svg11.dtd" not in text
    assert not re.search(r"url\((?!#)", text)
    ids = [v for _, k, v in page.attrs if k == "id"]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1][:5]


WEIRD = """
ruleset: unstable-unicorns
title: 'Names: Bob "the <Great> & \\ Тест" </script><script>alert(1)</script>'
cards:
  - {name: "<img src=x onerror=alert(1)> & 'Co'", type: Magic}
players:
  - name: Ann
    hand: [Unicorn Poison, "<img src=x onerror=alert(1)> & 'Co'"]
  - name: 'Bob "the <Great> & \\ Тест"'
    hand: [Neigh]
    stable: [Basic Unicorn]
script:
  - play: {player: Ann, card: Unicorn Poison}
"""


@needs_dot
def test_every_name_is_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scn = tmp_path / "weird.yaml"
    scn.write_text(WEIRD, encoding="utf-8")
    text = write(tmp_path, scn, capsys)
    assert text.count("<script>") == 1 and text.count("</script>") == 1
    assert "<img" not in text and "<Great>" not in text and 'Bob "the' not in text
    assert esc('Bob "the <Great> & \\ Тест"') in text
    assert "&lt;img src=x onerror=alert(1)&gt; &amp; &#x27;Co&#x27;" in text
    page = Page(text)
    assert page.tags["img"] == 0 and page.sections[1]["data-label"] == "Ann plays Unicorn Poison"
    assert "<title>Names: Bob &quot;the &lt;Great&gt; &amp; \\ Тест&quot; &lt;/script&gt;" in text


def test_without_dot_no_page_is_written_and_the_message_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")
    out = tmp_path / "page.html"
    assert main(["html", str(SEED), "-o", str(out)]) == 2
    assert not out.exists() and "graphviz" in capsys.readouterr().err


def test_bad_input_exits_2_with_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: unstable-unicorns\nplayers:\n  - {name: Ann, hand: [Basic Unicorm]}\n", encoding="utf-8")
    assert main(["html", str(bad), "-o", str(tmp_path / "page.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"uurules: {bad}:3: unknown card 'Basic Unicorm'") and err.count("\n") == 1
