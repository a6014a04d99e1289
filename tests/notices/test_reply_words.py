"""Reading a reply: the word, the code and the reason."""

import pytest

from notices.reply_words import Reply, reply_parse


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("YES 4821", Reply("YES", "4821", "")),
        ("  yes   4821. ", Reply("YES", "4821", "")),
        ("Yes #4821", Reply("YES", "4821", "")),
        ("DISPUTE 4821 game 2 was 10-8", Reply("DISPUTE", "4821", "game 2 was 10-8")),
        ("dispute 4821\nwrong\nscore", Reply("DISPUTE", "4821", "wrong score")),
        ("YES", Reply("YES", "", "")),
        ("YES please", Reply("YES", "", "please")),
        ("", Reply("", "", "")),
        ("YES ٤٨٢١", Reply("YES", "", "٤٨٢١")),
    ],
)
def test_a_reply_is_a_word_a_code_and_the_rest(body, expected):
    assert reply_parse(body) == expected


@pytest.mark.parametrize("body", ["STOP", "stop", "Help", "START", "unsubscribe"])
def test_a_carrier_keyword_alone_is_not_ours_to_answer(body):
    assert reply_parse(body) is None
