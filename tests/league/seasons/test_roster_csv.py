import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.seasons.models import Player, SkillLevel, Team
from league.seasons.roster_csv import MAX_LENGTH, MAX_ROWS, parse_roster_csv

HEADER = "team,skill_level,player_name,email,phone,role\n"


def test_it_reads_rows_and_defaults_the_role_to_player():
    parsed = parse_roster_csv(
        HEADER + "Left Bowers,A,Casey Captain,Casey@Example.com,555-0100,captain\n"
        "Left Bowers,A,Pat  Player,,,\n"
    )
    assert parsed.errors == []
    assert [(r.line, r.player_name, r.email, r.role) for r in parsed.rows] == [
        (2, "Casey Captain", "casey@example.com", "captain"),
        (3, "Pat Player", "", "player"),
    ]


def test_it_reports_every_bad_row_by_its_spreadsheet_number():
    parsed = parse_roster_csv(
        HEADER + "Left Bowers,A,Casey,not-an-email,,captain\n"
        ",A,Nobody,,,\n"
        "Left Bowers,B,Pat,,,boss\n"
    )
    assert parsed.errors == [
        "Row 2: 'not-an-email' isn't an email address.",
        "Row 3: the team is missing.",
        "Row 4: role 'boss' should be captain or player; Left Bowers is in level A on an "
        "earlier row.",
    ]


def test_the_same_email_twice_is_an_error():
    parsed = parse_roster_csv(HEADER + "T1,A,Ann,a@x.com,,\nT2,A,Ann B,A@x.com,,\n")
    assert parsed.errors == ["Row 3: a@x.com is already on row 2."]


def test_it_needs_the_team_and_player_name_columns():
    parsed = parse_roster_csv("team,email\nT,a@x.com\n")
    assert (parsed.rows, parsed.errors) == (
        [],
        ["The first row must name the columns; missing: player_name."],
    )


def test_it_names_unknown_columns():
    errors = parse_roster_csv("team,player_name,shoe_size\nT,Ann,9\n").errors
    assert errors[0].startswith("Unknown column: shoe_size.")
    errors = parse_roster_csv("team,player_name,shoe_size,hat\nT,Ann,9,\n").errors
    assert errors[0].startswith("Unknown columns: shoe_size, hat.")


def test_a_column_named_twice_is_refused_rather_than_one_of_them_kept():
    errors = parse_roster_csv("team,player_name,email,Email\nT,Ann,a@x.com,b@x.com\n").errors
    assert errors == ["The first row names email more than once."]


def test_an_empty_file_has_nothing_to_import():
    assert parse_roster_csv(HEADER).errors == ["The file has no rows to import."]
    assert parse_roster_csv("").errors[0].startswith("The first row must name the columns")


def test_blank_rows_are_listed_and_a_byte_order_mark_is_ignored():
    parsed = parse_roster_csv("\ufeff" + HEADER + ",,,,,\nT,A,Ann,,,\n\n , ,\n")
    assert parsed.errors == [] and len(parsed.rows) == 1
    assert parsed.blank_lines == [2, 4, 5]


def test_a_cell_past_the_named_columns_is_refused_not_dropped():
    parsed = parse_roster_csv("team,player_name\nT,Smith, John\nT,Ann,\n")
    assert parsed.errors == ["Row 2: a value in column C, which the first row doesn't name."]
    assert [row.player_name for row in parsed.rows] == ["Ann"]  # an empty extra cell is fine


def test_a_value_under_an_unnamed_column_is_refused():
    parsed = parse_roster_csv("team,,player_name\nT,x,Ann\n")
    assert parsed.errors == ["Row 2: a value in column B, which the first row doesn't name."]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Pat O\x92Brien", "U+0092"),  # a Windows-1252 apostrophe read as Latin-1
        ("Pat\x00", "U+0000"),
        ("Pat\x1cO", "U+001C"),  # a separator str.split() would quietly turn into a space
        ("\u202eniatpac", "U+202E"),  # reads backwards
    ],
)
def test_a_control_character_is_refused_with_its_row(name, code):
    parsed = parse_roster_csv(f"team,player_name\nT,Ann\nT,{name}\n")
    assert parsed.errors == [
        f"Row 3: the player's name has a character that can't be shown ({code}, a control "
        "character)."
    ]
    assert len(parsed.rows) == 1


def test_a_character_lost_before_the_file_was_saved_is_refused():
    parsed = parse_roster_csv("team,player_name\nT,Jos\ufffd\n")
    assert parsed.errors == [
        "Row 2: the player's name has \ufffd where a character was lost before the file was saved."
    ]


def test_line_breaks_and_wide_spaces_inside_a_cell_become_one_space():
    parsed = parse_roster_csv('team,player_name\nT,"Pat\r\nO\u2019Brien"\nT,Ann\u00a0Lee\n')
    assert parsed.errors == []
    assert [(r.line, r.player_name) for r in parsed.rows] == [(2, "Pat O’Brien"), (3, "Ann Lee")]


@pytest.mark.parametrize(
    ("column", "label"),
    [
        ("team", "the team"),
        ("skill_level", "the skill level"),
        ("player_name", "the player's name"),
        ("phone", "the phone"),
    ],
)
def test_an_over_long_value_is_refused_with_its_row_and_the_limit(column, label):
    limit = MAX_LENGTH[column]
    values = {"team": "T", "player_name": "Ann", column: "x" * (limit + 1)}
    text = "team,skill_level,player_name,phone\n" + ",".join(
        values.get(name, "") for name in ("team", "skill_level", "player_name", "phone")
    )
    assert parse_roster_csv(text).errors == [
        f"Row 2: {label} is {limit + 1} characters long; the limit is {limit}."
    ]


def test_an_over_long_email_is_refused():
    email = "a" * 64 + "@" + ("b" * 60 + ".") * 4 + "com"
    assert len(email) > 254
    errors = parse_roster_csv(f"team,player_name,email\nT,Ann,{email}\n").errors
    assert errors[0].startswith(f"Row 2: the email is {len(email)} characters long")


@pytest.mark.django_db
def test_the_limits_are_the_models():
    fields = {
        "team": Team._meta.get_field("name"),
        "skill_level": SkillLevel._meta.get_field("name"),
        "player_name": Player._meta.get_field("name"),
        "email": Player._meta.get_field("email"),
        "phone": Player._meta.get_field("phone"),
    }
    assert {column: field.max_length for column, field in fields.items()} == MAX_LENGTH


def test_old_mac_line_endings_are_rows_too():
    parsed = parse_roster_csv("team,player_name\rT,Ann\rT,Bob\r")
    assert [(r.line, r.player_name) for r in parsed.rows] == [(2, "Ann"), (3, "Bob")]


def test_too_many_rows_are_refused_with_the_count():
    text = "team,player_name\n" + "T,Ann\n" * (MAX_ROWS + 1)
    assert parse_roster_csv(text).errors == [
        f"The file has {MAX_ROWS + 1:,} rows; import at most {MAX_ROWS:,} at a time."
    ]


@pytest.mark.parametrize(
    "rows",
    ['T,Ann\nT,"Bob\n', 'T,Ann\nT,"Bob\nT,Carl\nT,"Dan\n'],
    ids=["at the end", "swallowing rows"],
)
def test_a_quotation_mark_left_open_is_refused_with_its_line_not_read_as_one_cell(rows):
    parsed = parse_roster_csv("team,player_name\n" + rows)
    assert parsed.rows == []
    assert parsed.errors[0].startswith("Line 3 isn't readable as CSV")


@given(st.text(alphabet=st.sampled_from('team,player_name\n\r"\x00\x92 é’'), max_size=80))
def test_any_text_gives_rows_or_messages_never_an_exception(text):
    parsed = parse_roster_csv(text)
    assert parsed.rows or parsed.errors
