"""Demo tournaments, one per format, all run by the demo user 'director', dated from today.

A 28-player progressive under way today (two rounds confirmed, the third half in, for the
director or the demo 'scorekeeper' to finish), a 12-team Classic Tens partner bracket today
after its first round, and a 20-team Cold Butt heats event a week from today, part-way
through round one. Loading twice the same day changes nothing; an event loaded on another
day is deleted and set up again for today.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import Role, RoleName, Scope
from accounts.services import role_grant
from activity.models import Activity
from scoring.models import Game, RuleSet, Scorecard
from scoring.services import scorecard_settle
from tournaments.models import BracketMatch, HeatMatch, MatchGame, Round, Table, Tournament
from tournaments.services import (
    bracket_record_game,
    entry_check_in,
    entry_register,
    heats_record_game,
    round_start_next,
    tournament_start,
)
from tournaments.services.progressive import round_unconfirmed_tables
from tournaments.stage_data import cold_butt_data

FIRST_NAMES = (
    "Ada Ben Cal Dee Eli Fay Gus Hal Ivy Jo Kit Lou Max Ned Oda Pam Quin Rae Sal Tod Uma Vic "
    "Wes Xia Yul Zoe Abe Bea Cy Dot Ed Flo Gil Hope Ike Jan Kay Lee Mo Nan"
)
FIRST = tuple(FIRST_NAMES.split(" "))
LAST = ("Archer", "Baker", "Carter", "Dalton", "Ellis", "Foster", "Grant", "Hayes")
REASON = "Demo: card handed in at the table."
PROGRESSIVE = "black-bull-progressive"


def _names(count: int, offset: int) -> list[str]:
    # Surnames cycle faster than first names, so every name stays unique (320 of them).
    names = []
    for n in range(offset, offset + count):
        names.append(f"{FIRST[n % len(FIRST)]} {LAST[(n // len(FIRST) + n) % len(LAST)]}")
    return names


def _settle(game, director, **card) -> None:
    card_row, _ = Scorecard.objects.get_or_create(game=game)
    if not card_row.is_confirmed:
        scorecard_settle(scorecard=card_row, user=director, reason=REASON, **card)


def _random_hands(rng: random.Random) -> list[dict]:
    hands = []
    for number in range(8):
        dealer = "NESW"[number % 4]
        roll = rng.random()
        if roll < 0.07:
            hands.append({"dealer": dealer, "passed": True})
            continue
        side = rng.choice(("NS", "EW"))
        alone = roll > 0.88
        hand = {"dealer": dealer, "maker_side": side, "alone": alone}
        if alone:
            hand["loner_seat"] = rng.choice(("N", "S") if side == "NS" else ("E", "W"))
        hand["tricks"] = rng.choice((0, 1, 2, 3, 3, 3, 4, 4, 5, 5))
        hands.append(hand)
    return hands


def _wipe(tournament: Tournament) -> None:
    """Delete an event with its games (entries are protected by its matches: those first)."""
    game_ids = [
        *Table.objects.filter(round__tournament=tournament).values_list("game_id", flat=True),
        *MatchGame.objects.filter(match__tournament=tournament).values_list("game_id", flat=True),
        *HeatMatch.objects.filter(heat__stage__tournament=tournament).values_list(
            "game_id", flat=True
        ),
    ]
    BracketMatch.objects.filter(tournament=tournament).delete()
    HeatMatch.objects.filter(heat__stage__tournament=tournament).delete()
    Game.objects.filter(pk__in=[pk for pk in game_ids if pk is not None]).delete()
    Role.objects.filter(scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk).delete()
    Activity.objects.filter(scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk).delete()
    tournament.delete()


def _event(slug: str, director, **fields) -> tuple[Tournament, bool]:
    """The demo event, created for its date; one left from another day is set up again."""
    stale = Tournament.objects.filter(slug=slug).exclude(date=fields["date"]).first()
    if stale is not None:
        _wipe(stale)
    tournament, created = Tournament.objects.get_or_create(
        slug=slug, defaults={"director": director, **fields}
    )
    role_grant(
        user=director, role=RoleName.DIRECTOR, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk
    )
    return tournament, created


def _register(tournament: Tournament, names: list[str], teams: bool) -> None:
    step = 2 if teams else 1
    for i in range(0, len(names), step):
        entry = entry_register(
            tournament=tournament,
            player_name=names[i],
            partner_name=names[i + 1] if teams else "",
            team_name=f"{names[i].split()[0]} & {names[i + 1].split()[0]}" if teams else "",
        )
        entry_check_in(entry=entry)


def _progressive(director, today: datetime.date) -> str:
    tournament, created = _event(
        PROGRESSIVE,
        director,
        name="Black Bull Progressive",
        date=today,
        venue="Black Bull, back room",
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=8,
        seed=11,
        tiebreaks=["games_won", "lone_hands_made"],
        prizes=[15000, 9000, 6000, 3000],
    )
    if created:
        names = ["Pat Player", "Casey Captain", *_names(26, 0)]
        _register(tournament, names, teams=False)
        tournament_start(tournament=tournament, by=director)
        rng = random.Random(7)
        for number in (1, 2, 3):
            tables = Round.objects.get(tournament=tournament, number=number).tables.all()
            for table in tables.select_related("game").order_by("number"):
                if number == 3 and table.number > 4:
                    break  # the room is still playing these
                _settle(table.game, director, hands=_random_hands(rng))
            if number < 3:
                round_start_next(tournament=tournament, by=director)
        tournament.refresh_from_db()
    _scorekeeper(tournament)
    current = tournament.round_set.filter(number=tournament.current_round).first()
    waiting = round_unconfirmed_tables(current) if current is not None else []
    playing = f", tables {', '.join(map(str, waiting))} still to enter" if waiting else ""
    return (
        f"  progressive {tournament.name}: 28 players, round {tournament.current_round} of 8 "
        f"under way today{playing} (by 'director' or 'scorekeeper')"
    )


def _bracket(director, today: datetime.date) -> str:
    tournament, created = _event(
        "classic-tens-partners",
        director,
        name="Classic Tens Partners",
        date=today,
        venue="Legion Hall",
        format=Tournament.Format.PARTNER_BRACKET,
        rule_set=RuleSet.objects.get(slug="classic-tens"),
        best_of=1,
        consolation=True,
        prizes=[20000, 10000],
    )
    if created:
        _register(tournament, _names(24, 28), teams=True)
        tournament_start(tournament=tournament, by=director)
        scores = [(10, 6), (7, 10), (10, 9), (12, 8)]
        first = BracketMatch.objects.filter(
            tournament=tournament, bracket="main", round=1, is_bye=False
        ).order_by("position")
        for match, (ns, ew) in zip(first, scores, strict=False):
            series_game = match.games.get()
            _settle(series_game.game, director, final_scores={"NS": ns, "EW": ew})
            bracket_record_game(match_game=series_game, by=director)
    return f"  partner bracket {tournament.name}: 12 teams, round one played"


def _heats(director, today: datetime.date) -> str:
    tournament, created = _event(
        "cold-butt-open",
        director,
        name="Cold Butt Open",
        date=today + datetime.timedelta(days=7),
        venue="On the ice",
        format=Tournament.Format.HEATS,
        rule_set=RuleSet.objects.get(slug="cold-butt"),
        stages=cold_butt_data(),
        prizes=[25000, 12500],
    )
    if created:
        _register(tournament, _names(40, 52), teams=True)
        tournament_start(tournament=tournament, by=director)
        matches = HeatMatch.objects.filter(
            heat__stage__tournament=tournament, game__isnull=False
        ).order_by("heat__number", "number")
        for i, match in enumerate(matches[:6]):
            ns, ew = (10, i + 2) if i % 2 == 0 else (i, 10)
            _settle(match.game, director, final_scores={"NS": ns, "EW": ew})
            heats_record_game(heat_match=match, by=director)
    return f"  heats {tournament.name}: 20 teams, round one under way"


def _scorekeeper(tournament: Tournament) -> None:
    """The demo scorekeeper keeps the progressive's score (enters and settles its cards)."""
    user = get_user_model().objects.filter(username="scorekeeper").first()
    if user is not None:
        role_grant(
            user=user,
            role=RoleName.SCOREKEEPER,
            scope_kind=Scope.TOURNAMENT,
            scope_id=tournament.pk,
        )


def load() -> list[str]:
    director = get_user_model().objects.get(username="director")
    today = timezone.localdate()
    return [
        "Tournaments (run by 'director'; each has a manage page at /tournaments/<event>/manage/):",
        _progressive(director, today),
        _bracket(director, today),
        _heats(director, today),
    ]
