"""Writes on availability: a rostered player's answer for one fixture.

One row per fixture and player (a database constraint); answering again replaces the
answer. Who may answer: the player themselves, their team's captain (told in person) or the
league's managers on the site; the reminder's link and its reply code prove the player's
identity on their own, and the sub finder answers "coming" for the sub it found.
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import permissions
from league.availability.models import Availability
from league.nights.rules import fixture_starts_at
from league.seasons.models import Fixture, Player, RosterEntry, Team

Answer = Availability.Answer
Via = Availability.Via

# The ways that prove who the player is without a signed-in user: a signed link, the code
# of a text sent to them, and the sub finder acting on the sub's own yes.
SELF_PROVEN = frozenset({Via.LINK, Via.TEXT, Via.SUB})
NOT_ALLOWED = "Only the player, their team's captain or a league manager can answer for them."
UNKNOWN_ANSWER = "Answer coming, not coming or maybe."


def fixture_team_of(fixture: Fixture, player: Player, *, any_sub: bool = False) -> Team | None:
    """The team `player` plays for in `fixture`: a regular (captain or player) of either
    team whose roster dates cover the night, or a sub entered for this fixture (approved
    ones, unless `any_sub`). None when they are on neither roster."""
    entries = RosterEntry.objects.filter(
        player=player, team_id__in=fixture.team_ids(), team__status=Team.Status.ACTIVE
    ).select_related("team")
    for entry in sorted(entries, key=lambda e: e.role == RosterEntry.Role.SUB):
        if entry.role == RosterEntry.Role.SUB:
            if entry.fixture_id == fixture.pk and (entry.approved or any_sub):
                return entry.team
            continue
        if entry.fixture_id is None and _covers(entry, fixture):
            return entry.team
    return None


def _covers(entry: RosterEntry, fixture: Fixture) -> bool:
    return (entry.starts_on is None or entry.starts_on <= fixture.date) and (
        entry.ends_on is None or entry.ends_on >= fixture.date
    )


def fixture_answerable(fixture: Fixture, *, now: Any = None) -> None:
    """Raise ValidationError saying why nobody may answer for `fixture` any more."""
    if fixture.away_id is None:
        raise ValidationError("A bye has no game to come to.")
    if fixture.status != Fixture.Status.SCHEDULED:
        raise ValidationError(
            f"This fixture is {fixture.get_status_display().lower()}: there is nothing to answer."
        )
    if (now or timezone.now()) >= fixture_starts_at(fixture):
        raise ValidationError("This night has already started: answers are closed.")


def _may_answer_for(by: Any, player: Player, team: Team, fixture: Fixture) -> bool:
    if by is None or not getattr(by, "is_authenticated", False):
        return False
    if player.user_id is not None and player.user_id == by.pk:
        return True
    return permissions.is_captain_of(by, team.pk) or permissions.is_league_manager(
        by, fixture.season.league_id
    )


@transaction.atomic
def availability_answer(
    *, fixture: Fixture, player: Player, answer: str, via: str, by: Any = None
) -> Availability:
    """Record `player`'s answer for `fixture` (replacing an earlier one) and return the row.

    `via` is how it came: "page" needs `by`, the signed-in user answering (the player, the
    team's captain, a league manager); "link" and "text" come with the player's identity
    proven by the signed link or the reply code; "sub" is the sub finder's "coming".
    """
    if answer not in Answer.values:
        raise ValidationError(UNKNOWN_ANSWER)
    if via not in Via.values:
        raise ValidationError("Unknown way of answering.")
    fixture = Fixture.objects.select_related("season__league").get(pk=fixture.pk)
    fixture_answerable(fixture)
    team = fixture_team_of(fixture, player, any_sub=via == Via.SUB)
    if team is None:
        raise ValidationError(f"{player.name} isn't on the roster of a team in this fixture.")
    if via not in SELF_PROVEN and not _may_answer_for(by, player, team, fixture):
        raise PermissionDenied(NOT_ALLOWED)
    values = {"team": team, "answer": answer, "via": via, "answered_at": timezone.now()}
    try:
        # A savepoint: two answers at once meet the unique constraint, and the loser
        # updates the row the winner wrote instead of failing.
        with transaction.atomic():
            row, _ = Availability.objects.update_or_create(
                fixture=fixture, player=player, defaults=values
            )
    except IntegrityError:
        Availability.objects.filter(fixture=fixture, player=player).update(**values)
        row = Availability.objects.get(fixture=fixture, player=player)
    return row
