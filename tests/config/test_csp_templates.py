"""Nothing inline that the Content-Security-Policy would refuse can come back into a page.

The policy allows the site's own script and style files only, so every template (and any
HTML built in Python) keeps behaviour in static/js and looks in CSS classes.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
APPS = ("accounts", "activity", "config", "home", "league", "notices", "scoring", "tournaments")
PYTHON = sorted(
    p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts
)

REFUSED = {
    "an inline <script> (give it a src in static/js)": re.compile(
        r"<script\b(?![^>]*\bsrc\s*=)[^>]*>", re.I
    ),
    "an on...= event handler (listen from a static script)": re.compile(
        r"<[^>]*\son[a-z]+\s*=", re.I
    ),
    'a style="..." attribute (use a CSS class)': re.compile(r"<[^>]*\sstyle\s*=", re.I),
    "a <style> block (use a stylesheet)": re.compile(r"<style[\s>]", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
    "hx-on (htmx's eval is off)": re.compile(r"\s(data-)?hx-on", re.I),
}


def _refusals(text: str) -> list[str]:
    return [what for what, pattern in REFUSED.items() if pattern.search(text)]


def test_the_scan_sees_what_the_policy_refuses():
    assert _refusals('<button onclick="go()">') == [
        "an on...= event handler (listen from a static script)"
    ]
    assert _refusals("<script>alert(1)</script>")
    assert _refusals('<p class="x" style="color:red">')
    assert _refusals("<style>p{}</style>")
    assert not _refusals('<script src="/static/js/print-button.js" defer></script>')
    assert not _refusals('<p class="stylish">Online at one=1</p>')


def test_templates_are_found():
    assert len(TEMPLATES) > 50 and (ROOT / "templates" / "base.html") in TEMPLATES


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_has_inline_script_or_style(path):
    assert _refusals(path.read_text()) == []


def test_no_html_built_in_python_has_inline_script_or_style():
    found = {
        str(path.relative_to(ROOT)): problems
        for path in PYTHON
        if (problems := _refusals(path.read_text()))
    }
    assert found == {}
