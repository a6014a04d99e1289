"""A league's member list (members pay the members' price): kept by that league's managers.

A member is named as staff name players elsewhere: "Name", "Name, email" or just an email.
An email finds its player (email identifies people); a name alone finds the one player of
that name (one who played in the league first), or adds a new player when there is none.
A pasted list is all or nothing: one line that can't be read and nothing is added.
"""

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from accounts.permissions import can_manage_league
from activity.models import Verb
from activity.services import activity_record
from inputs.bounds import text_clean
from league.seasons.models import Player
from league.seasons.services.rosters import player_find_or_create
from money.models import Member
from tournaments.paste import LINES_MAX, LineError, paste_read
from wording.words import plural

ONLY_MANAGERS = "Only this league's managers may change its member list."
LINE_MAX = 300


@dataclass
class MembersAdded:
    added: list[Member] = field(default_factory=list)
    already: list[Member] = field(default_factory=list)


def _authorize(user: Any, league: Any) -> None:
    if not can_manage_league(user, league):
        raise PermissionDenied(ONLY_MANAGERS)


def _by_email(email: str, name: str) -> Player:
    email = text_clean(email, label="the email address", limit=254).lower()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError(f"{email[:60]} is not an email address.") from None
    found = Player.objects.filter(email__iexact=email, merged_into__isnull=True).first()
    if found is not None:
        return found
    if not name:
        raise ValidationError(
            f"No player has the email {email}: type their name too, like “Sam Snow, {email}”."
        )
    return player_find_or_create(name=name, email=email)


def _by_name(league: Any, name: str) -> Player:
    name = text_clean(name, label="the player's name", limit=120, collapse=True)
    same = Player.objects.filter(name__iexact=name, merged_into__isnull=True)
    found = list(same[:5])
    if len(found) > 1:  # one of them played in this league: that one
        found = list(same.filter(roster_entries__season__league=league).distinct()[:5]) or found
    if len(found) > 1:
        raise ValidationError(
            f"{len(found)} players are called {name}: add their email to say which."
        )
    return found[0] if found else player_find_or_create(name=name)


def player_for(league: Any, text: str) -> Player:
    """The player a typed line names (see the module's docstring), or a ValidationError."""
    line = str(text or "").strip()
    if not line:
        raise ValidationError("Type a player's name or email.")
    if len(line) > LINE_MAX:
        raise ValidationError(f"Keep a line to {LINE_MAX} characters.")
    if "@" in line and "," not in line and "\t" not in line:
        return _by_email(line, "")
    lines, errors = paste_read(line)
    if errors or not lines:
        raise ValidationError(str(errors[0]).removeprefix("Line 1: ") if errors else "Type a name.")
    read = lines[0]
    return _by_email(read.email, read.name) if read.email else _by_name(league, read.name)


def _add(league: Any, player: Player) -> tuple[Member, bool]:
    try:
        with transaction.atomic():  # the unique constraint: a double tap adds one member
            return Member.objects.get_or_create(league=league, player=player)
    except IntegrityError:
        return Member.objects.get(league=league, player=player), False


def _log(league: Any, by: Any, detail: str) -> None:
    activity_record(
        actor=by,
        verb=Verb.SIGN_UP_CHANGED,
        target=league,
        scope_kind="league",
        scope_id=league.pk,
        detail=detail,
        label=f"{league.name}: members",
    )


@transaction.atomic
def member_add(*, league: Any, by: Any, text: str) -> tuple[Member, bool]:
    """(member, added): the named player on the league's member list."""
    _authorize(by, league)
    member, added = _add(league, player_for(league, text))
    if added:
        _log(league, by, f"Member added: {member.player.name}")
    return member, added


@transaction.atomic
def members_paste(*, league: Any, by: Any, text: str) -> MembersAdded:
    """Every line's player on the list, or (one line wrong) nobody and the lines' errors."""
    _authorize(by, league)
    rows = [(n, line.strip()) for n, line in enumerate(str(text or "").splitlines(), 1)]
    rows = [(n, line) for n, line in rows if line]
    if not rows:
        raise ValidationError("Paste one player a line.")
    if len(rows) > LINES_MAX:
        raise ValidationError(f"Paste at most {LINES_MAX} lines at a time ({len(rows)} here).")
    errors: list[str] = []
    players: list[Player] = []
    with transaction.atomic():  # players made for early lines go if a later line is wrong
        for number, line in rows:
            if number == 1 and line.casefold().replace(" ", "") in ("name,email", "name"):
                continue  # the columns' names
            try:
                players.append(player_for(league, line))
            except ValidationError as exc:
                errors.append(str(LineError(number, exc.messages[0])))
        if errors:
            transaction.set_rollback(True)
    if errors:
        raise ValidationError(errors)
    result = MembersAdded()
    for player in dict.fromkeys(players):  # the same person twice: once
        member, added = _add(league, player)
        (result.added if added else result.already).append(member)
    if result.added:
        _log(league, by, f"{plural(len(result.added), 'member')} added from a list")
    return result


@transaction.atomic
def member_remove(*, member: Member, by: Any) -> None:
    league = member.league
    _authorize(by, league)
    _log(league, by, f"Member removed: {member.player.name}")
    member.delete()
