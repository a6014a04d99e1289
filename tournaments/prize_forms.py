"""Money and flights as a director types them on the setup form: prizes in dollars, and
flights one a line ("A: 8: 100, 60"), turned into cents and the event's flights data."""

from decimal import Decimal, InvalidOperation

from django import forms

from tournaments.flights import MAX_FLIGHTS, NAME_MAX, SIZE_MAX, flights_problems


def parse_prizes(text: str) -> list[int]:
    """'50, 30.50, 20' (dollars, first place first) -> cents; refuses anything else."""
    prizes: list[int] = []
    for part in (p.strip().lstrip("$") for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        try:
            amount = Decimal(part)
        except InvalidOperation:
            raise forms.ValidationError(f"{part!r} is not an amount of money.") from None
        if not amount.is_finite() or amount < 0 or amount > 1_000_000:
            raise forms.ValidationError(f"{part!r} must be between 0 and 1,000,000.")
        if amount != amount.quantize(Decimal("0.01")):
            raise forms.ValidationError(f"{part!r} has more than two decimals.")
        prizes.append(int(amount * 100))
    if len(prizes) > 50:
        raise forms.ValidationError("At most 50 prize places.")
    return prizes


def format_prizes(cents: list[int]) -> str:
    return ", ".join(f"{c // 100}.{c % 100:02d}" for c in cents)


REST = ("", "rest", "the rest")


def parse_flights(text: str) -> list[dict]:
    """'A: 8: 100, 60' one flight a line (name, size, prizes in dollars; the last line's size
    may be left out or 'rest') -> the event's flights data; refuses anything else."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_FLIGHTS:
        raise forms.ValidationError(f"At most {MAX_FLIGHTS} flights, one a line.")
    out: list[dict] = []
    for number, line in enumerate(lines, start=1):
        parts = [p.strip() for p in line.replace("|", ":").split(":")]
        if len(parts) > 3:
            raise forms.ValidationError(
                f"Line {number}: write the flight's name, size and prizes, e.g. A: 8: 100, 60."
            )
        name, size_text, prize_text = (parts + ["", ""])[:3]
        if not name or len(name) > NAME_MAX:
            raise forms.ValidationError(
                f"Line {number}: a flight's name is 1 to {NAME_MAX} characters."
            )
        last = number == len(lines)
        if last and size_text.casefold() in REST:
            size = None
        elif size_text.isascii() and size_text.isdigit() and 1 <= int(size_text) <= SIZE_MAX:
            size = int(size_text)
        else:
            raise forms.ValidationError(
                f"Flight {name}: its size is how many entries it takes, 1 to {SIZE_MAX}"
                + (" (the last may say 'rest')." if last else ".")
            )
        try:
            prizes = parse_prizes(prize_text)
        except forms.ValidationError as exc:
            raise forms.ValidationError(f"Flight {name}: {exc.messages[0]}") from None
        out.append({"name": name, "size": None if last else size, "prizes": prizes})
    problems = flights_problems(out) if out else []
    if problems:
        raise forms.ValidationError(" ".join(problems))
    return out


def format_flights(data: list[dict]) -> str:
    lines = []
    for index, item in enumerate(data):
        size = "rest" if index == len(data) - 1 else str(item.get("size") or "")
        lines.append(f"{item.get('name', '')}: {size}: {format_prizes(item.get('prizes', []))}")
    return "\n".join(lines)
