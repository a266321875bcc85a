"""Writing what the commands make: never onto their input, never half-written.

- :func:`check` refuses an output that is the input file, reached by any path (the same path, a
  symbolic or hard link: :func:`os.path.samefile`), before any work is done.
- :func:`atomic_file` writes into a temporary file beside the destination and renames it into
  place (:func:`os.replace`) only when everything was written: a failure or Ctrl-C half-way
  leaves the destination as it was and no temporary file behind. A destination that exists and
  is not a regular file (``/dev/stdout``, a pipe) is written directly, as a shell would.
- :func:`atomic_directory` does the same for several files (a wiki page and its pictures, one
  picture per step): they are written into a temporary directory beside the destination, then
  moved into it (a new destination directory is renamed into place in one step).
- Directories made for the output are removed again when writing fails.
- A symbolic link as the output is written through, as GNU ``cp`` and a shell's ``>`` do: the
  file (or directory) it leads to is replaced, and the link stays (:func:`through_links`). A
  link that leads nowhere (dangling) or round a loop is refused with one line, as GNU tools
  refuse to write through them, and nothing is written.

Every failure is an :class:`OutputError` naming the output and the reason, as the commands print it.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> with atomic_file(d / "out.txt") as f:
...     _ = f.write(b"hello")
>>> sorted(p.name for p in d.iterdir()), (d / "out.txt").read_bytes()
(['out.txt'], b'hello')
>>> check([d / "out.txt"], [d / "." / "out.txt"])
Traceback (most recent call last):
...
uurules.output.OutputError: ...out.txt: is the input file ...out.txt: refusing to write onto it. Accepted: ...path
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from uurules import interrupt
from uurules.engine.errors import UURulesError

PathLike = str | os.PathLike[str]


class OutputError(UURulesError):
    """An output that cannot (or must not) be written: names the path and why."""

    def __init__(self, path: PathLike, message: str) -> None:
        self.path = str(path)
        self.message = message
        shown = self.path if len(self.path) <= SHOWN else self.path[: SHOWN // 2] + "…" + self.path[-SHOWN // 2 :]
        super().__init__(f"{shown}: {message}")


SHOWN = 600
"""How much of an output's path a message shows (a longer one: its start and end), so the reason fits."""


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False  # one of them does not exist (or cannot be looked at): not the same file


def _name_max(path: Path) -> int:
    """The longest file name (in bytes) the file system of ``path``'s nearest existing directory allows."""
    d = path.parent if str(path.parent) else Path(".")
    while True:
        try:
            return os.pathconf(d, "PC_NAME_MAX")
        except (OSError, ValueError):
            if d == d.parent:
                return 255
            d = d.parent


def check_name(out: PathLike) -> None:
    """Refuse an output name that cannot be one: empty (it would write into the current directory),
    with a NUL byte, or with a part longer than the file system allows, before any work is done."""
    text = os.fspath(out)
    if text == "":
        raise OutputError("''", "an empty output name (it would write into the current directory). Accepted: a name")
    if "\0" in text:
        raise OutputError(text, "a NUL byte in the output name. Accepted: a name without one")
    path = Path(text)
    longest = _name_max(path)
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > longest:
            raise OutputError(
                text, f"a name of {size} bytes is longer than the file system allows. Accepted: at most {longest}"
            )
    try:
        os.lstat(path)
    except FileNotFoundError:
        pass
    except OSError as exc:  # too long as a whole, a loop of links, a part that is a file
        if exc.errno not in (errno.ENOTDIR,):
            raise OutputError(text, _reason(exc)) from None


def check(outputs: Iterable[PathLike], inputs: Iterable[PathLike]) -> None:
    """Refuse any output that is one of ``inputs`` (the same file by any path), no name at all
    (:func:`check_name`), or a symbolic link that is dangling or in a loop (:func:`through_links`)."""
    ins = [Path(i) for i in inputs]
    for out in outputs:
        check_name(out)
        through_links(Path(out))  # a dangling link or a loop of links: refused before any work
        for i in ins:
            if _same(Path(out), i):
                raise OutputError(
                    out, f"is the input file {i}: refusing to write onto it. Accepted: another output path"
                )


def through_links(path: Path) -> Path:
    """Where writing ``path`` writes: ``path`` itself, or, when it is a symbolic link, the file or
    directory the link leads to (through every link on the way). A dangling link (what it leads
    to does not exist) or a loop of links is refused (:class:`OutputError`)."""
    if not path.is_symlink():
        return path
    try:
        st = os.stat(path)
    except FileNotFoundError:
        try:
            points = os.readlink(path)
        except OSError:
            points = "?"
        raise OutputError(
            path,
            f"is a dangling symbolic link (to {points}, which does not exist): refusing to write through it."
            " Accepted: a new name, a file, or a link to an existing file",
        ) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(
                path,
                "is a symbolic link in a loop (Too many levels of symbolic links): refusing to write through it."
                " Accepted: a new name, a file, or a link to an existing file",
            ) from None
        raise OutputError(path, _reason(exc)) from None
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        return path  # a device or a pipe (/dev/stdout): opened through the link, as a shell does
    real = Path(os.path.realpath(path))
    return real if real.exists() else path


def _reason(exc: OSError) -> str:
    return f"cannot write: {exc.strerror or exc}"


def _make_parents(directory: Path) -> list[Path]:
    """Make ``directory`` and its missing parents; returns the ones made, deepest first."""
    made: list[Path] = []
    d = directory
    while not d.exists() and d != d.parent:
        made.append(d)
        d = d.parent
    for m in reversed(made):
        try:
            m.mkdir()
        except FileExistsError:
            if not m.is_dir():
                _remove(made)
                raise OutputError(m, "is not a directory") from None
        except OSError as exc:
            _remove(made)
            raise OutputError(m, _reason(exc)) from None
    return made


def _remove(made: list[Path]) -> None:
    for m in made:  # deepest first
        with contextlib.suppress(OSError):
            m.rmdir()


def _mode(path: Path, default: int) -> int:
    """The mode a new file gets (``default`` less the umask), or the one of the file it replaces."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return default & ~umask


@contextlib.contextmanager
def atomic_file(path: PathLike, inputs: Iterable[PathLike] = ()) -> Iterator[BinaryIO]:
    """A binary file to write ``path`` with, put in place only when the ``with`` block succeeds."""
    path = Path(path)
    check([path], inputs)
    given, path = path, through_links(path)  # messages name the output as it was given
    if path.is_dir():
        raise OutputError(given, "is a directory. Accepted: a file name")
    if path.exists() and not path.is_file():  # a device or a pipe: nothing to replace
        try:
            with open(path, "wb") as f:
                yield f
        except OSError as exc:
            raise OutputError(given, _reason(exc)) from None
        return
    made = _make_parents(path.parent)
    tmp: str | None = None
    done = False
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        with os.fdopen(fd, "wb") as f:
            yield f
        interrupt.checkpoint("writing")
        os.chmod(tmp, _mode(path, 0o666))
        os.replace(tmp, path)
        done = True
    except OSError as exc:
        raise OutputError(given, _reason(exc)) from None
    finally:
        if not done:
            with interrupt.deferred():  # a second Ctrl-C waits until the temporary file is gone
                if tmp is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
                _remove(made)


def write_bytes(path: PathLike, data: bytes, inputs: Iterable[PathLike] = ()) -> Path:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_file`)."""
    with atomic_file(path, inputs) as f:
        f.write(data)
    return Path(path)


@contextlib.contextmanager
def atomic_directory(directory: PathLike, inputs: Iterable[PathLike] = ()) -> Iterator[Callable[[str, bytes], Path]]:
    """``put(name, data)`` for files of ``directory``, moved into it only when the ``with`` block succeeds.

    ``put`` returns the path the file will have. A new ``directory`` appears whole, in one rename;
    into an existing one, the files are moved one by one once all of them are written.
    """
    directory = through_links(Path(directory))
    ins = list(inputs)
    if directory.exists() and not directory.is_dir():
        raise OutputError(directory, "is not a directory. Accepted: a directory, or a new name")
    made = _make_parents(directory.parent)
    tmp: Path | None = None
    done = False
    names: dict[str, Path] = {}  # each file written: where it goes (through a link that is there)

    def put(name: str, data: bytes) -> Path:
        assert tmp is not None
        interrupt.checkpoint("writing")
        final = directory / name
        check([final], ins)
        target = through_links(final)
        if target.is_dir():
            raise OutputError(final, "is a directory. Accepted: a file name")
        try:
            (tmp / name).write_bytes(data)
        except OSError as exc:
            raise OutputError(final, _reason(exc)) from None
        names[name] = target
        return final

    try:
        try:
            tmp = Path(tempfile.mkdtemp(dir=directory.parent, prefix=f".{directory.name}.", suffix=".part"))
        except OSError as exc:
            raise OutputError(directory, _reason(exc)) from None
        yield put
        interrupt.checkpoint("writing")
        try:
            if not directory.exists():
                os.chmod(tmp, _mode(directory, 0o777))
                os.replace(tmp, directory)
            else:
                for name, target in names.items():
                    os.replace(tmp / name, target)
                tmp.rmdir()
        except OSError as exc:
            raise OutputError(directory, _reason(exc)) from None
        done = True
    finally:
        if not done:
            with interrupt.deferred():  # a second Ctrl-C waits until the temporary directory is gone
                if tmp is not None:
                    shutil.rmtree(tmp, ignore_errors=True)
                _remove(made)
