"""Which channels a notice goes by, for one person: their choice for its kind, or its default.

Pure: no ORM. A choice is a set of channels ("email", "sms"). What can reach the person
(an address; a number they agreed to be texted on) bounds it, and when nothing they chose
can reach them the other channel does, so nobody misses a notice they wait on.
"""

from collections.abc import Mapping

EMAIL, SMS = "email", "sms"
Channels = frozenset[str]

# The choices offered per kind, by name (forms and the preference rows use these).
CHOICES: Mapping[str, Channels] = {
    "email": frozenset({EMAIL}),
    "sms": frozenset({SMS}),
    "both": frozenset({EMAIL, SMS}),
}
CHOICE_LABELS: Mapping[str, str] = {"email": "Email", "sms": "Text", "both": "Email and text"}

# Kinds a person may choose channels for, in the order the preference form lists them
# (Notice.Kind values; invitations go to addresses, not people, so they are not here).
PREFERENCE_KINDS: tuple[str, ...] = (
    "card_awaiting_confirmation",
    "availability_ask",
    "sub_wanted",
    "sub_found",
    "makeup_game",
    "race_changed",
    "card_disputed",
    "card_settled",
    "card_corrected",
    "fixture_closed",
    "reschedule_requested",
    "reschedule_answered",
    "cancellation",
    "fixtures_moved",
    "schedule_published",
    "card_missing",
    "forfeit_warning",
    "waiver_reminder",
    "standings_published",
    "tournament_seat",
    "tournament_results",
    "general",
)

# Answered or read at the table, on a phone: by text alone when the person takes texts.
TEXT_FIRST = frozenset({"card_awaiting_confirmation", "tournament_seat"})


def default_channels(kind: str, *, can_text: bool) -> Channels:
    """A kind's channels for someone who hasn't chosen: email and, when they take texts,
    a text; a card to confirm goes by text alone to those who take texts."""
    if kind in TEXT_FIRST:
        return CHOICES["sms"] if can_text else CHOICES["email"]
    return CHOICES["both"] if can_text else CHOICES["email"]


def channels_of(*, by_email: bool, by_sms: bool) -> Channels:
    """A stored preference's channels."""
    return frozenset(c for c, on in ((EMAIL, by_email), (SMS, by_sms)) if on)


def choice_name(channels: Channels) -> str:
    """ "email", "sms" or "both" for a set of channels."""
    for name, value in CHOICES.items():
        if value == channels:
            return name
    raise ValueError(f"Not a choice of channels: {sorted(channels)}")


def channels_for(
    kind: str, chosen: Channels | None, *, can_email: bool, can_text: bool
) -> Channels:
    """The channels to use: the person's choice (or the default) among those that reach
    them; when none of those does, whichever reaches them (email first)."""
    wanted = chosen if chosen else default_channels(kind, can_text=can_text)
    reachable = {c for c, ok in ((EMAIL, can_email), (SMS, can_text)) if ok}
    use = frozenset(wanted & reachable)
    if use:
        return use
    if can_email:
        return CHOICES["email"]
    return CHOICES["sms"] if can_text else frozenset()
