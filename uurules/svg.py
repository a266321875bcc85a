"""An SVG document as an element inside HTML, shared by the pictures' answers (:mod:`uurules.render`)
and the widgets (:mod:`uurules.widgets.views`), and light: it imports no renderer.

>>> inline_svg('<?xml version="1.0"?>\\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\\n "x.dtd">\\n'
...            '<!-- Title: g -->\\n<svg><g id="node1"/></svg>\\n', prefix="s2-")
'<svg><g id="s2-node1"/></svg>'
"""

from __future__ import annotations

import re

_PROLOGUE = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", re.S)
_ID = re.compile(r'\bid="([^"]*)"')
_REFS = re.compile(r'(url\(#|href="#)([^)"]*)')


def inline_svg(svg: str, prefix: str = "") -> str:
    """An SVG document as an element to put inside HTML: no XML declaration, doctype or
    comments (the doctype names an external DTD); with ``prefix``, every ``id`` and every
    reference to one gets it, so several pictures can share a page."""
    out = _PROLOGUE.sub("", svg).strip()
    if prefix:
        out = _ID.sub(lambda m: f'id="{prefix}{m.group(1)}"', out)
        out = _REFS.sub(lambda m: f"{m.group(1)}{prefix}", out)
    return out
