"""Outputs that are symbolic links (issue #30): every command that writes refuses, with one line
and before any work, to write through a link that leads nowhere (dangling) or round a loop, as GNU
tools do; a link to an existing file or directory is written through, as GNU ``cp`` and a shell's
``>`` do: what it leads to gets the output and the link stays (``uurules/output.py``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.test_nothing_lost import GOOD, needs_dot, refused
from uurules import output
from uurules.cli import main

COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "html": lambda v, out: ["html", str(v), "-o", str(out)],
    "render": lambda v, out: ["render", str(v), "-o", str(out)],
    "render --all-steps": lambda v, out: ["render", str(v), "--all-steps", "-o", str(out)],
    "wiki": lambda v, out: ["wiki", str(v), "-o", str(out)],
}


def _links(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A self-loop, a two-link loop and a dangling link, each with the reason it is refused."""
    (tmp_path / "self.out").symlink_to("self.out")
    (tmp_path / "a.out").symlink_to("b.out")
    (tmp_path / "b.out").symlink_to("a.out")
    (tmp_path / "dangling.out").symlink_to("nowhere/missing.out")
    return {
        "self": (tmp_path / "self.out", "is a symbolic link in a loop"),
        "two": (tmp_path / "a.out", "is a symbolic link in a loop"),
        "dangling": (tmp_path / "dangling.out", "is a dangling symbolic link (to nowhere/missing.out"),
    }


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_link_in_a_loop_or_dangling_is_refused_and_nothing_is_written(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v = tmp_path / "v.yaml"
    v.write_text(GOOD, encoding="utf-8")
    for out, reason in _links(tmp_path).values():
        err = refused(capsys, tmp_path, COMMANDS[command](v, out), f"{out}: ", reason)
        assert "refusing to write through it" in err
        assert out.is_symlink() and os.readlink(out)  # the link is still there, as it was


def test_the_writer_refuses_them_itself(tmp_path: Path) -> None:
    # uurules/output.py is the one writer: its functions refuse them whoever calls them
    for out, reason in _links(tmp_path).values():
        for write in (
            lambda p: output.write_bytes(p, b"x"),
            lambda p: output.check([p], []),
            lambda p: output.atomic_directory(p).__enter__(),
        ):
            with pytest.raises(output.OutputError, match=reason.split(" (")[0]):
                write(out)
            assert out.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.out", "b.out", "dangling.out", "self.out"]


@needs_dot
def test_a_link_to_a_file_is_written_through_and_stays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = tmp_path / "v.yaml"
    v.write_text(GOOD, encoding="utf-8")
    (tmp_path / "pages").mkdir()
    real = tmp_path / "pages" / "real.html"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    assert main(["html", str(v), "-o", str(link)]) == 0
    assert f"wrote {link}" in capsys.readouterr().out
    assert link.is_symlink() and os.readlink(link) == str(real)  # the link stays
    assert real.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")  # what it leads to is written
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == ["real.html"]  # no temporary file left


def test_a_link_to_a_directory_is_written_into(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = tmp_path / "v.yaml"
    v.write_text(GOOD, encoding="utf-8")
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "old.txt").write_text("kept", encoding="utf-8")
    (tmp_path / "steps").symlink_to("real")
    assert main(["render", str(v), "--all-steps", "--format", "dot", "-o", str(tmp_path / "steps")]) == 0
    assert (tmp_path / "steps").is_symlink()
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["old.txt", "step-000.dot", "step-001.dot"]
    # a file of the directory that is a link to a file: written through too
    (tmp_path / "elsewhere.dot").write_text("old", encoding="utf-8")
    (tmp_path / "real" / "step-000.dot").unlink()
    (tmp_path / "real" / "step-000.dot").symlink_to(tmp_path / "elsewhere.dot")
    assert main(["render", str(v), "--all-steps", "--format", "dot", "-o", str(tmp_path / "steps")]) == 0
    assert (tmp_path / "real" / "step-000.dot").is_symlink()
    assert (tmp_path / "elsewhere.dot").read_text(encoding="utf-8").startswith("digraph")
    capsys.readouterr()
