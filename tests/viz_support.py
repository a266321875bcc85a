"""Graphviz compiled to WebAssembly (the site's ``@viz-js/viz``, :data:`tools.build_site.VIZ`), run
by Node.js outside the browser: the same WebAssembly the course site draws with, so that a test
can lay out a picture as the site does and read its coordinates.

The package is the one the site build keeps in ``.cache/site/npm`` (``build_site.npm_pack``, which
fetches it when it is missing); ``node`` comes with npm (``tools/kit.sh`` installs both for the
tests and the site). One Node process draws every picture of a test session, one JSON line in
(``{"dot": ..., "format": ...}``), one line out.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

SERVER = r"""
import { instance } from "./package/dist/viz.js";
import readline from "node:readline";
const viz = await instance();
process.stdout.write(JSON.stringify({ version: viz.graphvizVersion }) + "\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  const { dot, format } = JSON.parse(line);
  const r = viz.render(dot, { format });
  process.stdout.write(JSON.stringify({ status: r.status, output: r.output || "",
    errors: (r.errors || []).map(e => e.message) }) + "\n");
}
"""


def viz_missing() -> str | None:
    """Why the WebAssembly Graphviz cannot run here, or ``None``."""
    if shutil.which("node") is None:
        return "node is not installed (tools/kit.sh test installs npm, which brings it)"
    if shutil.which("npm") is None and not list((ROOT / ".cache" / "site" / "npm").glob("viz-js-viz-*.tgz")):
        return "npm is not installed and no @viz-js/viz package is cached in .cache/site/npm"
    return None


class Viz:
    """The WebAssembly Graphviz in a Node process: :meth:`render` draws as ``uurules.render.wasm`` does."""

    def __init__(self, folder: Path) -> None:
        from tools.build_site import VIZ, npm_pack

        tarball = npm_pack(f"@viz-js/viz@{VIZ}", ROOT / ".cache" / "site")
        folder.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(folder, filter="data")
        (folder / "server.mjs").write_text(SERVER, encoding="utf-8")
        self.proc = subprocess.Popen(
            ["node", "server.mjs"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None
        self.version = json.loads(self.proc.stdout.readline())["version"]

    def render(self, dot: str, format: str = "svg") -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"dot": dot, "format": format}) + "\n")
        self.proc.stdin.flush()
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        if answer["status"] != "success":
            raise RuntimeError(f"the WebAssembly Graphviz failed: {answer['errors']}")
        return str(answer["output"])

    def layout(self, dot: str) -> dict[str, Any]:
        """The layout as Graphviz's JSON (``-Tjson``): every node's and frame's coordinates, y up."""
        result: dict[str, Any] = json.loads(self.render(dot, "json"))
        return result

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)
