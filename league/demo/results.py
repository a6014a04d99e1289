"""Bulk confirmed results for demo data and benchmarks, written in a few statements.

This is not a business path: it skips the captains' submit-and-confirm workflow and
writes what that workflow would leave behind (games, one submitted-and-confirmed final
score version per card). The demo uses it for past weeks, the benchmark and the query
count tests to build large seasons quickly; everything visible still runs the services.
"""

import datetime
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from algorithms.round_robin import round_robin_round
from league.nights.models import FixtureGame
from league.nights.services.results import game_label
from league.seasons.models import Fixture, Season, SkillLevel, Table, Team
from scoring.models import Game, Scorecard, ScorecardVersion

Score = tuple[int, int]  # home (N-S), away (E-W)


@dataclass(frozen=True)
class PlayedFixture:
    fixture: Fixture
    scores: Sequence[Score]
    submitted_by: Any = None
    confirmed_by: Any = None


def random_scores(rng: random.Random, games: int = 3, target: int = 10) -> list[Score]:
    """Plausible first-to-10 results: the winner has 10, the loser 0-9."""
    scores = []
    for _ in range(games):
        loser = rng.randint(0, target - 1)
        scores.append((target, loser) if rng.random() < 0.5 else (loser, target))
    return scores


def bulk_play(played: Iterable[PlayedFixture]) -> int:
    """Create the fixtures' games and confirmed cards; returns the number of games."""
    played = list(played)
    if not played:
        return 0
    now = timezone.now()
    games: list[Game] = []
    links: list[tuple[Fixture, int, Score, PlayedFixture]] = []
    for item in played:
        fixture = item.fixture
        rule_set_id = fixture.season.rule_set_id
        for number, score in enumerate(item.scores, start=1):
            games.append(
                Game(
                    rule_set_id=rule_set_id,
                    label=game_label(fixture, number),
                    ns_team_id=fixture.home_id,
                    ew_team_id=fixture.away_id,
                )
            )
            links.append((fixture, number, score, item))
    Game.objects.bulk_create(games, batch_size=1000)
    FixtureGame.objects.bulk_create(
        (
            FixtureGame(fixture=fixture, number=number, game=game)
            for game, (fixture, number, _, _) in zip(games, links, strict=True)
        ),
        batch_size=1000,
    )
    cards = Scorecard.objects.bulk_create(
        (Scorecard(game=game, status=Scorecard.Status.CONFIRMED) for game in games),
        batch_size=1000,
    )
    versions = ScorecardVersion.objects.bulk_create(
        (
            ScorecardVersion(
                scorecard=card,
                number=1,
                source=ScorecardVersion.Source.FINAL,
                state=ScorecardVersion.State.CONFIRMED,
                timed_out=max(score) < 10,
                ns_total=score[0],
                ew_total=score[1],
                winner="NS" if score[0] > score[1] else "EW",
                ended_by="target" if max(score) >= 10 else "time",
                submitted_by=item.submitted_by,
                submitted_for="NS",
                submitted_at=now,
                confirmed_by=item.confirmed_by,
                confirmed_at=now,
            )
            for card, (_, _, score, item) in zip(cards, links, strict=True)
        ),
        batch_size=1000,
    )
    for card, version in zip(cards, versions, strict=True):
        card.current_version = version
    Scorecard.objects.bulk_update(cards, ["current_version"], batch_size=1000)
    Fixture.objects.filter(pk__in={item.fixture.pk for item in played}).update(
        status=Fixture.Status.PLAYED
    )
    return len(games)


def bulk_season(
    season: Season,
    *,
    levels: int,
    teams_per_level: int,
    weeks: int,
    seed: int = 5,
    tables: Sequence[Table] = (),
) -> list[Team]:
    """Levels of teams playing a round robin for `weeks` weeks, every game confirmed.

    With `tables`, each week's fixtures take them in turn (give at least as many tables
    as a week has fixtures: a table holds one fixture a night).
    """
    rng = random.Random(seed)
    teams: list[Team] = []
    fixtures: list[Fixture] = []
    placed: dict[int, int] = {}  # week -> fixtures given a table so far
    start = season.starts_on or timezone.localdate() - datetime.timedelta(weeks=weeks)
    for index in range(levels):
        level = SkillLevel.objects.create(season=season, name=f"L{index + 1}", position=index)
        members = Team.objects.bulk_create(
            Team(season=season, skill_level=level, name=f"L{index + 1} Team {n + 1:03}")
            for n in range(teams_per_level)
        )
        teams.extend(members)
        for week in range(1, weeks + 1):
            for a, b in round_robin_round(len(members), week - 1):
                if b is None:
                    continue
                table = None
                if tables:
                    table = tables[placed.get(week, 0) % len(tables)]
                    placed[week] = placed.get(week, 0) + 1
                fixtures.append(
                    Fixture(
                        season=season,
                        week=week,
                        date=start + datetime.timedelta(weeks=week - 1),
                        skill_level=level,
                        home=members[a],
                        away=members[b],
                        table=table,
                        games=3,
                    )
                )
    Fixture.objects.bulk_create(fixtures, batch_size=1000)
    for fixture in fixtures:
        fixture.season = season
    bulk_play(PlayedFixture(f, random_scores(rng)) for f in fixtures)
    return teams
