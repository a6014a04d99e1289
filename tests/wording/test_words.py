import pytest
from django.template import Context, Template

from wording.words import every, listing, plural, possessive


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Right Bowers", "Right Bowers'"),
        ("Aces", "Aces'"),
        ("Jack", "Jack's"),
        ("Left Bower", "Left Bower's"),
        ("Dealer's Choice", "Dealer's Choice's"),
        ("", ""),
    ],
)
def test_a_name_ending_in_s_takes_the_apostrophe_alone(name, text):
    assert possessive(name) == text


def test_counts_say_one_or_many():
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(32, "fixture") == "32 fixtures"
    assert plural(2, "match", "matches") == "2 matches"


def test_every_one_of_a_count_is_the_one_both_or_all():
    assert every(1, "card") == "the card"
    assert every(2, "card") == "both cards"
    assert every(3, "card") == "all 3 cards"


def test_lists_end_with_and():
    assert listing([]) == ""
    assert listing(["a"]) == "a"
    assert listing(["a", "b"]) == "a and b"
    assert listing(["a", "b", "c"]) == "a, b and c"


def test_the_wording_filters_are_built_into_every_template():
    text = Template(
        '{{ team|possessive }} captain · {{ n|counted:"card" }} · Confirm {{ two|every:"card" }}'
    ).render(Context({"team": "Right Bowers", "n": 1, "two": 2}))
    assert text == "Right Bowers' captain · 1 card · Confirm both cards"


def test_a_possessive_is_escaped_like_any_name():
    text = Template("{{ team|possessive }}").render(Context({"team": "<b>Aces"}))
    assert text == "&lt;b&gt;Aces'"
