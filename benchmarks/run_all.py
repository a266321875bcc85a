"""Run every benchmark and write ``benchmarks/REPORT.md``; the README quotes the same figures.

    python benchmarks/run_all.py [--no-readme]

Every ``benchmarks/*.py`` but this one is run in turn, in its own process, with this Python;
each prints its own figures. The report records the machine, the date and each benchmark's
output; the README's block between ``<!-- benchmarks:begin -->`` and ``<!-- benchmarks:end -->``
is replaced with the same outputs (``--no-readme`` leaves the README alone). None of this is a
test: nothing fails on a slow machine; a benchmark that crashes is reported as such.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
REPORT = HERE / "REPORT.md"
README = ROOT / "README.md"
BEGIN, END = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"


def benchmarks() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_"))


def run_one(path: Path) -> tuple[str, float, int]:
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, str(path)], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    text = done.stdout.rstrip()
    if done.returncode != 0:
        text += f"\n(exit {done.returncode})\n" + done.stderr.rstrip()
    return text, seconds, done.returncode


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.system()} "
        f"{platform.release()}, {os.cpu_count()} CPUs ({cpu})"
    )


def section(results: list[tuple[Path, str, float, int]]) -> str:
    parts = []
    for path, text, seconds, code in results:
        status = "" if code == 0 else " - FAILED"
        parts.append(f"`benchmarks/{path.name}` ({seconds:.0f} s{status}):\n\n```\n{text}\n```")
    return "\n\n".join(parts)


def update_readme(body: str) -> bool:
    if not README.exists():
        return False
    text = README.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        return False
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{BEGIN}\n{body}\n{END}{tail}", encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-readme", action="store_true", help="do not update the README's figures")
    args = parser.parse_args(argv)
    results = []
    for path in benchmarks():
        print(f"running benchmarks/{path.name} ...", file=sys.stderr, flush=True)
        text, seconds, code = run_one(path)
        print(text, flush=True)
        print(flush=True)
        results.append((path, text, seconds, code))
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    body = f"Measured {when} on {machine()}.\n\n{section(results)}"
    REPORT.write_text(
        "# Benchmark report\n\nWritten by `python benchmarks/run_all.py`; the figures are this machine's and vary"
        f" from run to run (other work on the machine slows them). No figure is a test.\n\n{body}\n",
        encoding="utf-8",
    )
    print(f"wrote {REPORT.relative_to(ROOT)}", file=sys.stderr)
    if not args.no_readme and update_readme(body):
        print(f"updated {README.relative_to(ROOT)}", file=sys.stderr)
    return 0 if all(code == 0 for *_, code in results) else 1


if __name__ == "__main__":
    sys.exit(main())
