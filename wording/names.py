"""People's names compared the way a person means them, with no Django.

`name_key("  Zoë  O’Brien ")` → "zoe obrien": case, runs of spaces, apostrophes of any
shape and accents make no difference, so "zoe o'brien" typed on a phone matches
"Zoë O’Brien" on the roster. `names_match(a, b)` compares two names by their keys.
"""

import unicodedata

# Apostrophes and the marks phones and word processors put in their place.
APOSTROPHES = "'\u2018\u2019\u201b\u02bc\u02bb\u02b9\u0060\u00b4\u2032"
# Letters that carry no separate accent mark to strip.
PLAIN_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
)
_DROP = str.maketrans("", "", APOSTROPHES)


def name_key(name: str) -> str:
    """The name folded for comparison: no case, accents or apostrophes; single spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.translate(_DROP).translate(PLAIN_LETTERS).split())


def names_match(typed: str, expected: str) -> bool:
    """Whether `typed` is `expected` as a person would read it (and not empty)."""
    key = name_key(typed)
    return bool(key) and key == name_key(expected)
