"""Reading a season's teams-and-players CSV: pure parsing and row-by-row checks.

Columns (header row, any order, case-insensitive): team, skill_level, player_name,
email, phone, role. `team` and `player_name` are required; `role` is captain or
player (empty means player). Row numbers in messages count the header as row 1,
as a spreadsheet shows them.
"""

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

COLUMNS = ("team", "skill_level", "player_name", "email", "phone", "role")
REQUIRED = ("team", "player_name")
ROLES = ("captain", "player")
MAX_ROWS = 5000


@dataclass(frozen=True)
class ImportRow:
    line: int
    team: str
    skill_level: str
    player_name: str
    email: str
    phone: str
    role: str


def _clean(value: str | None) -> str:
    return " ".join((value or "").split())


def parse_roster_csv(text: str) -> tuple[list[ImportRow], list[str]]:
    """Rows and the problems found in them; any problem means nothing should be saved."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [_clean(name).lower() for name in (reader.fieldnames or [])]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        return [], [f"The first row must name the columns; missing: {', '.join(missing)}."]
    unknown = [name for name in header if name and name not in COLUMNS]
    if unknown:
        return [], [f"Unknown column(s): {', '.join(unknown)}. Use: {', '.join(COLUMNS)}."]
    reader.fieldnames = header
    rows: list[ImportRow] = []
    errors: list[str] = []
    levels: dict[str, str] = {}
    emails: dict[str, int] = {}
    try:
        records = list(reader)
    except csv.Error as exc:
        return [], [f"The file isn't readable as CSV: {exc}."]
    if len(records) > MAX_ROWS:
        return [], [f"Import at most {MAX_ROWS} rows at a time."]
    for line, record in enumerate(records, start=2):
        values = {name: _clean(record.get(name)) for name in COLUMNS}
        if not any(values.values()):
            continue
        row_errors = []
        if not values["team"]:
            row_errors.append("the team is missing")
        if not values["player_name"]:
            row_errors.append("the player's name is missing")
        role = values["role"].lower() or "player"
        if role not in ROLES:
            row_errors.append(f"role {values['role']!r} should be captain or player")
        email = values["email"].lower()
        if email:
            try:
                validate_email(email)
            except ValidationError:
                row_errors.append(f"{email!r} isn't an email address")
            else:
                if email in emails:
                    row_errors.append(f"{email} is already on row {emails[email]}")
                emails.setdefault(email, line)
        team_key = values["team"].casefold()
        level = values["skill_level"]
        if team_key and team_key in levels and levels[team_key] != level:
            row_errors.append(
                f"{values['team']} is in level {levels[team_key] or '(none)'} on an earlier row"
            )
        levels.setdefault(team_key, level)
        if row_errors:
            errors.append(f"Row {line}: {'; '.join(row_errors)}.")
            continue
        rows.append(
            ImportRow(
                line, values["team"], level, values["player_name"], email, values["phone"], role
            )
        )
    if not rows and not errors:
        errors.append("The file has no rows to import.")
    return rows, errors
