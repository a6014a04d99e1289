import pytest

from tests.tournaments.factories import heats_event, progressive, settle, started
from tournaments.errors import TournamentError
from tournaments.models import HeatMatch, HeatStage, Tournament
from tournaments.selectors import heats_view
from tournaments.services import entry_withdraw, tournament_recheck
from tournaments.stage_data import cold_butt_data

pytestmark = pytest.mark.django_db


def _stage(tournament, number):
    return HeatStage.objects.get(tournament=tournament, number=number)


def _matches(tournament, number):
    return list(
        HeatMatch.objects.filter(heat__stage__tournament=tournament, heat__stage__number=number)
        .select_related("ns", "ew", "game")
        .order_by("heat__number", "number")
    )


def _play(confirm, match, ns, ew, director):
    confirm(match.game, {"NS": ns, "EW": ew}, director)


def test_twenty_teams_make_two_heats_of_ten_in_round_one():
    tournament = started(heats_event(20))
    stage = _stage(tournament, 1)
    assert stage.status == HeatStage.Status.PLAYING
    assert [h.matches.count() for h in stage.heats.all()] == [5, 5]
    assert _stage(tournament, 2).status == HeatStage.Status.PLANNED


def test_the_first_registered_team_gets_the_bye_when_the_count_is_odd():
    tournament = started(heats_event(5))
    byes = [m for m in _matches(tournament, 1) if m.is_bye]
    assert len(byes) == 1
    assert byes[0].ns.number == 1 and byes[0].game is None


def test_the_cold_butt_format_runs_to_a_champion_on_confirmed_cards(confirm):
    tournament = started(heats_event(20))
    director = tournament.director
    # Round one: every match winner goes through (10 teams); margins differ.
    for i, match in enumerate(_matches(tournament, 1)):
        _play(confirm, match, 10, i % 9, director)
    assert _stage(tournament, 1).status == HeatStage.Status.DONE
    second = _matches(tournament, 2)
    assert len(second) == 5
    # Round two: the four best differentials among the five winners go through.
    margins = [9, 1, 7, 3, 5]
    for match, margin in zip(second, margins, strict=True):
        _play(confirm, match, 10, 10 - margin, director)
    third = _matches(tournament, 3)
    through = {e for m in third for e in (m.ns_id, m.ew_id)}
    dropped = second[1].ns_id  # won by only one point
    assert len(through) == 4 and dropped not in through
    # Round three: the first two teams to 10 advance; then the final decides.
    for match in third:
        _play(confirm, match, 10, 8, director)
    final = _matches(tournament, 4)
    assert len(final) == 1
    _play(confirm, final[0], 4, 10, director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == final[0].ew_id


def test_scores_reset_each_stage_because_each_stage_plays_new_games(confirm):
    tournament = started(heats_event(4))
    first = _matches(tournament, 1)
    for match in first:
        _play(confirm, match, 10, 0, tournament.director)
    assert not {m.game_id for m in first} & {m.game_id for m in _matches(tournament, 2)}


def test_a_result_the_format_cannot_use_is_shown_to_the_director(confirm):
    # A stage to 11 under a rule set whose games end at 10: the director must fix it.
    tournament = started(heats_event(2, stages=[{"kind": "final", "target": 11}]))
    match = _matches(tournament, 1)[0]
    _play(confirm, match, 10, 6, tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    view = heats_view(tournament)[0]
    assert "not a finished first-to-11 match" in view.problem


def test_a_team_that_withdraws_does_not_go_through(confirm):
    tournament = started(
        heats_event(
            4,
            stages=[
                {"kind": "match_winners"},
                {"kind": "match_winners"},
                {"kind": "final"},
            ],
        )
    )
    first = _matches(tournament, 1)
    _play(confirm, first[0], 10, 3, tournament.director)
    entry_withdraw(entry=first[0].ns, by=tournament.director)
    _play(confirm, first[1], 10, 3, tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == first[1].ns_id


def test_broken_stages_stop_the_start_with_a_message():
    tournament = heats_event(4, stages=[{"kind": "match_winners"}])
    with pytest.raises(TournamentError, match="last stage must be a final"):
        started(tournament)


def test_the_default_stages_are_cold_butts():
    tournament = started(heats_event(4, stages=cold_butt_data()))
    assert list(tournament.heat_stages.values_list("name", flat=True)) == [
        "Round one",
        "Round two",
        "Round three",
        "Final",
    ]


def test_a_recheck_closes_a_stage_whose_cards_are_all_in():
    tournament = started(heats_event(2, stages=[{"kind": "final"}]))
    match = _matches(tournament, 1)[0]
    settle(match.game, {"NS": 10, "EW": 1}, tournament.director)  # no on-commit run
    tournament_recheck(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.champion_id == match.ns_id


def test_a_progressive_has_nothing_to_recheck():
    tournament = started(progressive(4, rounds=1))
    with pytest.raises(TournamentError, match="Only a bracket or heats"):
        tournament_recheck(tournament=tournament, by=tournament.director)
