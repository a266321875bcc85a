"""A real MediaWiki for one test module: Debian's ``mediawiki`` (1.39) with SQLite, installed by its
own ``maintenance/install.php`` into a temporary folder and served by ``php -S 127.0.0.1:PORT``,
stopped by its PID afterwards.

The code stays where Debian put it (``/usr/share/mediawiki``); everything the wiki writes (its
``LocalSettings.php``, the SQLite files, the uploaded pictures, caches) is in the folder, named by
``MW_CONFIG_FILE``. SVG uploads are allowed; thumbnails are not drawn at parse time (no converter is
needed). Two users: ``Admin`` (a sysop, who may upload) and ``Writer`` (who may edit but not upload).
``tools/kit.sh test`` installs the Debian packages when they are missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.browser_support import free_port

MEDIAWIKI = Path("/usr/share/mediawiki")
PHP_MODULES = ("pdo_sqlite", "intl", "mbstring", "xml", "dom")
PASSWORD = "uurules-test-password-1"  # MediaWiki refuses short or common passwords for a sysop
SETTINGS = """
# uurules' test wiki: pictures may be uploaded as SVG; no thumbnails drawn while a page is parsed
$wgEnableUploads = true;
$wgUploadDirectory = "{folder}/images";
$wgFileExtensions[] = 'svg';
$wgGenerateThumbnailOnParse = false;
$wgCacheDirectory = "{folder}/cache";
$wgJobRunRate = 0;
$wgGroupPermissions['user']['upload'] = false;
$wgGroupPermissions['user']['reupload'] = false;
$wgGroupPermissions['user']['reupload-own'] = false;
$wgGroupPermissions['sysop']['upload'] = true;
$wgGroupPermissions['sysop']['reupload'] = true;
"""


def mediawiki_missing() -> str | None:
    """Why a MediaWiki cannot run here, or ``None`` when it can."""
    if not (MEDIAWIKI / "maintenance" / "install.php").is_file():
        return f"{MEDIAWIKI} is not installed (tools/kit.sh test installs Debian's mediawiki)"
    php = shutil.which("php")
    if php is None:
        return "php is not installed (tools/kit.sh test installs php-cli)"
    modules = subprocess.run([php, "-m"], capture_output=True, text=True, check=False).stdout.lower().split()
    missing = [m for m in PHP_MODULES if m not in modules]
    return f"php lacks {', '.join(missing)} (tools/kit.sh test installs them)" if missing else None


@dataclass(frozen=True)
class MediaWikiServer:
    api: str
    folder: Path
    install_seconds: float


def _php(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(["php", *args], cwd=MEDIAWIKI, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"php {' '.join(args[:1])} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


def _wait(api: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    """Until the API answers its siteinfo (the bound only guards against a server that never starts)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"php -S stopped ({proc.returncode}):\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"{api}?action=query&meta=siteinfo&format=json", timeout=10) as r:
                if "general" in json.loads(r.read()).get("query", {}):
                    return
        except (urllib.error.URLError, OSError, ValueError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the wiki did not answer within {timeout:g} s:\n{log.read_text(errors='replace')}")


@contextmanager
def mediawiki(folder: Path) -> Iterator[MediaWikiServer]:
    """Install a fresh wiki in ``folder`` and serve it on 127.0.0.1 while the block runs."""
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    for sub in ("data", "images", "cache"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "MW_CONFIG_FILE": str(folder / "LocalSettings.php")}
    started = time.monotonic()
    _php(
        [
            "maintenance/install.php",
            "--dbtype=sqlite",
            f"--dbpath={folder / 'data'}",
            "--dbname=wiki",
            f"--confpath={folder}",
            f"--server={server}",
            "--scriptpath=",
            f"--pass={PASSWORD}",
            "--skins=",
            "--quiet",
            "uurules test wiki",
            "Admin",
        ],
        env,
    )
    with (folder / "LocalSettings.php").open("a", encoding="utf-8") as f:
        f.write(SETTINGS.format(folder=folder))
    _php(["maintenance/createAndPromote.php", "Writer", PASSWORD], env)
    install = time.monotonic() - started
    log = folder / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            ["php", "-S", f"127.0.0.1:{port}", "-t", str(MEDIAWIKI)],
            cwd=MEDIAWIKI,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    try:
        _wait(f"{server}/api.php", proc, log)
        yield MediaWikiServer(f"{server}/api.php", folder, install)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait(timeout=10)
