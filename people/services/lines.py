"""Write each confirmed game's player lines: the result and the hand counts of every player."""

from collections.abc import Iterable

from django.db import transaction

from algorithms.hand_stats import HandCounts, seat_counts, side_counts
from people.models import GameLine
from people.selectors.games import GameFacts, game_facts

RESULT = {True: GameLine.Result.WON, False: GameLine.Result.LOST}


def lines_for(facts: GameFacts) -> list[GameLine]:
    """The unsaved lines of one game (none when a side can't be told)."""
    if not facts.known:
        return []
    lines = []
    for side, other in (("NS", "EW"), ("EW", "NS")):
        mine, theirs = facts.sides[side], facts.sides[other]
        side_hands = side_counts(facts.hands, side) if facts.by_hand else HandCounts()
        players = [pk for pk, _ in mine.players]
        for player_id, seat in mine.players:
            own = seat_counts(facts.hands, seat) if facts.by_hand and seat else side_hands
            partners = [pk for pk in players if pk != player_id]
            lines.append(
                GameLine(
                    player_id=player_id,
                    game_id=facts.game_id,
                    partner_id=partners[0] if len(partners) == 1 else None,
                    season_id=facts.season_id,
                    team_id=mine.team_id,
                    tournament_id=facts.tournament_id,
                    side=side,
                    seat=seat,
                    played_at=facts.played_at,
                    result=GameLine.Result.TIED
                    if not facts.winner
                    else RESULT[facts.winner == side],
                    points_for=mine.points,
                    points_against=theirs.points,
                    rated=True,
                    by_hand=facts.by_hand,
                    hands=own.hands,
                    hand_points=own.hand_points,
                    trump_made=own.trump_made,
                    trump_made_good=own.trump_made_good,
                    marches=own.marches,
                    euchres_suffered=own.euchres_suffered,
                    euchres_given=own.euchres_given,
                    # A player's own lone hands only where the seat is known.
                    lone_tried=own.lone_tried if seat else 0,
                    lone_made=own.lone_made if seat else 0,
                    lone_marched=own.lone_marched if seat else 0,
                    side_lone_tried=side_hands.lone_tried,
                    side_lone_made=side_hands.lone_made,
                    side_lone_marched=side_hands.lone_marched,
                    reneges=own.reneges,
                )
            )
    return lines


_COMPARED = [f.attname for f in GameLine._meta.concrete_fields if f.attname != "id"]


def _content(line: GameLine) -> tuple:
    return tuple(getattr(line, name) for name in _COMPARED)


@transaction.atomic
def game_lines_write(*, game_ids: Iterable[int]) -> bool:
    """Replace the lines of these games from their confirmed cards; False when unchanged.

    Idempotent: the same cards give the same lines, so a task may run it twice, and the
    second run (or a confirmation a rebuild already counted) writes nothing.
    """
    ids = list(game_ids)
    lines = [line for fact in game_facts(ids) for line in lines_for(fact)]
    stored = GameLine.objects.filter(game_id__in=ids)
    if sorted(map(_content, stored)) == sorted(map(_content, lines)):
        return False
    stored.delete()
    GameLine.objects.bulk_create(lines)
    return True


@transaction.atomic
def game_lines_rebuild() -> int:
    """Every game's lines from scratch; returns how many lines were written."""
    from people.selectors.games import confirmed_game_ids

    GameLine.objects.all().delete()
    ids = confirmed_game_ids()
    written = 0
    for start in range(0, len(ids), 2000):  # bounded memory on a big club
        chunk = ids[start : start + 2000]
        lines = [line for fact in game_facts(chunk) for line in lines_for(fact)]
        GameLine.objects.bulk_create(lines, batch_size=2000)
        written += len(lines)
    return written
