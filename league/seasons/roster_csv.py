"""Reading a season's teams-and-players CSV: pure parsing and row-by-row checks.

Columns (header row, any order, case-insensitive): team, skill_level, player_name,
email, phone, role. `team` and `player_name` are required; `role` is captain or
player (empty means player). Row numbers in messages count the header as row 1,
as a spreadsheet shows them. No row is dropped without a word: a row is imported,
refused with its number and reason, or (when every cell is empty) listed as blank.
The text comes already decoded (league.seasons.csv_decoding).
"""

import csv
import io
import unicodedata
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

COLUMNS = ("team", "skill_level", "player_name", "email", "phone", "role")
REQUIRED = ("team", "player_name")
ROLES = ("captain", "player")
MAX_ROWS = 5000
# The model fields' lengths (tests/league/seasons/test_roster_csv.py keeps them equal).
MAX_LENGTH = {
    "team": 120,
    "skill_level": 40,
    "player_name": 120,
    "email": 254,
    "phone": 32,
}
LABEL = {
    "team": "the team",
    "skill_level": "the skill level",
    "player_name": "the player's name",
    "email": "the email",
    "phone": "the phone",
    "role": "the role",
}
LOST = "\ufffd"  # what an earlier conversion left where it lost a character
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)
class ImportRow:
    line: int
    team: str
    skill_level: str
    player_name: str
    email: str
    phone: str
    role: str


@dataclass
class ParsedRoster:
    """The rows to import, the problems (any one means nothing is saved), blank rows."""

    rows: list[ImportRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    blank_lines: list[int] = field(default_factory=list)


def _clean(value: str | None) -> str:
    return " ".join((value or "").split())


def unreadable_character(value: str) -> str | None:
    """The first character a cell can't hold, or None.

    The same rule as typed text (inputs.bounds): control characters, halves of surrogate
    pairs and bidirectional overrides; here also the mark of a character lost before the
    file was saved. A tab or line break inside a cell becomes a space.
    """
    for char in value:
        if char in "\t\r\n":
            continue
        if char in BIDI_CONTROLS or char == LOST:
            return char
        if unicodedata.category(char) in ("Cc", "Cs"):
            return char
    return None


def _cell_problems(raw: dict[str, str], values: dict[str, str]) -> list[str]:
    problems = []
    for name in COLUMNS:
        char = unreadable_character(raw[name])
        if char == LOST:
            problems.append(
                f"{LABEL[name]} has \ufffd where a character was lost before the file was saved"
            )
        elif char is not None:
            problems.append(
                f"{LABEL[name]} has a character that can't be shown (U+{ord(char):04X}, "
                "a control character)"
            )
        elif name in MAX_LENGTH and len(values[name]) > MAX_LENGTH[name]:
            problems.append(
                f"{LABEL[name]} is {len(values[name])} characters long; the limit is "
                f"{MAX_LENGTH[name]}"
            )
    return problems


def _column_letter(position: int) -> str:
    """A spreadsheet's name for the column: 1 is A, 27 is AA."""
    letters = ""
    while position:
        position, rest = divmod(position - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _header_problems(header: list[str]) -> list[str]:
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        return [f"The first row must name the columns; missing: {', '.join(missing)}."]
    unknown = [name for name in header if name and name not in COLUMNS]
    if unknown:
        named = "column" if len(unknown) == 1 else "columns"
        return [f"Unknown {named}: {', '.join(unknown)}. Use: {', '.join(COLUMNS)}."]
    twice = sorted({name for name in header if name and header.count(name) > 1})
    if twice:
        return [f"The first row names {', '.join(twice)} more than once."]
    return []


def _row_problems(
    raw: dict[str, str],
    values: dict[str, str],
    stray: list[int],
    line: int,
    levels: dict[str, str],
    emails: dict[str, int],
) -> list[str]:
    """What is wrong with one row; `levels` and `emails` remember the rows before it."""
    if stray:
        where = ", ".join(_column_letter(position) for position in stray)
        return [f"a value in column {where}, which the first row doesn't name"]
    problems = _cell_problems(raw, values)
    if problems:
        return problems
    if not values["team"]:
        problems.append("the team is missing")
    if not values["player_name"]:
        problems.append("the player's name is missing")
    role = values["role"].lower() or "player"
    if role not in ROLES:
        problems.append(f"role {values['role']!r} should be captain or player")
    email = values["email"].lower()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems.append(f"{email!r} isn't an email address")
        else:
            if email in emails:
                problems.append(f"{email} is already on row {emails[email]}")
            emails.setdefault(email, line)
    team_key = values["team"].casefold()
    level = values["skill_level"]
    if team_key and team_key in levels and levels[team_key] != level:
        problems.append(
            f"{values['team']} is in level {levels[team_key] or '(none)'} on an earlier row"
        )
    levels.setdefault(team_key, level)
    return problems


def parse_roster_csv(text: str) -> ParsedRoster:
    """Rows and the problems found in them; any problem means nothing should be saved."""
    # strict: a quotation mark left open is an error, not the rest of the file in one cell
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), strict=True)
    records: list[list[str]] = []
    start = 1
    try:
        header = [_clean(name).lower() for name in next(reader, [])]
        start = reader.line_num + 1
        for record in reader:
            records.append(record)
            start = reader.line_num + 1
    except csv.Error as exc:
        return ParsedRoster(
            errors=[
                f"Line {start} isn't readable as CSV ({exc}): check its quotation marks. "
                "Nothing was imported."
            ]
        )
    problems = _header_problems(header)
    if problems:
        return ParsedRoster(errors=problems)
    if len(records) > MAX_ROWS:
        return ParsedRoster(
            errors=[f"The file has {len(records):,} rows; import at most {MAX_ROWS:,} at a time."]
        )
    parsed = ParsedRoster()
    levels: dict[str, str] = {}
    emails: dict[str, int] = {}
    for line, record in enumerate(records, start=2):
        raw = {name: "" for name in COLUMNS}
        stray = []
        for position, cell in enumerate(record):
            name = header[position] if position < len(header) else ""
            if name:
                raw[name] = cell
            elif cell.strip():
                stray.append(position + 1)
        values = {name: _clean(value) for name, value in raw.items()}
        if (
            not any(values.values())
            and not stray
            and not any(map(unreadable_character, raw.values()))
        ):
            parsed.blank_lines.append(line)
            continue
        row_errors = _row_problems(raw, values, stray, line, levels, emails)
        if row_errors:
            parsed.errors.append(f"Row {line}: {'; '.join(row_errors)}.")
            continue
        parsed.rows.append(
            ImportRow(
                line,
                values["team"],
                values["skill_level"],
                values["player_name"],
                values["email"].lower(),
                values["phone"],
                values["role"].lower() or "player",
            )
        )
    if not parsed.rows and not parsed.errors:
        parsed.errors.append("The file has no rows to import.")
    return parsed
