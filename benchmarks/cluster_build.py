"""The league the rehearsal's night is played in, written into DATABASE_URL's database.

``python benchmarks/cluster_build.py OUT.json [--levels 4 --teams-per-level 125 --weeks 19]``
builds `benchmarks.big_season`'s season (every past week played and confirmed, the standings
published), then tonight's week (one fixture per two teams, no card yet) and next week's,
and four signed players per team with an email each (one in four texts too): tonight's
captains have an API token that may enter scores, as a captain's phone script would. It
writes what the clients need to OUT.json: each fixture with its captains' tokens and the
card to enter, the public pages, the manager's sign-in, and next week's date (the night the
manager cancels).
"""

from __future__ import annotations

import datetime
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.big_season import PASSWORD, build_big_season, set_up_django  # noqa: E402

PLAYERS_PER_TEAM = 4
TEXTS_EVERY = 4  # one player in four has a phone and takes texts


def _week(season, teams, week: int, date: datetime.date, tables) -> list:  # type: ignore[no-untyped-def]
    from algorithms.round_robin import round_robin_round
    from league.seasons.models import Fixture

    by_level: dict[int, list] = {}
    for team in teams:
        by_level.setdefault(team.skill_level_id, []).append(team)
    fixtures = []
    for members in by_level.values():
        for a, b in round_robin_round(len(members), week - 1):
            if b is None:
                continue
            fixtures.append(
                Fixture(
                    season=season,
                    week=week,
                    date=date,
                    start_time=datetime.time(0, 0),  # under way at any hour of the day
                    skill_level_id=members[a].skill_level_id,
                    home=members[a],
                    away=members[b],
                    table=tables[len(fixtures) % len(tables)],
                    games=3,
                )
            )
    return Fixture.objects.bulk_create(fixtures)


def _rosters(season, teams) -> dict[int, object]:  # type: ignore[no-untyped-def]
    """Four signed players a team; returns each team's captain's user by team id."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from league.seasons.models import Player, RosterEntry, Waiver

    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"captain-{team.pk}", password=make_password(None))
        for team in teams
    )
    players, roles = [], []
    for index, (team, user) in enumerate(zip(teams, users, strict=True)):
        for seat in range(PLAYERS_PER_TEAM):
            number = index * PLAYERS_PER_TEAM + seat
            texts = number % TEXTS_EVERY == 0
            players.append(
                Player(
                    name=f"Player {number:05}",
                    email=f"player{number}@night.example.com",
                    phone=f"+1416{3000000 + number:07d}" if texts else "",
                    sms_opt_in=texts,
                    user=user if seat == 0 else None,
                )
            )
            roles.append((team, RosterEntry.Role.CAPTAIN if seat == 0 else RosterEntry.Role.PLAYER))
    players = Player.objects.bulk_create(players, batch_size=1000)
    RosterEntry.objects.bulk_create(
        (
            RosterEntry(team=team, season=season, player=player, role=role)
            for player, (team, role) in zip(players, roles, strict=True)
        ),
        batch_size=1000,
    )
    now = timezone.now()
    Waiver.objects.bulk_create(
        (
            Waiver(
                player=p,
                season=season,
                version=season.waiver_version,
                signed_at=now,
                method=Waiver.Method.PAPER,
            )
            for p in players
        ),
        batch_size=1000,
    )
    return {team.pk: user for team, user in zip(teams, users, strict=True)}


def build(levels: int, teams_per_level: int, weeks: int) -> dict:
    from django.db import transaction
    from django.utils import timezone

    from api.tokens.services import token_create
    from league.seasons.models import Table

    rng = random.Random(25)
    with transaction.atomic():
        big = build_big_season(
            levels=levels,
            teams_per_level=teams_per_level,
            weeks=weeks,
            publish_week=weeks,
            slug="night",
        )
        season, today = big.season, timezone.localdate()
        season.weeks = weeks + 2
        season.save(update_fields=["weeks"])
        tables = list(Table.objects.filter(venue__league=season.league).order_by("position"))
        tonight = _week(season, big.teams, weeks + 1, today, tables)
        _week(season, big.teams, weeks + 2, today + datetime.timedelta(weeks=1), tables)
        captains = _rosters(season, big.teams)
        tokens = {}
        for team_id, user in captains.items():
            tokens[team_id] = token_create(user=user, name="Phone", scope="scores")[1]
    base = f"/leagues/{season.league.slug}/{season.slug}/"
    return {
        "season": big.describe(),
        "players": len(big.teams) * PLAYERS_PER_TEAM,
        "pages": {
            "standings": f"{base}standings/",
            "schedule": f"{base}schedule/",
            "sign-in": "/accounts/login/",
        },
        "cancel": {"path": f"{base}manage/cancel/", "date": str(today + datetime.timedelta(7))},
        "manager": {"username": big.manager.username, "password": PASSWORD},
        "fixtures": [
            {
                "id": f.pk,
                "home": tokens[f.home_id],
                "away": tokens[f.away_id],
                "games": [
                    {"number": n, **dict(zip(("home", "away"), _score(rng), strict=True))}
                    for n in (1, 2, 3)
                ],
            }
            for f in tonight
        ],
    }


def _score(rng: random.Random) -> tuple[int, int]:
    loser = rng.randint(0, 9)
    return (10, loser) if rng.random() < 0.5 else (loser, 10)


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--teams-per-level", type=int, default=125)
    parser.add_argument("--weeks", type=int, default=19)
    args = parser.parse_args()
    set_up_django()
    night = build(args.levels, args.teams_per_level, args.weeks)
    args.out.write_text(json.dumps(night))
    print(f"built: {night['season']}; {len(night['fixtures'])} fixtures tonight")
    return 0


if __name__ == "__main__":
    sys.exit(main())
