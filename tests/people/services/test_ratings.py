"""Ratings follow confirmed cards, re-rate from a corrected game on, and equal a rebuild."""

import datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from algorithms.ratings import STARTING_VALUE
from people import tasks
from people.models import GameLine, PlayerRating, RatingPoint
from people.services.ratings import games_rerate, ratings_rebuild
from scoring.models import Game, GameSeat, Scorecard
from scoring.services import scorecard_confirm, scorecard_correct, scorecard_submit
from tests.factories import PlayerFactory, admin_user
from tests.scoring.factories import NS_WINS_10_2, made, preset

pytestmark = pytest.mark.django_db


def _seated(players, when, slug="cca-league"):
    game = Game.objects.create(rule_set=preset(slug), label="Table")
    Game.objects.filter(pk=game.pk).update(created_at=when)
    for seat, player in zip("NESW"[: len(players)], players, strict=True):
        GameSeat.objects.create(game=game, seat=seat, player=player)
    return game


def _settle(game, ns, ew):
    """Staff enter the card from the paper in one step: confirmed at once."""
    from scoring.services import scorecard_settle

    card, _ = Scorecard.objects.get_or_create(game=game)
    return scorecard_settle(
        scorecard=card, user=admin_user(), reason="Paper card", final_scores={"NS": ns, "EW": ew}
    )


def _snapshot():
    ratings = {r.player_id: (r.mu, r.sigma, r.games, r.value) for r in PlayerRating.objects.all()}
    points = sorted(
        RatingPoint.objects.values_list("player_id", "game_id", "mu", "sigma", "games", "value")
    )
    return ratings, points


@pytest.fixture
def four():
    return [PlayerFactory(name=f"Player {n}") for n in range(4)]


def _day(n):
    return timezone.now() - datetime.timedelta(days=30 - n)


def test_a_confirmed_game_rates_its_four_players_and_the_winners_rise(four):
    game = _seated(four, _day(1))
    _settle(game, 10, 4)
    assert games_rerate(game_ids=[game.pk]) == 1
    values = dict(PlayerRating.objects.values_list("player_id", "value"))
    north, east, south, west = (values[p.pk] for p in four)
    assert north == south > east == west
    assert set(RatingPoint.objects.values_list("game_id", flat=True)) == {game.pk}
    assert PlayerRating.objects.get(player=four[0]).games == 1


def test_re_rating_the_same_game_twice_changes_nothing(four):
    game = _seated(four, _day(1))
    _settle(game, 10, 4)
    games_rerate(game_ids=[game.pk])
    before = _snapshot()
    games_rerate(game_ids=[game.pk])
    assert _snapshot() == before


def test_games_confirmed_out_of_played_order_rate_as_a_rebuild_from_scratch_does(four):
    others = [PlayerFactory() for _ in range(2)]
    lineups = [
        four,
        [four[0], others[0], four[1], others[1]],
        four,
        [others[0], four[2], others[1], four[3]],
    ]
    games = [_seated(players, _day(n)) for n, players in enumerate(lineups)]
    scores = [(10, 6), (3, 10), (10, 9), (10, 2)]
    for index in (2, 0, 3, 1):  # confirmed in another order than played
        _settle(games[index], *scores[index])
        games_rerate(game_ids=[games[index].pk])
    live = _snapshot()
    ratings_rebuild()
    assert _snapshot() == live
    assert PlayerRating.objects.get(player=four[0]).games == 3


def test_a_correction_re_rates_from_that_game_on(four):
    first, second = _seated(four, _day(1)), _seated(four, _day(2))
    for game in (first, second):
        _settle(game, 10, 4)
        games_rerate(game_ids=[game.pk])
    scorecard_correct(
        scorecard=first.scorecard,
        user=admin_user(),
        reason="Sides swapped",
        final_scores={"NS": 4, "EW": 10},
    )
    games_rerate(game_ids=[first.pk])
    live = _snapshot()
    ratings_rebuild()
    assert _snapshot() == live
    # East-West won the first game now: east's history after it stands above north's.
    after_first = dict(RatingPoint.objects.filter(game=first).values_list("player_id", "value"))
    assert after_first[four[1].pk] > after_first[four[0].pk]


def test_a_player_never_rated_has_no_rating_row_and_counts_at_the_start_value(four):
    from scoring.player_ratings import rating_values

    assert rating_values([four[0].pk]) == {four[0].pk: STARTING_VALUE}
    assert not PlayerRating.objects.exists()


def test_the_rebuild_command_rates_every_confirmed_game(four):
    for n in range(3):
        _settle(_seated(four, _day(n)), 10, 5)
    out = []

    class Out:
        def write(self, text):
            out.append(text)

    call_command("rebuild_ratings", stdout=Out())
    assert "Rated 3 games for 4 players" in "".join(out)
    assert GameLine.objects.count() == 12


def test_confirming_a_card_re_rates_once_the_transaction_commits(
    django_capture_on_commit_callbacks,
):
    from tests.scoring.factories import seated_game

    game, users = seated_game("cca-league")
    with django_capture_on_commit_callbacks(execute=True):
        version = scorecard_submit(game=game, user=users["N"], side="NS", hands=NS_WINS_10_2)
    assert not PlayerRating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_confirm(version=version, user=users["E"])
    assert PlayerRating.objects.count() == 4
    assert GameLine.objects.filter(game=game, by_hand=True).count() == 4


def test_a_broker_that_refuses_the_task_still_rates_the_game_now(
    django_capture_on_commit_callbacks, monkeypatch
):
    from tests.scoring.factories import seated_game

    def refuse(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.games_rerate, "delay", refuse)
    game, users = seated_game("cca-league")
    with django_capture_on_commit_callbacks(execute=True):
        version = scorecard_submit(game=game, user=users["N"], side="NS", hands=NS_WINS_10_2)
        scorecard_confirm(version=version, user=users["E"])
    assert PlayerRating.objects.count() == 4


def test_a_game_whose_side_cant_be_told_is_left_out(four):
    game = _seated(four[:2], _day(1))  # only N and E seated: no partner known, still 1 v 1
    _settle(game, 10, 3)
    games_rerate(game_ids=[game.pk])
    assert PlayerRating.objects.count() == 2
    hands_game = _seated(four, _day(2))
    Scorecard.objects.get_or_create(game=hands_game)
    games_rerate(game_ids=[hands_game.pk])  # no confirmed card yet: nothing
    assert not GameLine.objects.filter(game=hands_game).exists()


def test_a_loner_is_credited_to_its_seat_and_to_the_partnership(four):
    game = _seated(four, _day(1))
    card, _ = Scorecard.objects.get_or_create(game=game)
    from scoring.services import scorecard_settle

    hands = [made("NS", 5, alone=True, seat="S")] + [made("NS", 5)] * 3
    scorecard_settle(scorecard=card, user=admin_user(), reason="Paper card", hands=hands)
    games_rerate(game_ids=[game.pk])
    south = GameLine.objects.get(game=game, player=four[2])
    north = GameLine.objects.get(game=game, player=four[0])
    assert (south.lone_tried, south.lone_marched, south.side_lone_marched) == (1, 1, 1)
    assert (north.lone_tried, north.side_lone_tried) == (0, 1)
    assert north.marches == south.marches == 4
    assert north.partner_id == four[2].pk
    assert GameLine.objects.get(game=game, player=four[1]).euchres_given == 0


def test_a_merge_rates_the_person_as_one_and_its_undo_as_two_again(four):
    from people.services.merges import player_merge, player_merge_undo

    twin = PlayerFactory(name="Player 0 again")
    first = _seated(four, _day(1))
    second = _seated([twin, four[1], four[2], four[3]], _day(2))
    for game in (first, second):
        _settle(game, 10, 4)
        games_rerate(game_ids=[game.pk])
    apart = _snapshot()
    merge = player_merge(actor=admin_user(), kept=four[0], merged=twin)
    assert PlayerRating.objects.get(player=four[0]).games == 2
    assert not PlayerRating.objects.filter(player=twin).exists()
    merged = _snapshot()
    ratings_rebuild()
    assert _snapshot() == merged
    player_merge_undo(actor=admin_user(), merge=merge)
    assert _snapshot() == apart
