"""Money as people read and type it: integer cents in, "$12.50" out; "12.50" in, 1250 out.

Pure: no Django. One formatter for every page, receipt and CSV.
"""

import re

# Whole units up to 999,999,999 and at most two decimals: nothing else is money typed by hand.
_AMOUNT = re.compile(r"-?\d{1,9}(\.\d{1,2})?")

SYMBOLS = {"USD": "$", "CAD": "$", "EUR": "€", "GBP": "£"}


def cents_text(cents: int, currency: str = "USD") -> str:
    """1250 -> "$12.50"; -500 -> "−$5.00" (a true minus sign)."""
    sign = "−" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{SYMBOLS.get(currency, '')}{whole:,}.{part:02d}"


def parse_cents(text: str) -> int:
    """ "12.50", "$12.5", "12" -> cents; ValueError with a message for anything else."""
    cleaned = text.strip().lstrip("$€£").replace(",", "").strip()
    if not _AMOUNT.fullmatch(cleaned):
        raise ValueError("Type an amount in dollars and cents, like 12.50.")
    whole, _, part = cleaned.partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int(part.ljust(2, "0") or 0))
