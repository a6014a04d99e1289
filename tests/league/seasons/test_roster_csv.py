from league.seasons.roster_csv import parse_roster_csv

HEADER = "team,skill_level,player_name,email,phone,role\n"


def test_it_reads_rows_and_defaults_the_role_to_player():
    rows, errors = parse_roster_csv(
        HEADER + "Left Bowers,A,Casey Captain,Casey@Example.com,555-0100,captain\n"
        "Left Bowers,A,Pat  Player,,,\n"
    )
    assert errors == []
    assert [(r.line, r.player_name, r.email, r.role) for r in rows] == [
        (2, "Casey Captain", "casey@example.com", "captain"),
        (3, "Pat Player", "", "player"),
    ]


def test_it_reports_every_bad_row_by_its_spreadsheet_number():
    _, errors = parse_roster_csv(
        HEADER + "Left Bowers,A,Casey,not-an-email,,captain\n"
        ",A,Nobody,,,\n"
        "Left Bowers,B,Pat,,,boss\n"
    )
    assert errors == [
        "Row 2: 'not-an-email' isn't an email address.",
        "Row 3: the team is missing.",
        "Row 4: role 'boss' should be captain or player; Left Bowers is in level A on an "
        "earlier row.",
    ]


def test_the_same_email_twice_is_an_error():
    _, errors = parse_roster_csv(HEADER + "T1,A,Ann,a@x.com,,\nT2,A,Ann B,A@x.com,,\n")
    assert errors == ["Row 3: a@x.com is already on row 2."]


def test_it_needs_the_team_and_player_name_columns():
    assert parse_roster_csv("team,email\nT,a@x.com\n") == (
        [],
        ["The first row must name the columns; missing: player_name."],
    )


def test_it_names_unknown_columns():
    _, errors = parse_roster_csv("team,player_name,shoe_size\nT,Ann,9\n")
    assert errors[0].startswith("Unknown column(s): shoe_size.")


def test_an_empty_file_has_nothing_to_import():
    assert parse_roster_csv(HEADER)[1] == ["The file has no rows to import."]
    assert parse_roster_csv("")[1][0].startswith("The first row must name the columns")


def test_blank_lines_and_a_byte_order_mark_are_ignored():
    rows, errors = parse_roster_csv("\ufeff" + HEADER + ",,,,,\nT,A,Ann,,,\n")
    assert errors == [] and len(rows) == 1
