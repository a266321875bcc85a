"""Publishing a scenario's page on a MediaWiki: ``uurules wiki FILE.yaml --publish API_URL``.

The page and its pictures are made by :func:`uurules.render.wiki.for_wiki` (the same page as
``uurules wiki -o``, its pictures named after the page's title and the step: ``uurules TITLE step
3 - choose yes.svg``); this module only talks to the wiki, through its API (``mwclient``):

1. it checks that ``API_URL`` answers as a MediaWiki API and logs in (the user and password from
   ``UURULES_WIKI_USER`` and ``UURULES_WIKI_PASSWORD``, or asked for on a terminal; a bot password,
   ``Name@bot``, from the wiki's ``Special:BotPasswords`` is the usual choice);
2. it draws every picture (nothing is sent before all are drawn: a missing ``dot`` or a bad
   ``question:`` publishes nothing);
3. it compares each picture with the file of its name on the wiki (SHA-1) and checks the user's
   rights for what has to change (``upload``, ``reupload``, ``edit``, ``createpage``) before
   anything is sent;
4. it uploads the pictures that are new or changed (an unchanged picture gets no new revision),
   then saves the page (an unchanged page gets no new revision either).

So publishing again updates the same page and files and never duplicates them. Whatever the wiki
refuses is one :class:`PublishError` (``uurules:`` and exit 2 from the
command) that says what was refused and what, if anything, had already been sent.
"""

from __future__ import annotations

import getpass
import hashlib
import io
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import urlsplit

from uurules.engine.errors import UURulesError

if TYPE_CHECKING:
    from uurules.scenario import Scenario
    from uurules.timeline import Playing, Timeline


class PublishError(UURulesError):
    """What the wiki, or the way to it, refused (``uurules:`` and exit 2 from the command)."""


ENV_USER = "UURULES_WIKI_USER"
ENV_PASSWORD = "UURULES_WIKI_PASSWORD"
TIMEOUT = 60.0
"""Seconds to wait for one answer of the wiki before giving up."""


@dataclass(frozen=True)
class Credentials:
    """A wiki user and password (the password never shows in a ``repr``)."""

    user: str
    password: str = field(repr=False)


def credentials(environ: Mapping[str, str] | None = None, stdin: TextIO | None = None) -> Credentials:
    """The user and password to publish with: from ``UURULES_WIKI_USER`` and ``UURULES_WIKI_PASSWORD``,
    else asked for when the command runs on a terminal; else one error that says how to give them."""
    env = os.environ if environ is None else environ
    tty = sys.stdin if stdin is None else stdin
    user, password = env.get(ENV_USER, ""), env.get(ENV_PASSWORD, "")
    if (not user or not password) and tty.isatty():
        if not user:
            print("wiki user: ", end="", file=sys.stderr, flush=True)
            user = tty.readline().strip()
        if not password:
            password = getpass.getpass(f"wiki password for {user}: ")
    if not user or not password:
        raise PublishError(
            f"publishing needs a wiki user and password: set {ENV_USER} and {ENV_PASSWORD} (a bot password "
            "from the wiki's Special:BotPasswords: user 'Name@bot'), or run the command on a terminal to be asked"
        )
    return Credentials(user, password)


@dataclass
class Published:
    """What publishing did: the page, the pictures uploaded and those the wiki already had."""

    page: str
    api: str
    uploaded: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    saved: bool = False  # False: the wiki's page already had this text

    def summary(self) -> str:
        page = "saved" if self.saved else "unchanged"
        return (
            f"published {self.page!r} on {self.api}: the page {page}, {len(self.uploaded)} pictures uploaded, "
            f"{len(self.unchanged)} unchanged"
        )


def api_parts(api_url: str) -> tuple[str, str, str]:
    """``(scheme, host, path)`` of a wiki's ``api.php`` URL, as the API client takes them.

    >>> api_parts("https://wiki.example.org/w/api.php")
    ('https', 'wiki.example.org', '/w/')
    >>> api_parts("http://127.0.0.1:8080/api.php")
    ('http', '127.0.0.1:8080', '/')
    """
    parts = urlsplit(api_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or not parts.path.endswith("/api.php"):
        raise PublishError(
            f"{api_url!r} is not the URL of a wiki's API. Accepted: the address of its api.php, "
            "e.g. https://wiki.example.org/w/api.php"
        )
    if parts.query or parts.fragment:
        raise PublishError(f"{api_url!r}: the URL of the wiki's api.php takes no ?query or #fragment")
    return parts.scheme, parts.netloc, parts.path[: -len("api.php")]


class Wiki:
    """A MediaWiki reached through its API and logged in to (:func:`connect`)."""

    def __init__(self, api_url: str, site: Any, user: str) -> None:
        self.api = api_url
        self.site = site
        self.user = user

    def sha1(self, name: str) -> str | None:
        """The SHA-1 of the current version of file ``name`` on the wiki (``None``: no such file)."""
        info = self._call(f"read the file {name!r}", lambda: self.site.images[name].imageinfo)
        sha = info.get("sha1") if info else None
        return str(sha) if sha else None

    def page_exists(self, title: str) -> bool:
        return bool(self._call(f"read the page {title!r}", lambda: self.site.pages[title].exists))

    def lacking(self, rights: list[str]) -> list[str]:
        """The rights of ``rights`` the user does not have (``reupload``: ``reupload-own`` will do)."""
        has = set(self.site.rights)
        if "reupload-own" in has:
            has.add("reupload")
        return [r for r in rights if r not in has]

    def upload(self, name: str, data: bytes, description: str) -> None:
        def send() -> Any:
            return self.site.upload(io.BytesIO(data), filename=name, description=description, ignore=True)

        self._call(f"take the picture {name!r}", send)

    def save(self, title: str, text: str, summary: str) -> bool:
        """Save the page; ``False`` when it already had ``text`` (no new revision)."""
        result = self._call(f"save the page {title!r}", lambda: self.site.pages[title].edit(text, summary=summary))
        return "nochange" not in result

    def _call(self, what: str, call: Callable[[], Any]) -> Any:
        import mwclient.errors
        import requests

        try:
            return call()
        except mwclient.errors.APIError as exc:
            raise PublishError(
                f"the wiki at {self.api} would not let {self.user} {what}: {exc.code}: {exc.info}"
            ) from exc
        except mwclient.errors.MwClientError as exc:
            raise PublishError(f"the wiki at {self.api} would not let {self.user} {what}: {_reason(exc)}") from exc
        except requests.RequestException as exc:
            raise PublishError(f"the wiki at {self.api} stopped answering while trying to {what}: {exc}") from exc


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def connect(api_url: str, who: Credentials, timeout: float = TIMEOUT) -> Wiki:
    """Check that ``api_url`` is a MediaWiki API, then log in; each failure is one :class:`PublishError`."""
    import mwclient
    import mwclient.errors
    import requests

    from uurules import __version__

    scheme, host, path = api_parts(api_url)
    try:
        answer = requests.get(
            api_url, params={"action": "query", "meta": "siteinfo", "format": "json"}, timeout=timeout
        )
    except requests.RequestException as exc:
        raise PublishError(f"cannot reach the wiki's API at {api_url}: {_reason(exc)}") from exc
    if answer.status_code != 200:
        raise PublishError(f"{api_url} answered HTTP {answer.status_code}, not as a MediaWiki API does")
    try:
        general = answer.json()["query"]["general"]
    except (ValueError, KeyError, TypeError) as exc:
        raise PublishError(f"{api_url} did not answer as a MediaWiki API does (no siteinfo in its answer)") from exc
    try:
        site = mwclient.Site(
            host,
            path=path,
            scheme=scheme,
            max_retries=2,
            retry_timeout=2,
            connection_options={"timeout": timeout},
            clients_useragent=f"uurules/{__version__}",
        )
    except (mwclient.errors.MwClientError, requests.RequestException) as exc:
        raise PublishError(f"the wiki at {api_url} ({general.get('generator', '?')}): {_reason(exc)}") from exc
    try:
        site.login(who.user, who.password)
    except mwclient.errors.LoginError as exc:
        raise PublishError(f"the wiki at {api_url} refused the login of {who.user!r}: {exc.code}: {exc.info}") from exc
    except (mwclient.errors.MwClientError, requests.RequestException) as exc:
        raise PublishError(f"the wiki at {api_url} refused the login of {who.user!r}: {_reason(exc)}") from exc
    return Wiki(api_url, site, who.user)


def publish(
    timeline: Timeline | Playing,
    api_url: str,
    title: str,
    card_link: str,
    who: Credentials,
    source: str = "",
) -> Published:
    """Publish the scenario's page as ``title`` on the wiki of ``api_url`` (see the module's steps)."""
    from uurules.render import wiki as pages

    names = pages.WikiNames(title)  # a title the wiki cannot take is refused before anything
    pages.check_card_link(card_link)
    site = connect(api_url, who)
    text, files = pages.for_wiki(timeline, names.title, card_link)
    done = Published(names.title, api_url)
    remote = {name: site.sha1(name) for name, _ in files}
    changed = [(name, data) for name, data in files if remote[name] != hashlib.sha1(data).hexdigest()]
    done.unchanged = [name for name, data in files if remote[name] == hashlib.sha1(data).hexdigest()]
    exists = [name for name, _ in changed if remote[name] is not None]
    needed = ["edit"] if site.page_exists(names.title) else ["edit", "createpage"]
    if changed:
        needed.append("upload")
    if exists:
        needed.append("reupload")
    lacking = site.lacking(needed)
    if lacking:
        raise PublishError(
            f"the wiki at {api_url} does not let {who.user!r} publish {names.title!r}: it lacks the right to "
            f"{', '.join(lacking)}. Nothing was sent"
        )
    what = f"the scenario {source}" if source else "a scenario"
    for k, (name, data) in enumerate(changed):
        try:
            site.upload(name, data, f"A picture of [[{names.title}]], drawn by uurules from {what}.")
        except PublishError as exc:
            sent = f"{k} of {len(changed)} pictures were uploaded before it" if k else "nothing was uploaded"
            raise PublishError(f"{exc}; {sent}, and the page was not saved") from exc
        done.uploaded.append(name)
    done.saved = site.save(names.title, text, f"uurules: {what}")
    return done


def publish_scenario(scenario: Scenario, api_url: str, title: str, card_link: str, who: Credentials) -> Published:
    """:func:`publish` a scenario, its steps drawn as they are played (with a progress bar on a terminal)."""
    from uurules.progress import Shown

    return publish(Shown(scenario, "drawing"), api_url, title, card_link, who, scenario.doc.file or "")
