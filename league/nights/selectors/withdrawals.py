"""What withdrawing a team would do to its fixtures: shown before the manager confirms,
and the same selection `team_withdraw` then changes."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from league.nights.models import FixtureGame
from league.seasons.activity import plural
from league.seasons.models import Fixture, Team

UPCOMING = (Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED)


def _started() -> Exists:
    """A game of the fixture has a card, a forfeit or a manager's no-result on it."""
    return Exists(
        FixtureGame.objects.filter(fixture=OuterRef("pk")).filter(
            (Q(game__scorecard__isnull=False) & ~Q(game__scorecard__status="empty"))
            | Q(forfeited_by__isnull=False)
            | Q(no_result=True)
        )
    )


def _regular(team: Team) -> QuerySet[Fixture]:
    return Fixture.objects.filter(
        Q(home=team) | Q(away=team), stage=Fixture.Stage.REGULAR, away__isnull=False
    )


def remaining_fixtures(team: Team, today: datetime.date) -> QuerySet[Fixture]:
    """Regular fixtures still to play with nothing played yet: tonight's and later ones, and
    postponed ones whatever their date. These become byes for the opponents."""
    return (
        _regular(team)
        .filter(
            Q(status=Fixture.Status.POSTPONED) | Q(status=Fixture.Status.SCHEDULED, date__gte=today)
        )
        .exclude(_started())
    )


@dataclass
class WithdrawalPreview:
    team: Team
    remaining: list[Fixture] = field(default_factory=list)
    played: int = 0
    # Past fixtures still waiting for results, or under way: they stay for the manager.
    open_fixtures: int = 0
    playoff_series: int = 0
    draft: bool = False

    @property
    def lines(self) -> list[str]:
        """What happens, a sentence each, for the page before confirming."""
        count = len(self.remaining)
        byes = "becomes a bye for the opponent" if count == 1 else "become byes for the opponents"
        lines = [
            f"Its {plural(count, 'remaining fixture')} {byes}."
            if count
            else "It has no fixtures left to play."
        ]
        if self.played:
            lines.append(
                f"Its {plural(self.played, 'played fixture')} "
                f"{'stands' if self.played == 1 else 'stand'}: the results stay in its "
                "opponents' records, and the team leaves the standings."
            )
        if self.open_fixtures:
            lines.append(
                f"{plural(self.open_fixtures, 'fixture')} already under way or waiting for "
                f"results {'stays' if self.open_fixtures == 1 else 'stay'} as "
                f"{'it is' if self.open_fixtures == 1 else 'they are'}: close "
                f"{'it' if self.open_fixtures == 1 else 'them'} from the results queue."
            )
        if self.playoff_series:
            lines.append("Its open playoff series go to its opponents.")
        if self.draft:
            lines.append("The schedule is a draft: regenerate it to leave the team out.")
        lines.append("Its captains and its opponents' captains are told.")
        return lines

    @property
    def summary(self) -> str:
        return " ".join(self.lines)


def withdrawal_preview(team: Team, today: datetime.date | None = None) -> WithdrawalPreview:
    """Four small queries, whatever the season's size."""
    today = today or timezone.localdate()
    remaining = list(
        remaining_fixtures(team, today).select_related("home", "away").order_by("date", "pk")
    )
    kept = _regular(team).exclude(pk__in=[f.pk for f in remaining])
    played = kept.filter(status=Fixture.Status.PLAYED).count()
    open_fixtures = kept.filter(status__in=UPCOMING).count()
    playoff = (
        Fixture.objects.filter(Q(home=team) | Q(away=team), stage=Fixture.Stage.PLAYOFF)
        .filter(status__in=UPCOMING, away__isnull=False)
        .count()
    )
    return WithdrawalPreview(
        team=team,
        remaining=remaining,
        played=played,
        open_fixtures=open_fixtures,
        playoff_series=playoff,
        draft=not team.season.is_published,
    )
