"""Build ``site/``: the course as a static JupyterLite site that works offline from any web server.

    python tools/build_site.py [--out site] [--cache .cache/site]

(``bash tools/kit.sh site`` sets up the venv and runs this.) What the site holds:

- every lesson (``notebooks/*.ipynb``) and ``notebooks/scenarios/``, at the site's root as in the
  course folder, so that ``Scenario.from_file("scenarios/...")`` reads the same files;
- Pyodide (:data:`PYODIDE`, the registry's ``pyodide`` package: the interpreter and the standard
  library) in ``static/pyodide/``, with a ``pyodide-lock.json`` of its own that lists only the
  wheels beside it: the kit (built from this checkout) and every package it and the kernel import,
  each a pure-Python wheel at a pinned version. Three of Pyodide's own packages are compiled ones
  that the registries do not carry for the browser, so their pure-Python equivalents stand in:
  PyYAML without its libyaml module (its own pure-Python parser, which ``uurules.yamlio`` already
  uses wherever libyaml is missing), ``pyrsistent``'s pure wheel, and an ``rpds`` made of
  ``pyrsistent-as-rpds-py`` (what ``jsonschema``'s ``referencing`` needs);
- Graphviz compiled to WebAssembly (:data:`VIZ`, the registry's ``@viz-js/viz``), in the wheel
  ``uurules-viz`` that :mod:`uurules.render.wasm` loads in the browser.

Nothing is fetched at run time: the kernel is told where Pyodide is (``pyodideUrl``) and never to
fall back to a package index. Downloads go to the cache folder, so a second build is offline.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PYODIDE = "314.0.8"
"""The npm package ``pyodide`` (its kernel, ``jupyterlite-pyodide-kernel`` 0.8.6, expects 314.x)."""

VIZ = "3.31.0"
"""The npm package ``@viz-js/viz``: Graphviz compiled to WebAssembly."""

KERNEL_NEEDS = ("micropip", "ipython", "jedi")
"""What the Pyodide kernel loads as it starts (besides its own wheels, which its extension carries)."""

FROM_LOCK = ("pyyaml", "jsonschema", "tqdm", "traitlets")
"""The kit's dependencies that Pyodide's lock file lists (at the versions it gives)."""

EXTRA: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # name: (version, depends, imports): pure wheels that Pyodide's lock file does not list
    "comm": ("0.2.3", (), ("comm",)),
    "graphviz": ("0.21", (), ("graphviz",)),
    "ipywidgets": ("8.1.8", ("comm", "ipython", "traitlets"), ("ipywidgets",)),
    "pyrsistent-as-rpds-py": ("2.1.0", ("pyrsistent",), ("pyrsistent_as_rpds",)),
}

PURE_STAND_INS = {"pyrsistent": "0.20.0"}
"""Pyodide's compiled packages whose registry release is also a pure-Python wheel (same version)."""

KIT_DEPENDS = ("pyyaml", "jsonschema", "graphviz", "ipywidgets", "tqdm", "uurules-viz")

RPDS = '"""rpds-py\'s persistent structures in pure Python (pyrsistent-as-rpds-py), for the browser."""\n\n' + (
    "from pyrsistent_as_rpds.pure import *  # noqa: F403\n"
)

VIZ_INIT = '''"""Graphviz compiled to WebAssembly (@viz-js/viz {version}) for uurules.render.wasm in the browser."""

from importlib import resources

VERSION = "{version}"


def script() -> str:
    """viz-global.js: defines the global ``Viz`` when evaluated."""
    return resources.files(__name__).joinpath("viz-global.js").read_text(encoding="utf-8")


def measured() -> str:
    """measured.json: dot's measures of the kit's pictures, by source (uurules.render.wasm.measured)."""
    return resources.files(__name__).joinpath("measured.json").read_text(encoding="utf-8")
'''

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def log(message: str) -> None:
    print(f"site: {message}", flush=True)


def run(cmd: list[str], **kwargs: Any) -> None:
    subprocess.run(cmd, check=True, **kwargs)


def npm_pack(spec: str, cache: Path) -> Path:
    """The npm package ``spec`` (``name@version``) as its tarball, from the cache or the registry."""
    name, version = spec.rsplit("@", 1)
    tarball = cache / "npm" / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("site: npm is needed to fetch Pyodide and Graphviz (tools/kit.sh site installs it)")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        log(f"fetching {spec}")
        run([npm, "pack", "--silent", spec], cwd=tarball.parent, stdout=subprocess.DEVNULL)
    return tarball


def pip_download(requirement: str, cache: Path, pure: bool = True) -> Path:
    """The wheel of ``requirement`` (``name==version``), from the cache or the package index.

    ``pure``: a ``py3-none-any`` wheel (for the browser); otherwise this machine's.
    """
    name, version = requirement.split("==")
    folder = cache / "wheels" / ("pure" if pure else "native")
    stem = re.sub(r"[-_.]+", "_", name).lower()
    found = [w for w in folder.glob("*.whl") if _wheel_key(w) == (stem, version)]
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        log(f"fetching {requirement}")
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps"]
        cmd += ["--only-binary=:all:", "-d", str(folder), requirement]
        if pure:
            cmd += ["--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none"]
        run(cmd)
        found = [w for w in folder.glob("*.whl") if _wheel_key(w) == (stem, version)]
    if not found:
        raise SystemExit(f"site: no wheel of {requirement} was downloaded")
    return found[0]


def _wheel_key(wheel: Path) -> tuple[str, str]:
    name, version = wheel.name.split("-")[:2]
    return re.sub(r"[-_.]+", "_", name).lower(), version


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_wheel(
    folder: Path, name: str, version: str, files: dict[str, bytes], requires: tuple[str, ...] = (), summary: str = ""
) -> Path:
    """A ``py3-none-any`` wheel of ``files`` (path in the wheel: content), written deterministically."""
    dist = f"{re.sub(r'[-_.]+', '_', name)}-{version}"
    info = f"{dist}.dist-info"
    metadata = [f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"]
    metadata += [f"Requires-Dist: {r}\n" for r in requires]
    everything = dict(sorted(files.items()))
    everything[f"{info}/METADATA"] = "".join(metadata).encode("utf-8")
    everything[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: uurules-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in everything.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    everything[f"{info}/RECORD"] = record.getvalue().encode("utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in everything.items():
            z.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return wheel


def pure_pyyaml(version: str, cache: Path, folder: Path) -> Path:
    """PyYAML without its compiled libyaml module: its own pure-Python parser (``yaml/*.py``)."""
    native = pip_download(f"pyyaml=={version}", cache, pure=False)
    with zipfile.ZipFile(native) as z:
        files = {n: z.read(n) for n in z.namelist() if n.startswith("yaml/") and n.endswith(".py")}
    if "yaml/__init__.py" not in files:
        raise SystemExit(f"site: {native.name} holds no yaml/ package")
    return write_wheel(folder, "PyYAML", version, files, summary="PyYAML's pure-Python parser (no libyaml)")


def fake_rpds(version: str, folder: Path) -> Path:
    """``rpds`` in pure Python: ``pyrsistent-as-rpds-py``'s implementation under rpds-py's name."""
    local = f"{version}+pyrsistent"
    files = {"rpds/__init__.py": RPDS.encode("utf-8")}
    return write_wheel(folder, "rpds-py", local, files, ("pyrsistent-as-rpds-py",), "rpds in pure Python")


def measure_pictures(scenarios: Path) -> dict[str, list[float]]:
    """``dot``'s measures of every picture the stepper and a notebook draw of each step of every
    scenario in ``scenarios`` (``uurules.render.recording``): in the browser, these pictures are
    arranged by them, so the site sends the WebAssembly Graphviz the DOT source JupyterLab sends ``dot``."""
    from uurules import render
    from uurules.engine.errors import UURulesError
    from uurules.timeline import Timeline
    from uurules.widgets.stepper import AREA

    with render.recording() as table:
        for path in sorted(scenarios.rglob("*.yaml")):
            try:
                steps = list(Timeline.from_file(path))
            except UURulesError:
                continue  # not a scenario that plays (a card list, a bad file shown on purpose)
            for step in steps:
                render.step(step, titled=False).fitted(AREA)
                render.step(step).pipe("svg")
    return dict(sorted(table.items()))


def viz_wheel(tarball: Path, folder: Path, measures: dict[str, list[float]]) -> Path:
    """The wheel ``uurules-viz``: ``@viz-js/viz``'s ``viz-global.js`` (the WebAssembly inside) as package
    data, and ``measures`` (:func:`measure_pictures`) as ``measured.json``."""
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/dist/viz-global.js")
        if member is None:
            raise SystemExit(f"site: {tarball.name} holds no dist/viz-global.js")
        script = member.read()
    files = {
        "uurules_viz/__init__.py": VIZ_INIT.format(version=VIZ).encode("utf-8"),
        "uurules_viz/viz-global.js": script,
        "uurules_viz/measured.json": (json.dumps(measures, separators=(",", ":")) + "\n").encode("utf-8"),
    }
    return write_wheel(folder, "uurules-viz", VIZ, files, summary="Graphviz in WebAssembly (@viz-js/viz)")


def kit_wheel(folder: Path) -> Path:
    """The uurules wheel, built from this checkout."""
    for old in folder.glob("uurules-*.whl"):
        old.unlink()
    log("building the uurules wheel")
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps"]
    run([*cmd, "--no-build-isolation", "-w", str(folder), str(ROOT)])
    (wheel,) = folder.glob("uurules-*.whl")
    return wheel


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_closure(lock: dict[str, Any], roots: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The entries of Pyodide's lock file that ``roots`` need, following their ``depends``."""
    packages = {_norm(k): v for k, v in lock["packages"].items()}
    found: dict[str, dict[str, Any]] = {}
    todo = [_norm(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in found or name in EXTRA:
            continue
        found[name] = packages[name]
        todo += [_norm(d) for d in packages[name]["depends"]]
    return found


def entry(wheel: Path, name: str, version: str, depends: tuple[str, ...], imports: tuple[str, ...]) -> dict[str, Any]:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": list(imports),
        "depends": list(depends),
        "unvendored_tests": False,
        "shared_library": False,
    }


def wheels_and_lock(pyodide: Path, cache: Path) -> dict[str, Any]:
    """Every wheel into ``pyodide`` (the folder of Pyodide in the site) and the lock file that lists them."""
    lock: dict[str, Any] = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    made = cache / "made"
    packages: dict[str, dict[str, Any]] = {}
    for name, old in lock_closure(lock, KERNEL_NEEDS + FROM_LOCK).items():
        version = old["version"]
        if name == "pyyaml":
            wheel = pure_pyyaml(version, cache, made)
            imports: tuple[str, ...] = ("yaml",)
        elif name == "rpds-py":
            wheel = fake_rpds(version, made)
            imports = ("rpds",)
        elif name in PURE_STAND_INS or old["file_name"].endswith("-none-any.whl"):
            wheel = pip_download(f"{name}=={PURE_STAND_INS.get(name, version)}", cache)
            imports = tuple(old["imports"])
        else:
            raise SystemExit(f"site: {name} {version} is compiled for Pyodide and has no pure stand-in here")
        depends = tuple(_norm(d) for d in old["depends"])
        if name == "rpds-py":
            depends = ("pyrsistent-as-rpds-py",)
        packages[name] = entry(wheel, name, version, depends, imports)
        shutil.copy2(wheel, pyodide / wheel.name)
    for name, (version, depends, imports) in EXTRA.items():
        wheel = pip_download(f"{name}=={version}", cache)
        packages[name] = entry(wheel, name, version, depends, imports)
        shutil.copy2(wheel, pyodide / wheel.name)
    log("measuring the scenarios' pictures with dot")
    measures = measure_pictures(ROOT / "notebooks" / "scenarios")
    viz = viz_wheel(npm_pack(f"@viz-js/viz@{VIZ}", cache), made, measures)
    packages["uurules-viz"] = entry(viz, "uurules-viz", VIZ, (), ("uurules_viz",))
    shutil.copy2(viz, pyodide / viz.name)
    kit = kit_wheel(cache / "kit")
    version = kit.name.split("-")[1]
    packages["uurules"] = entry(kit, "uurules", version, KIT_DEPENDS, ("uurules",))
    shutil.copy2(kit, pyodide / kit.name)
    missing = {d for p in packages.values() for d in p["depends"]} - set(packages)
    if missing:
        raise SystemExit(f"site: the lock file would name packages it does not hold: {sorted(missing)}")
    lock["packages"] = dict(sorted(packages.items()))
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return lock


def contents(folder: Path) -> Path:
    """The course folder as the site shows it: every lesson's notebook and the scenarios."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    lessons = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
    if not lessons:
        raise SystemExit("site: no lesson in notebooks/")
    for lesson in lessons:
        (folder / lesson.name).write_text(trusted(lesson.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copytree(ROOT / "notebooks" / "scenarios", folder / "scenarios")
    return folder


def trusted(notebook: str) -> str:
    """A lesson's notebook with every code cell marked trusted, so that its stored pictures show as
    soon as it opens (an untrusted ``image/svg+xml`` output shows as its text, ``<Game ...>``).

    JupyterLab reads a cell's trust from its ``trusted`` metadata; Jupyter's server works it out
    from the notebook's signature, but the site has no server: the site's copies say it.
    """
    nb = json.loads(notebook)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell.setdefault("metadata", {})["trusted"] = True
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def lesson_title(notebook: Path) -> str:
    """A lesson's title: its first heading (``# 1. The effect chain``), without the ``#``."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            text = "".join(cell.get("source", ""))
            for line in text.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return notebook.stem


FIRST_LESSON = "00-how-to-play.ipynb"
"""Where a newcomer starts: the site's landing page says so, and opens it first."""

STARTING = "Starting Python in your browser"
"""The words the site shows while a lesson's Python (Pyodide) starts (the browser test looks for them)."""

BANNER = """
<div id="uurules-starting" role="status" aria-live="polite" style="position:fixed;bottom:36px;left:50%;
  transform:translateX(-50%);z-index:10000;max-width:90%;background:#fff8e1;color:#4e342e;
  border:1px solid #b26a00;border-radius:6px;padding:6px 14px;
  font:14px/1.4 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;box-shadow:0 2px 6px rgba(0,0,0,.2)">
  Loading the course...</div>
<script>
/* uurules: say what the page waits for while the lesson's Python starts (tools/build_site.py) */
(function () {
  var box = document.getElementById("uurules-starting");
  var shown = Date.now();
  function tick() {
    var app = window.jupyterapp;
    var w = app && app.shell && app.shell.currentWidget;
    var ctx = w && w.sessionContext;
    var k = ctx && ctx.session && ctx.session.kernel;
    var ready = k && k.connectionStatus === "connected" && (k.status === "idle" || k.status === "busy");
    if (app && (!ctx || ready)) {
      box.style.display = "none";  /* no notebook on show, or its Python is up */
      shown = 0;
    } else {
      shown = shown || Date.now();
      var s = Math.round((Date.now() - shown) / 1000);
      box.textContent = app
        ? "__STARTING__... " + s + " s (about 20 s, longer on a slow machine). The pictures are the lesson's"
          + " own; run the lesson to step through them."
        : "Loading the course... " + s + " s";
      box.style.display = "";
    }
    setTimeout(tick, 500);
  }
  tick();
})();
</script>
""".replace("__STARTING__", STARTING)
"""A banner at the foot of the site's JupyterLab while a notebook's Python starts (no extension:
a script in the page that reads ``window.jupyterapp``); it hides once the kernel is connected."""

LANDING = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>uurules: the course</title>
<!-- JupyterLite reads its settings from here (config-utils.js, from the lab/ page): keep it -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
body {{ font: 16px/1.5 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; max-width: 44em;
       margin: 2em auto; padding: 0 1em; color: #212121; }}
a.start {{ display: inline-block; font-size: 1.3em; padding: .5em 1em; margin: .5em 0 1em;
          background: #0d47a1; color: #fff; border-radius: 6px; text-decoration: none; }}
li {{ margin: .2em 0; }}
</style>
</head>
<body>
<h1>uurules: the course</h1>
<p>The rules of card games whose effects pile up and resolve in order, one short lesson at a time,
with pictures. Everything runs in this browser: nothing to install.</p>
<p id="start-here"><b>Start here</b>, even if you have never played:<br>
<a class="start" href="{start}">{first}</a></p>
<p>Each lesson opens with its pictures. To play its examples and step through them, choose
<i>Run &rarr; Run All Cells</i>: Python starts in the page first (about 20 s; a banner says so).</p>
<h2>Every lesson</h2>
<ol start="0">
{lessons}
</ol>
</body>
</html>
"""


def lesson_url(name: str) -> str:
    return f"lab/index.html?path={name}"


def landing(site: Path, contents: Path) -> None:
    """The site's ``index.html``: a page that says where to start (lesson 0) and lists every lesson;
    and the banner of :data:`BANNER` in the site's JupyterLab page."""
    lessons = sorted(contents.glob("[0-9]*.ipynb"))
    titles = {p.name: lesson_title(p) for p in lessons}
    if FIRST_LESSON not in titles:
        raise SystemExit(f"site: no {FIRST_LESSON} in notebooks/, where a newcomer starts")
    items = "\n".join(f'<li><a href="{lesson_url(n)}">{html.escape(t)}</a></li>' for n, t in titles.items())
    page = LANDING.format(start=lesson_url(FIRST_LESSON), first=html.escape(titles[FIRST_LESSON]), lessons=items)
    (site / "index.html").write_text(page, encoding="utf-8")
    lab = site / "lab" / "index.html"
    text = lab.read_text(encoding="utf-8")
    if "</body>" not in text:
        raise SystemExit(f"site: {lab} has no </body> to put the starting banner before")
    lab.write_text(text.replace("</body>", BANNER + "</body>", 1), encoding="utf-8")


SETTINGS: dict[str, Any] = {
    "appName": "uurules: the course",
    "exposeAppInBrowser": True,  # window.jupyterapp: what the browser test drives
}
KERNEL_SETTINGS: dict[str, Any] = {
    "pyodideUrl": "./static/pyodide/pyodide.mjs",  # Pyodide from the site, not from elsewhere
    "disablePyPIFallback": True,  # never a package index: every wheel is in the site
}
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/filebrowser-extension:browser": {"showLastModifiedColumn": False},
}
"""No news and no update checks (nothing fetched); every cell in the page (every picture measurable);
the file browser without its Modified column (room for the lessons' names)."""


def configure(site: Path) -> None:
    """The built site's ``jupyter-lite.json``, with :data:`SETTINGS` and :data:`KERNEL_SETTINGS` merged in."""
    path = site / "jupyter-lite.json"
    config: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data = config.setdefault("jupyter-config-data", {})
    data.update(SETTINGS)
    data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {}).update(KERNEL_SETTINGS)
    path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def build(out: Path, cache: Path) -> Path:
    """Build the site into ``out`` (replaced whole); returns ``out``."""
    cache.mkdir(parents=True, exist_ok=True)
    work = cache / "build"
    lite = work / "lite"
    if lite.exists():
        shutil.rmtree(lite)
    lite.mkdir(parents=True)
    (lite / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2) + "\n", encoding="utf-8")
    files = contents(work / "contents")
    staged = work / "site"
    if staged.exists():
        shutil.rmtree(staged)
    log("jupyter lite build")
    jupyter = Path(sys.executable).parent / "jupyter"
    cmd = [str(jupyter), "lite", "build", "--lite-dir", str(lite), "--output-dir", str(staged)]
    cmd += ["--contents", str(files), "--settings-overrides", str(lite / "overrides.json"), "--no-sourcemaps"]
    run(cmd, cwd=work, stdout=subprocess.DEVNULL)
    configure(staged)
    landing(staged, files)
    pyodide = staged / "static" / "pyodide"
    pyodide.mkdir(parents=True, exist_ok=True)
    with tarfile.open(npm_pack(f"pyodide@{PYODIDE}", cache)) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and "/" not in name and not name.endswith((".map", ".ts", ".html", ".md")):
                source = tar.extractfile(member)
                if source is not None:
                    (pyodide / name).write_bytes(source.read())
    lock = wheels_and_lock(pyodide, cache)
    log(f"{len(lock['packages'])} wheels in static/pyodide")
    if out.exists():
        shutil.rmtree(out)
    shutil.move(str(staged), str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="where to build the site (default: site/)")
    parser.add_argument("--cache", type=Path, default=ROOT / ".cache" / "site", help="downloads and work files")
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), args.cache.resolve())
    log(f"built {out} (serve it with any static web server, e.g. python -m http.server -d {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
