"""Every attribute a template writes is valid HTML: htmx's go under `data-hx-*`.

The W3C checker refuses an unknown `hx-get`; htmx reads `data-hx-get` the same way. Python
that builds widget attributes is held to the same rule.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
APPS = ("accounts", "activity", "config", "home", "league", "notices", "scoring", "tournaments")
SOURCES = [
    *TEMPLATES,
    *(p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts),
    *(ROOT / "static" / "js").glob("*.js"),
]
# An attribute written out, a name in Python or JS ("hx-get": …, getAttribute("hx-get")),
# or a CSS selector ([hx-get]).
BARE_HTMX = re.compile(r"""(?<![\w-])hx-[a-z-]+\s*=|["']hx-[a-z-]+["']\s*[:),]|\[hx-[a-z-]+""")


def test_the_scan_tells_a_bare_htmx_attribute_from_a_data_one():
    assert BARE_HTMX.search('<div hx-get="/x">')
    assert BARE_HTMX.search('attrs={"hx-get": url}')
    assert BARE_HTMX.search('getAttribute("hx-headers")')
    assert not BARE_HTMX.search('<div data-hx-get="/x" class="hx-busy">')
    assert BARE_HTMX.search('document.querySelector("[hx-post]")')
    assert not BARE_HTMX.search('attrs={"data-hx-get": url}')


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_source_writes_a_bare_htmx_attribute(path):
    bare = [match.group(0) for match in BARE_HTMX.finditer(path.read_text())]
    assert bare == [], f"use data-hx-… instead: {bare}"
