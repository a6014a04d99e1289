"""A notice's subject is an email header: one line. The compose form, the service and the
delivery share this rule, so a subject is refused where it is typed and never reaches a
mail server it would fail on (every line break Python knows ends a header: CR, LF, vertical
tab, form feed, NEL, the Unicode line and paragraph separators …)."""

LINE_BREAK_MESSAGE = "Write the subject on one line: it can't contain line breaks."


def has_line_break(text: str) -> bool:
    return bool(text) and text.splitlines() != [text]


def header_line(text: str) -> str:
    """The subject as sent: a subject stored before the rule is folded onto one line."""
    return " ".join(text.split()) if has_line_break(text) else text
