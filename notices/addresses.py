"""Recipients and their addresses, without the ORM: what notices are sent to.

Addresses are stored canonically so the outbox's unique (notice, channel,
address) constraint catches the same person reached twice through two lists.
"""

from dataclasses import dataclass

from accounts.phones import normalise_phone as phone_e164


@dataclass(frozen=True)
class Recipient:
    """Someone a notice goes to: email when they have an address, text when opted in."""

    name: str
    email: str = ""
    phone: str = ""
    sms_opt_in: bool = False
    player_id: int | None = None


def normalise_email(value: str) -> str:
    return value.strip().lower()


def normalise_phone(value: str) -> str:
    """An E.164 number (+14165550123), or "" when `value` can't be one: the same check as
    everywhere a number is typed (`accounts.phones`, the phonenumbers library)."""
    return phone_e164(value or "")


def addresses_for(recipients: "list[Recipient]") -> list[tuple[str, str, str, int | None]]:
    """(channel, address, name, player_id) once per channel and address, first name wins.

    Email goes to everyone with an address; a text only to those who opted in and
    have a number that can take one.
    """
    seen: set[tuple[str, str]] = set()
    rows: list[tuple[str, str, str, int | None]] = []
    for recipient in recipients:
        candidates = [("email", normalise_email(recipient.email))]
        if recipient.sms_opt_in:
            candidates.append(("sms", normalise_phone(recipient.phone)))
        for channel, address in candidates:
            if address and (channel, address) not in seen:
                seen.add((channel, address))
                rows.append((channel, address, recipient.name, recipient.player_id))
    return rows


def retry_delay(attempts: int, *, base: int = 30, cap: int = 3600) -> int:
    """Seconds before attempt `attempts + 1`: 30 s, 60 s, 2 min, 4 min … at most an hour."""
    return min(cap, base * 2 ** max(0, attempts - 1))


def sms_body(text: str, link: str) -> str:
    return f"{text} {link}".strip() if link else text


def email_body(*, name: str, body: str, link: str, reason: str) -> str:
    greeting = f"Hello {name},\n\n" if name else ""
    more = f"\n\nMore: {link}" if link else ""
    footer = f"\n\n-- \n{reason}" if reason else ""
    return f"{greeting}{body.strip()}{more}{footer}\n"
