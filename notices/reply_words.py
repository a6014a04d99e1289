"""Reading a reply to one of our texts ("YES 4821", "dispute 4821 game 2 was 10-8"). Pure."""

import re
from dataclasses import dataclass

# Words carriers and Twilio act on themselves (opting out, in, help): not ours to answer.
CARRIER_KEYWORDS = frozenset(
    {"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "START", "UNSTOP", "HELP", "INFO"}
)
_CODE = re.compile(r"[0-9]{3,8}")
_TRIM = "#.,:;!?\"'()"


@dataclass(frozen=True)
class Reply:
    word: str  # the first word, upper case ("YES")
    code: str  # the digits after it, "" when there are none
    text: str  # the rest: a dispute's reason


def reply_parse(body: str) -> Reply | None:
    """The word, code and rest of a reply; None for a carrier keyword sent alone."""
    words = (body or "").split()
    if not words:
        return Reply("", "", "")
    word = words[0].strip(_TRIM).upper()
    if len(words) == 1 and word in CARRIER_KEYWORDS:
        return None
    rest = words[1:]
    code = ""
    if rest and _CODE.fullmatch(rest[0].strip(_TRIM)):
        code, rest = rest[0].strip(_TRIM), rest[1:]
    return Reply(word, code, " ".join(rest))
