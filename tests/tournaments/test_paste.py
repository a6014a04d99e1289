"""The pasted list's lines: name first, then an email and a phone in either order."""

from tournaments.paste import LINES_MAX, LineError, PastedLine, paste_read


def test_each_line_is_a_name_then_an_optional_email_and_phone():
    people, errors = paste_read(
        "Ada Lovelace, ada@example.com, 416 555 0101\n"
        "Ben Bell\n"
        "Cal Cole, (416) 555-0102, cal@example.com\n"
        "Dee Dunn,,dee@example.com\n"
    )
    assert errors == []
    assert people == [
        PastedLine(1, "Ada Lovelace", "ada@example.com", "416 555 0101"),
        PastedLine(2, "Ben Bell"),
        PastedLine(3, "Cal Cole", "cal@example.com", "(416) 555-0102"),
        PastedLine(4, "Dee Dunn", "dee@example.com"),
    ]


def test_cells_copied_from_a_spreadsheet_are_read_by_their_tabs():
    people, errors = paste_read("Smith, Dana\tdana@example.com\t4165550103\n")
    assert errors == []
    assert people == [PastedLine(1, "Smith, Dana", "dana@example.com", "4165550103")]


def test_quotes_keep_a_comma_inside_a_name():
    people, _ = paste_read('"Smith, Dana", dana@example.com\n')
    assert people == [PastedLine(1, "Smith, Dana", "dana@example.com")]


def test_blank_lines_and_a_header_line_are_skipped_but_line_numbers_stay_true():
    people, errors = paste_read("Name, Email, Phone\n\nAda\n\n  \nBen, ben@example.com\n")
    assert errors == []
    assert [(p.number, p.name) for p in people] == [(3, "Ada"), (6, "Ben")]


def test_a_header_word_after_the_first_line_is_a_name():
    people, _ = paste_read("Ada\nName\n")
    assert [p.name for p in people] == ["Ada", "Name"]


def test_bad_lines_are_named_by_their_number():
    _, errors = paste_read(
        "Ada\n"
        "ada@example.com, Ada\n"
        ", bob@example.com\n"
        "Cal, cal@example.com, cal@other.example\n"
        "Dee, 4165550101, 4165550102\n"
        "Eve, not a number\n"
    )
    assert [e.number for e in errors] == [2, 3, 4, 5, 6]
    assert str(errors[0]) == ("Line 2: start the line with the player's name, then the email.")
    assert "give one email address" in str(errors[2])
    assert "give one phone number" in str(errors[3])
    assert (
        str(errors[4]) == "Line 6: “not a number” is neither an email address nor a phone number."
    )


def test_an_empty_paste_says_what_to_give():
    assert paste_read(" \n\n") == (
        [],
        [LineError(0, "Paste one player per line: name, then email and phone.")],
    )


def test_a_huge_paste_is_refused_whole():
    people, errors = paste_read("\n".join(f"Player {n}" for n in range(LINES_MAX + 1)))
    assert people == [] and errors == [
        LineError(0, f"Paste at most {LINES_MAX} players at a time.")
    ]


def test_a_stray_quote_does_not_break_the_line():
    people, errors = paste_read('Ada "the ace, ada@example.com\n')
    assert errors == []
    assert people[0].email == "ada@example.com"
