"""Who plays in a season, as notice recipients: every rostered player, account or not.

A player is emailed at the address on their player record (no account needed) unless that
address asked for no more emails, and texted only where they agreed to texts
(`notices.services.notice_addresses` applies both). Captains are players of their team, so
they are among these; a person on two lists is told once.
"""

from collections.abc import Iterable

from django.db.models import Q, QuerySet
from django.utils import timezone

from league.seasons.models import Fixture, Player, RosterEntry, Season, Team
from notices.addresses import Recipient


def recipient_for_player(player: Player) -> Recipient:
    return Recipient(
        name=player.name,
        email=player.email,
        phone=player.phone,
        sms_opt_in=player.sms_opt_in,
        player_id=player.pk,
    )


def _current(entries: QuerySet[RosterEntry]) -> QuerySet[RosterEntry]:
    return entries.filter(Q(ends_on__isnull=True) | Q(ends_on__gte=timezone.localdate()))


def _people(entries: QuerySet[RosterEntry]) -> list[Recipient]:
    rows = entries.select_related("player").order_by("team__name", "player__name", "pk")
    seen: set[int] = set()
    people = []
    for entry in rows:
        if entry.player_id not in seen:
            seen.add(entry.player_id)
            people.append(recipient_for_player(entry.player))
    return people


def players_of_season(season: Season) -> list[Recipient]:
    """Everyone on the current rosters of the season's active teams, once each."""
    return _people(
        _current(
            RosterEntry.objects.filter(
                team__season=season, team__status=Team.Status.ACTIVE, fixture__isnull=True
            )
        )
    )


def players_of_teams(
    teams: Iterable[Team | int], *, fixtures: Iterable[Fixture | int] = ()
) -> list[Recipient]:
    """Everyone on these teams' current rosters, and the subs booked for `fixtures`."""
    team_ids = [team if isinstance(team, int) else team.pk for team in teams]
    fixture_ids = [f if isinstance(f, int) else f.pk for f in fixtures]
    regulars = Q(team_id__in=team_ids, fixture__isnull=True)
    subs = Q(fixture_id__in=fixture_ids) if fixture_ids else Q(pk__in=[])
    return _people(_current(RosterEntry.objects.filter(regulars | subs)))
