"""Recipients and their addresses, without the ORM: what notices are sent to.

Addresses are stored canonically so the outbox's unique (notice, channel,
address) constraint catches the same person reached twice through two lists.
"""

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from accounts.phones import normalise_phone as phone_e164
from notices.channels import EMAIL, SMS, Channels, channels_for


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


@dataclass(frozen=True)
class ReplyOffer:
    """Texts of a notice that may be answered: each carries a code naming this target.

    `handler` is a name registered with `notices.registry.register_reply_handler`; `target`
    is what that handler needs to act on a reply (notices never reads it).
    """

    handler: str
    target: dict
    players: frozenset[int] | None = None  # only these players' texts; None: every text


def _people(recipients: "list[Recipient]") -> list[Recipient]:
    """One entry per player (their contacts gathered from every list they came through);
    entries without a player stay as they are."""
    merged: dict[int, Recipient] = {}
    order: list[int | Recipient] = []
    for recipient in recipients:
        if recipient.player_id is None:
            order.append(recipient)
            continue
        known = merged.get(recipient.player_id)
        if known is None:
            order.append(recipient.player_id)
            merged[recipient.player_id] = recipient
            continue
        texts = known.sms_opt_in and normalise_phone(known.phone)
        merged[recipient.player_id] = Recipient(
            name=known.name or recipient.name,
            email=known.email or recipient.email,
            phone=known.phone if texts else recipient.phone,
            sms_opt_in=known.sms_opt_in if texts else recipient.sms_opt_in,
            player_id=known.player_id,
        )
    return [merged[item] if isinstance(item, int) else item for item in order]


def addresses_for(
    recipients: "list[Recipient]",
    *,
    kind: str = "",
    preferences: Mapping[int, Channels] | None = None,
    opted_out: Collection[str] = frozenset(),
) -> list[tuple[str, str, str, int | None]]:
    """(channel, address, name, player_id) once per channel and address, first name wins.

    Each person gets the channels they chose for `kind` (`preferences`, by player id) or
    the kind's default (`notices.channels`): email to an address that hasn't asked for no
    more (`opted_out`, normalised addresses), a text only to those who opted in and have a
    number that can take one.
    """
    preferences = preferences or {}
    seen: set[tuple[str, str]] = set()
    rows: list[tuple[str, str, str, int | None]] = []
    for person in _people(recipients):
        email = normalise_email(person.email)
        if email in opted_out:
            email = ""
        phone = normalise_phone(person.phone) if person.sms_opt_in else ""
        chosen = preferences.get(person.player_id) if person.player_id is not None else None
        use = channels_for(kind, chosen, can_email=bool(email), can_text=bool(phone))
        for channel, address in ((EMAIL, email), (SMS, phone)):
            if channel in use and (channel, address) not in seen:
                seen.add((channel, address))
                rows.append((channel, address, person.name, person.player_id))
    return rows


@dataclass(frozen=True)
class Audience:
    """Who a notice would reach, counted for the form that sends it."""

    people: int
    emails: int
    texts: int

    @classmethod
    def of(cls, rows: Iterable[tuple[str, str, str, int | None]]) -> "Audience":
        """Counted from `addresses_for` rows: a person is a player, or an address."""
        people: set[object] = set()
        emails = texts = 0
        for channel, address, _, player in rows:
            people.add(player if player is not None else (channel, address))
            if channel == EMAIL:
                emails += 1
            elif channel == SMS:
                texts += 1
        return cls(people=len(people), emails=emails, texts=texts)

    @property
    def sentence(self) -> str:
        """ "This will email 18 people and text 6.", said before anything is sent."""
        if not self.emails and not self.texts:
            return "Nobody will be told: nobody concerned has an email address or takes texts."
        parts = []
        if self.emails:
            parts.append(f"email {_people_count(self.emails)}")
        if self.texts:
            parts.append(f"text {self.texts if self.emails else _people_count(self.texts)}")
        return f"This will {' and '.join(parts)}."


def _people_count(count: int) -> str:
    return f"{count} {'person' if count == 1 else 'people'}"


def retry_delay(attempts: int, *, base: int = 30, cap: int = 3600) -> int:
    """Seconds before attempt `attempts + 1`: 30 s, 60 s, 2 min, 4 min … at most an hour."""
    return min(cap, base * 2 ** max(0, attempts - 1))


def sms_body(text: str, link: str, prompt: str = "") -> str:
    """The text, its link, then how to answer it (a reply code's prompt)."""
    return " ".join(part for part in (text.strip(), link, prompt) if part)


def email_greeting(name: str) -> str:
    return f"Hello {name},\n\n" if name else ""


def email_tail(*, body: str, link: str, reason: str) -> str:
    """The email after its greeting, the same for every recipient of a notice."""
    more = f"\n\nMore: {link}" if link else ""
    footer = f"\n\n-- \n{reason}" if reason else ""
    return f"{body.strip()}{more}{footer}\n"


def unsubscribe_line(url: str) -> str:
    """The last line of every email: its address's own link to stop them."""
    return f"No more emails from the league: {url}\n"


def email_body(*, name: str, body: str, link: str, reason: str, unsubscribe: str = "") -> str:
    tail = email_tail(body=body, link=link, reason=reason)
    return email_greeting(name) + tail + (unsubscribe_line(unsubscribe) if unsubscribe else "")
