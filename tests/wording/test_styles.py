"""Dates and times are written one way: templates use the `day`, `clock` and `when` filters
and Python uses `wording.when`, so no other style can drift back in."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# Machine formats, for attributes and URLs (datetime="…", data-starts="…", /nights/<date>/).
MACHINE_FORMATS = {"c", "Y-m-d", "U"}
TEMPLATE_FORMAT = re.compile(r"""\|(date|time):\s*(["'])(.*?)\2""")
CODE_DIRS = ["accounts", "activity", "config", "home", "inputs", "league", "notices", "scoring"]
CODE_DIRS += ["tournaments", "wording"]
# strftime, an f-string's day or month name or 12-hour clock, or a table column's own format.
CODE_FORMAT = re.compile(
    r"strftime\(|\{[^{}\n]*:[^{}\n]*%[aAbBIp][^{}\n]*\}|DateTimeColumn\(|DateColumn\(|TimeColumn\("
)


def _templates() -> list[Path]:
    found = list((ROOT / "templates").rglob("*.html"))
    for app in CODE_DIRS:
        found += (ROOT / app).glob("**/templates/**/*.html")
    return found


def test_templates_write_dates_only_through_the_shared_filters():
    drift = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in _templates()
        for match in TEMPLATE_FORMAT.finditer(path.read_text())
        if match.group(1) == "time" or match.group(3) not in MACHINE_FORMATS
    ]
    assert drift == [], "Use |day, |clock or |when (wording.templatetags.when):\n" + "\n".join(
        drift
    )


def test_code_writes_dates_only_through_wording():
    drift = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for app in CODE_DIRS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts and path.parts[-2:] != ("wording", "dates.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if CODE_FORMAT.search(line)
    ]
    assert drift == [], "Use wording.when.day, clock or when:\n" + "\n".join(drift)


def test_the_scan_finds_the_styles_it_forbids():
    assert TEMPLATE_FORMAT.search('{{ f.date|date:"D M j" }}')
    assert TEMPLATE_FORMAT.search("{{ t|time:'g:i A' }}")
    assert TEMPLATE_FORMAT.search("{{ d|date:'c' }}").group(3) in MACHINE_FORMATS
    assert CODE_FORMAT.search('f"{day:%a %b} {day.day}"')
    assert CODE_FORMAT.search("when.strftime('%Y')")
    assert not CODE_FORMAT.search('slugify(f"{name} {date:%Y}")')
