"""A bounded whole number for URLs, so a typed 30-digit number is a 404, not a database error."""


class SmallNumber:
    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
