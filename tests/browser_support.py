"""Driving a real browser: Debian's chromium through Playwright, and a Jupyter server started
on 127.0.0.1 for one test (or one benchmark) in a temporary folder, stopped by its PID.

Used by ``tests/test_browser.py``, ``benchmarks/widget_step.py`` and ``benchmarks/course_site.py``.
Nothing is downloaded: ``playwright install`` cannot run here, so the system's ``/usr/bin/chromium``
is launched.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUT = ROOT / "tests" / "browser" / "out"
"""Where the browser tests save their screenshots (ignored by git)."""


def chromium_missing() -> str | None:
    """Why the browser cannot run here, or ``None`` when it can."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed (tools/kit.sh test installs it)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


def launch(playwright: Any) -> Any:
    """The system chromium, headless."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def jupyter_env(home: Path) -> dict[str, str]:
    """Jupyter's folders inside ``home``; this worktree first on the kernel's path."""
    env = dict(os.environ)
    for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("JUPYTER_PATH", None)
    # no news, no update checks: nothing pops up over the notebook and nothing is fetched
    notes = home / "settings" / "@jupyterlab" / "apputils-extension"
    notes.mkdir(parents=True, exist_ok=True)
    (notes / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8"
    )
    # every cell in the page, not only those scrolled to (so that every picture can be measured)
    tracker = home / "settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}), encoding="utf-8")
    return env


def _wait(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {proc.returncode}):\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:  # a 3xx is followed; 200 means it answers
                if r.status < 500:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer {url} in {timeout} s:\n{log.read_text(errors='replace')}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server we started (and its kernels, in its own process group) by its PID."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):  # kernels left in the group after a clean exit
        os.killpg(proc.pid, signal.SIGKILL)


@contextmanager
def jupyter(kind: str, folder: Path, notebook: str, options: tuple[str, ...] = ()) -> Iterator[str]:
    """Start ``lab`` (JupyterLab) or ``voila`` on 127.0.0.1 over ``folder``; yields the page's URL.

    Lab: no token, no password, the app exposed as ``window.jupyterapp``; the URL opens
    ``notebook``; ``options``: more of the server's options (the kit's: ``uurules.lab.HOOK_ARGS``).
    Voilà runs every cell of ``notebook`` when the page loads.
    """
    home = folder / ".home"
    env = jupyter_env(home)
    port = free_port()
    log = home / f"{kind}.log"
    if kind == "lab":
        cmd = [
            sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={folder}",
            "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=", "--LabApp.extension_manager=readonly",
            "--ServerApp.port_retries=0", *options,
        ]  # fmt: skip
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        page, ready = f"http://127.0.0.1:{port}/lab/tree/{notebook}", f"http://127.0.0.1:{port}/api/status"
    elif kind == "voila":
        voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
        cmd = [voila, notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]
        page = ready = f"http://127.0.0.1:{port}/"
    else:
        raise ValueError(f"unknown server {kind!r}. Accepted: lab, voila")
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait(ready if kind == "lab" else page, proc, log)
        yield page
    finally:
        _stop(proc)


KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return !!(kernel && kernel.connectionStatus === "connected" && kernel.status === "idle" && panel.content
            && panel.content.widgets && panel.content.widgets.length > 0);
}"""


def lab_run_all(page: Any, url: str, timeout: float = 60_000, clear: bool = False) -> None:
    """Open a notebook in JupyterLab, wait until its kernel is connected and idle, run all cells.

    ``clear``: clear the stored outputs first, so that :data:`ALL_DONE` waits for this run
    (stored prompts like ``[3]:`` would otherwise look finished before it starts).
    """
    page.goto(url)
    page.wait_for_function(KERNEL_READY, timeout=timeout, polling=100)
    if clear:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
        page.wait_for_function(
            "() => ![...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-InputPrompt')]"
            ".some(p => /\\[\\d+\\]/.test(p.textContent))",
            timeout=timeout,
        )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


ALL_DONE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const prompts = [...panel.node.querySelectorAll('.jp-InputPrompt')].map(p => p.textContent);
  return !!kernel && kernel.status === 'idle' && prompts.length > 0 && !prompts.some(p => p.includes('*'))
         && prompts.every(p => /\\[\\d+\\]/.test(p) || p.trim() === '');
}"""
"""True when every code cell of the notebook on show has run (no ``[*]`` prompt left)."""

LOADED = """(selector) => {
  const imgs = [...document.querySelectorAll(selector)].filter(i => i.tagName.toLowerCase() === 'img');
  imgs.forEach(i => { if (i.loading !== 'eager') i.loading = 'eager'; });
  return imgs.every(i => i.complete && i.naturalWidth > 0);
}"""
"""True when every ``<img>`` the selector finds has loaded (Lab may load output images lazily,
and an image not loaded yet has no size to measure)."""

MEASURE = """(selector) => {
  const pictures = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;  // not on show (a hidden step of the html page)
    let svg = el;
    if (el.tagName.toLowerCase() === 'img') {
      const src = el.getAttribute('src') || '';
      const data = src.slice(src.indexOf(',') + 1);
      const text = src.includes(';base64,') ? atob(data) : decodeURIComponent(data);
      svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    }
    // the drawing's own width in points (its viewBox: a picture declared narrower is shown shrunk)
    const viewBox = (svg.getAttribute('viewBox') || '').split(/[ ,]+/).map(parseFloat);
    const widthPt = viewBox.length === 4 && viewBox[2] > 0 ? viewBox[2] : parseFloat(svg.getAttribute('width'));
    const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(t.getAttribute('font-size')));
    const area = el.closest('.jp-OutputArea-output, .jp-OutputArea, .widget-html, .uurules-page-step, body');
    const room = area.getBoundingClientRect();
    const title = (svg.querySelector('text') || {}).textContent || '';
    pictures.push({
      title: title, width: box.width, left: box.left, right: box.right,
      roomLeft: room.left, roomRight: room.right,
      text: Math.min(...sizes) * box.width / widthPt,  // the smallest text as displayed, in px
    });
  }
  return pictures;
}"""
"""For each picture (an ``<img>`` of an SVG output, or an inline ``<svg>``) the selector finds:
its displayed width and edges, the edges of what holds it, and its smallest text as displayed
(graphviz writes font sizes in points in a viewBox of points: the size times the displayed
width over the width in points is the size in px)."""

MAX_WIDTH = 1000
"""Every picture fits this many px wide ..."""

MIN_TEXT = 11
"""... with its smallest text at least this many px high, as displayed."""


def misfits(pictures: list[dict[str, Any]]) -> list[str]:
    """The pictures that are too wide, cut off by what holds them, or whose text is too small."""
    bad = []
    for p in pictures:
        why = []
        if p["width"] > MAX_WIDTH:
            why.append(f"{p['width']:.0f} px wide")
        if p["right"] > p["roomRight"] + 1 or p["left"] < p["roomLeft"] - 1:
            why.append(f"cut off ({p['left']:.0f}..{p['right']:.0f} in {p['roomLeft']:.0f}..{p['roomRight']:.0f})")
        if p["text"] < MIN_TEXT:
            why.append(f"text {p['text']:.1f} px")
        if why:
            bad.append(f"{p['title']!r}: {', '.join(why)}")
    return bad
