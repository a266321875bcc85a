#!/usr/bin/env bash
# One entry point that sets everything up on a fresh machine, then does what you ask:
#   bash tools/kit.sh lab     open the lessons in JupyterLab (your own copy of them: my-lessons/)
#   bash tools/kit.sh author  open the kit's lessons themselves (notebooks/) in JupyterLab, to edit them
#   bash tools/kit.sh run F   play a scenario file (uurules run F)
#   bash tools/kit.sh test    run every test (lint, types, pytest, notebooks, browser, a MediaWiki)
#   bash tools/kit.sh notebooks [notebooks/NN-name.md ...]
#                             run lessons (default: all) and store their outputs in their .ipynb
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-lab}"
shift || true

need_apt=()
command -v dot >/dev/null 2>&1 || need_apt+=(graphviz)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need_apt+=(fonts-dejavu-core)
if [ "$what" = "test" ] && [ ! -x /usr/bin/chromium ]; then need_apt+=(chromium); fi
# the publishing test runs a real MediaWiki (SQLite, served by php -S); mini-httpd stands for the web
# server the package asks for, so that no Apache is installed
if [ "$what" = "test" ]; then
  [ -f /usr/share/mediawiki/maintenance/install.php ] || need_apt+=(mediawiki mini-httpd)
  command -v php >/dev/null 2>&1 || need_apt+=(php-cli)
  php_modules="$(php -m 2>/dev/null || true)"
  for m in pdo_sqlite:php-sqlite3 xml:php-xml mbstring:php-mbstring intl:php-intl; do
    grep -qix "${m%%:*}" <<<"$php_modules" || need_apt+=("${m#*:}")
  done
fi
if [ "${#need_apt[@]}" -gt 0 ]; then
  echo "kit: installing Debian packages: ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "kit: creating .venv"
  "$PY" -m venv .venv
fi
stamp=.venv/.kit-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "kit: installing Python packages"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip 2>&1 | grep -v '^WARNING: Location' || true
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]" 2>&1 | grep -v '^WARNING: Location' || true
  .venv/bin/python -c "import uurules, jupyterlab, jupytext, nbval, playwright" && touch "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
# JupyterLab opens a lesson's Markdown (notebooks/NN-name.md) as the notebook it is (jupytext)
settings=.venv/share/jupyter/lab/settings
mkdir -p "$settings"
printf '%s\n' '{"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Jupytext Notebook"}}}' \
  > "$settings/overrides.json"

case "$what" in
  lab|author)
    # the kit's own notebooks are trusted, so their stored pictures show before they are run
    # (a copy of a lesson has the same content, so it is trusted too)
    jupyter trust notebooks/[0-9]*.ipynb >/dev/null 2>&1 || true
    # each lesson is a Markdown notebook paired with its .ipynb: Lab opens either (jupytext).
    # lab: the learner's own copy, my-lessons/ (notebooks/ is never written); author: notebooks/
    # itself. Either way no widget view is saved (uurules/lab.py explains both).
    mode=(); [ "$what" = "author" ] && mode=(--author)
    exec python -m uurules.lab "${mode[@]}" "$@"
    ;;
  run)
    exec uurules run "$@"
    ;;
  notebooks)
    exec python -m uurules.course "$@"
    ;;
  test)
    ruff check uurules tests tools benchmarks
    mypy
    exec python -m pytest -p no:cacheprovider "$@"
    ;;
  *)
    echo "usage: bash tools/kit.sh lab | author | run FILE.yaml [--json] | test | notebooks [FILE.md ...]" >&2
    exit 2
    ;;
esac
