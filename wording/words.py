"""Counts, possessives and lists in plain English, with no Django.

- `plural(3, "card")` → "3 cards"; `plural(1, "match", "matches")` → "1 match".
- `every(2, "card")` → "both cards"; 1 → "the card"; 3 → "all 3 cards".
- `possessive("Right Bowers")` → "Right Bowers'"; "Jack" → "Jack's". A name ending in s
  takes the apostrophe alone (the style the league's pages, emails and texts all follow).
- `listing(["a", "b", "c"])` → "a, b and c".
"""

from collections.abc import Iterable


def plural(count: int, noun: str, many: str | None = None) -> str:
    """'1 card', '3 cards'; `many` for a noun that doesn't just take an s."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def every(count: int, noun: str, many: str | None = None) -> str:
    """'the card', 'both cards', 'all 3 cards': a count said as 'every one of them'."""
    nouns = many or noun + "s"
    if count == 1:
        return f"the {noun}"
    if count == 2:
        return f"both {nouns}"
    return f"all {count} {nouns}"


def possessive(name: object) -> str:
    """ "Jack's", "Right Bowers'": a name ending in s takes the apostrophe alone."""
    text = str(name)
    if not text:
        return ""
    return f"{text}'" if text[-1] in "sS" else f"{text}'s"


def listing(items: Iterable[object], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
