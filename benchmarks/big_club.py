"""A big club's people: one regular with years of games, and a season ladder of many players.

`build_big_club()` writes:

- a regular with `games` confirmed games (default 2,000) over the last two years, partners
  and opponents drawn from a pool of `pool` other players, four seats each; every
  `games // by_hand`-th card is entered hand by hand (the engine gives every total), the
  rest as final scores. Games, seats, cards and versions go in with bulk inserts, what the
  staff's "enter and confirm" leaves behind; the regular shows everything on their profile.
- a progressive series of `events` finished events (each of `event_players` players over
  `rounds` rounds) whose ladder has `ladder_players` players: each event takes the next
  window of the pool, so everyone plays the same number of events. The events go through
  the director's own services (register, check in, start, round entry, next round, finish),
  so every place on the ladder is the leaderboard's own.
- then `people.services.ratings.ratings_rebuild()`: lines and ratings from the real pipeline,
  for every confirmed game in the database (a season built before this one included).

Call it after `benchmarks.big_season.set_up_django()`, inside a database of your own.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass
from typing import Any

PASSWORD = "benchmark-password-not-a-secret"
YEARS_DAYS = 730  # the regular's games spread over two years
TRICKS = (0, 1, 2, 3, 3, 3, 3, 4, 4, 5, 5)  # the makers' tricks, euchres now and then


@dataclass
class BigClub:
    player: Any  # league.models.Player: the regular with `games` games
    series: Any  # people.models.Series
    director: Any  # runs the series' events (password PASSWORD)
    games: int
    seconds: float

    def describe(self) -> str:
        from people.models import GameLine, PlayerRating
        from people.selectors.series import series_ladder

        lines = GameLine.objects.filter(player=self.player)
        by_hand = lines.filter(by_hand=True).count()
        ladder = series_ladder(self.series)
        rated = PlayerRating.objects.filter(player=self.player).first()
        rating = f", rated {rated.value} over {rated.games} games" if rated else ""
        return (
            f"{self.player.name}: {lines.count()} game lines ({by_hand} hand by hand){rating}; "
            f"series {self.series.slug!r}: {len(ladder.events)} finished events, "
            f"{len(ladder.lines)} players on its ladder (built in {self.seconds:.1f} s)"
        )


def _hands(spec: Any, rng: random.Random) -> tuple[list[Any], Any]:
    """Random deals until the engine says the game is over; returns the rows and the tally."""
    from scoring.handrows import NEXT_DEALER, HandRow, tally_progress

    rows: list[HandRow] = []
    dealer = "N"
    while True:
        side = rng.choice(("NS", "EW"))
        alone = rng.random() < 0.06
        rows.append(
            HandRow(
                dealer=dealer,
                maker_side=side,
                alone=alone,
                loner_seat=rng.choice(side) if alone else "",
                tricks=rng.choice(TRICKS),
            )
        )
        dealer = NEXT_DEALER[dealer]
        tally = tally_progress(spec, rows)
        if tally.ended_by != "incomplete":
            return rows, tally


def _version(card: Any, *, at: datetime.datetime, by: Any, tally: Any, hands: int) -> Any:
    from scoring.models import ScorecardVersion

    return ScorecardVersion(
        scorecard=card,
        number=1,
        source=tally.source,
        kind=ScorecardVersion.Kind.ENTRY,
        state=ScorecardVersion.State.CONFIRMED,
        ns_total=tally.ns_total,
        ew_total=tally.ew_total,
        winner=tally.winner or "",
        ended_by=tally.ended_by,
        seat_totals=tally.seat_totals,
        lone_hands_made=tally.lone_hands_made,
        hand_count=hands,
        submitted_by=by,
        submitted_at=at,
        confirmed_by=by,
        confirmed_at=at,
    )


def build_regular_games(
    *, player: Any, pool: list[Any], games: int, by_hand: int, by: Any, seed: int = 0
) -> int:
    """`games` confirmed games of `player` with three of `pool` each; returns the count."""
    from django.utils import timezone

    from scoring.handrows import tally_final
    from scoring.models import Game, GameSeat, HandEntry, RuleSet, Scorecard, ScorecardVersion
    from scoring.services.cards import hand_entries

    rng = random.Random(seed)
    rule_set = RuleSet.objects.get(slug="classic-tens")
    spec = rule_set.to_spec()
    start = timezone.now() - datetime.timedelta(days=YEARS_DAYS)
    step = datetime.timedelta(days=YEARS_DAYS) / max(games, 1)
    every = games // by_hand if by_hand else 0
    made = Game.objects.bulk_create(
        (Game(rule_set=rule_set, label=f"Club game {n + 1}") for n in range(games)),
        batch_size=1000,
    )
    seats, tallies = [], []
    for n, game in enumerate(made):
        game.created_at = start + step * n  # auto_now_add stamped "now" at the insert
        partner, *opponents = rng.sample(pool, 3)
        mine = "NESW"[n % 4]  # the regular sits everywhere in turn; the partner opposite
        across = {"N": "S", "S": "N", "E": "W", "W": "E"}[mine]
        others = [s for s in "NESW" if s not in (mine, across)]
        sat = {mine: player, across: partner, others[0]: opponents[0], others[1]: opponents[1]}
        seats += [GameSeat(game=game, seat=s, player=p) for s, p in sat.items()]
        if every and n % every == 0:
            tallies.append(_hands(spec, rng))
        else:
            loser = rng.randint(0, 9)
            score = {"NS": 10, "EW": loser} if rng.random() < 0.5 else {"NS": loser, "EW": 10}
            tallies.append(([], tally_final(spec, score)))
    Game.objects.bulk_update(made, ["created_at"], batch_size=1000)
    GameSeat.objects.bulk_create(seats, batch_size=2000)
    cards = Scorecard.objects.bulk_create(
        (Scorecard(game=game, status=Scorecard.Status.CONFIRMED) for game in made),
        batch_size=1000,
    )
    versions = ScorecardVersion.objects.bulk_create(
        (
            _version(card, at=game.created_at, by=by, tally=tally, hands=len(rows))
            for card, game, (rows, tally) in zip(cards, made, tallies, strict=True)
        ),
        batch_size=1000,
    )
    for card, version in zip(cards, versions, strict=True):
        card.current_version = version
    Scorecard.objects.bulk_update(cards, ["current_version"], batch_size=1000)
    HandEntry.objects.bulk_create(
        (
            entry
            for version, (rows, tally) in zip(versions, tallies, strict=True)
            for entry in hand_entries(version, rows, tally)
        ),
        batch_size=2000,
    )
    return len(made)


def _ladder_event(
    *, number: int, names: list[str], director: Any, day: datetime.date, rounds: int, slug: str
) -> Any:
    """One progressive event of these players, every round entered, finished with places."""
    from django.utils import timezone

    from accounts.models import RoleName, Scope
    from accounts.services import role_grant
    from benchmarks.big_event import _enter
    from scoring.models import RuleSet
    from tournaments.models import Round, Tournament
    from tournaments.services import (
        entry_check_in,
        entry_register,
        progressive_finish,
        round_start_next,
        tournament_start,
    )

    tournament = Tournament.objects.create(
        name=f"Benchmark Ladder Night {number}",
        slug=f"{slug}-ladder-{number}",
        date=day,
        director=director,
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=rounds,
    )
    role_grant(
        user=director, role=RoleName.DIRECTOR, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk
    )
    for name in names:  # a name typed again is the same player (the door's find-or-create)
        entry_check_in(entry=entry_register(tournament=tournament, player_name=name))
    tournament_start(tournament=tournament, by=director)
    for played in range(1, rounds + 1):
        _enter(tournament, played, director, 1.0)
        if played < rounds:
            round_start_next(tournament=tournament, by=director)
    progressive_finish(tournament=tournament, by=director)
    # Played that evening, not today: the lines and ratings follow the events' own order.
    evening = timezone.make_aware(datetime.datetime.combine(day, datetime.time(19)))
    for played in range(1, rounds + 1):
        Round.objects.filter(tournament=tournament, number=played).update(
            started_at=evening + datetime.timedelta(minutes=20 * (played - 1))
        )
    return tournament


def build_series(*, director: Any, players: int, events: int, rounds: int, slug: str) -> Any:
    """A progressive series of `events` finished events over `players` players, each of whom
    plays two of them (`players` a multiple of `events`)."""
    from django.utils import timezone

    from people.services.series import series_add_event, series_create
    from tournaments.models import Tournament

    names = [f"{slug} ladder player {n:03d}" for n in range(1, players + 1)]
    step = players // events
    today = timezone.localdate()
    tournaments = [
        _ladder_event(
            number=k + 1,
            names=[names[(k * step + i) % players] for i in range(min(2 * step, players))],
            director=director,
            day=today - datetime.timedelta(days=14 * (events - k)),
            rounds=rounds,
            slug=slug,
        )
        for k in range(events)
    ]
    series = series_create(
        actor=director,
        name=f"Benchmark Ladder {slug}",
        format=Tournament.Format.PROGRESSIVE,
        points=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=None,
        min_events=0,
    )
    for tournament in tournaments:
        series_add_event(actor=director, series=series, tournament=tournament)
    return series


def build_big_club(
    *,
    games: int = 2000,
    by_hand: int = 300,
    pool: int = 200,
    ladder_players: int = 300,
    events: int = 6,
    rounds: int = 4,
    slug: str = "club",
) -> BigClub:
    """The club described above."""
    from django.contrib.auth import get_user_model

    from league.models import Player
    from people.models import ProfileChoice
    from people.receivers import paused
    from people.services.ratings import ratings_rebuild

    began = time.perf_counter()
    with paused():  # cards confirmed here don't re-rate one by one: one rebuild at the end
        director = get_user_model().objects.create_user(f"{slug}-director", password=PASSWORD)
        series = build_series(
            director=director, players=ladder_players, events=events, rounds=rounds, slug=slug
        )
        regular = Player.objects.create(name=f"{slug.title()} Regular")
        others = Player.objects.bulk_create(
            Player(name=f"{slug} club player {n:03d}") for n in range(1, pool + 1)
        )
        build_regular_games(player=regular, pool=others, games=games, by_hand=by_hand, by=director)
        ProfileChoice.objects.create(
            player=regular, show_results=True, show_statistics=True, show_rating=True
        )
    ratings_rebuild()
    return BigClub(regular, series, director, games, time.perf_counter() - began)
