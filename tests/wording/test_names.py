import pytest

from wording.names import name_key, names_match


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("casey captain", "Casey Captain"),
        ("  Casey   Captain ", "Casey Captain"),
        ("Pat O’Brien", "Pat O'Brien"),
        ("Pat O'Brien", "Pat O’Brien"),
        ("Pat OBrien", "Pat O'Brien"),
        ("Pat Oʼbrien", "PAT O'BRIEN"),
        ("Zoe Lefevre", "Zoë Lefèvre"),
        ("ZOË LEFÈVRE", "Zoe Lefevre"),
        ("Soren Hjort", "Søren Hjort"),
        ("Lukasz Nowak", "Łukasz Nowak"),
        ("Strasse", "Straße"),
    ],
)
def test_names_match_whatever_the_case_spaces_apostrophes_and_accents(typed, expected):
    assert names_match(typed, expected)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("Casey", "Casey Captain"), ("Casey Kaptain", "Casey Captain"), ("", ""), ("  ", "")],
)
def test_a_different_or_empty_name_does_not_match(typed, expected):
    assert not names_match(typed, expected)


def test_the_key_keeps_letters_digits_and_hyphens():
    assert name_key("Mary-Jane  Ng 2nd") == "mary-jane ng 2nd"
