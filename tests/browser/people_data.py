"""Seeding for the people phone journeys: progressives played to the end through the
tournament and scoring services (cards settled hand by hand, so lines, ratings and hand
statistics come from the real pipeline), never through the admin."""

import datetime
from typing import Any

from people.services.ratings import ratings_rebuild
from scoring.models import RuleSet, Scorecard
from scoring.services import scorecard_settle
from tests.factories import TournamentFactory
from tests.scoring.factories import made
from tournaments.models import Round, Tournament
from tournaments.services import entry_check_in, entry_register, tournament_start
from tournaments.services.progressive import progressive_finish, round_start_next


def table_hands(table: int) -> list[dict]:
    """A progressive's eight hands; table 1 sees no loner, table 2 one made by North,
    table 3 two, and so on, so the players' lone hands differ table by table."""
    lone = min(table - 1, 4)
    hands = [made("NS", 3, alone=True, seat="N")] * lone
    plain = [made("EW", 3), made("NS", 4), made("EW", 5), made("NS", 3)]
    while len(hands) < 8:
        hands.append(plain[len(hands) % len(plain)])
    return hands


def played_progressive(
    director: Any, names: list[str], *, rounds: int = 2, name: str = "", days_ago: int = 0
) -> Tournament:
    """A progressive of `names`, every card settled hand by hand, finished; ratings rebuilt."""
    fields: dict[str, Any] = {"name": name} if name else {}
    tournament = TournamentFactory(
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=rounds,
        director=director,
        date=datetime.date.today() - datetime.timedelta(days=days_ago),
        **fields,
    )
    for each in names:
        entry_check_in(entry=entry_register(tournament=tournament, player_name=each))
    tournament_start(tournament=tournament, by=director)
    for number in range(1, rounds + 1):
        row = Round.objects.get(tournament=tournament, number=number)
        for table in row.tables.order_by("number"):
            card, _ = Scorecard.objects.get_or_create(game=table.game)
            scorecard_settle(
                scorecard=card,
                user=director,
                reason="Card handed in",
                hands=table_hands(table.number),
            )
        if number < rounds:
            round_start_next(tournament=tournament, by=director)
    progressive_finish(tournament=tournament, by=director)
    ratings_rebuild()  # the same numbers the queued re-rating reaches, without waiting for it
    tournament.refresh_from_db()
    return tournament
