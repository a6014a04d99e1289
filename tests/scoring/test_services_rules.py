"""Each preset's rules through a submitted card: the stored totals are the engine's."""

import pytest
from django.core.exceptions import ValidationError

from scoring.services import scorecard_submit
from tests.scoring.factories import PASSED, made, seated_game, team_game

pytestmark = pytest.mark.django_db

# N-S 8 (four marches), E-W 8 (eight makes), then N-S 9 (a make).
NINE_TO_EIGHT = [made("NS", 5)] * 4 + [made("EW", 3)] * 8 + [made("NS", 4)]


def _submit(slug, hands, **kwargs):
    tg = team_game(slug)
    return scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=hands, **kwargs)


def test_classic_tens_a_lone_march_at_nine_ends_thirteen_to_eight():
    version = _submit("classic-tens", [*NINE_TO_EIGHT, made("NS", 5, alone=True)])
    assert (version.ns_total, version.ew_total, version.hand_count) == (13, 8, 14)


def test_cca_the_same_lone_march_is_recorded_as_ten_to_eight():
    version = _submit("cca-league", [*NINE_TO_EIGHT, made("NS", 5, alone=True)])
    assert (version.ns_total, version.ew_total) == (10, 8)


def test_cca_a_renege_on_a_lone_hand_gives_four():
    version = _submit(
        "cca-league", [made("EW", 0, alone=True, renege_by="EW"), *[made("NS", 5)] * 3]
    )
    assert version.hands.get(number=1).ns_points == 4
    assert version.ns_total == 10


def test_cold_butt_a_euchred_loner_gives_the_defenders_four():
    version = _submit("cold-butt", [made("EW", 2, alone=True), *[made("NS", 5)] * 3])
    assert version.hands.get(number=1).ns_points == 4 and version.ns_total == 10


def test_classic_tens_a_defenders_renege_gives_the_makers_their_march():
    hands = [made("NS", 1, renege_by="EW"), *[made("NS", 5)] * 4]
    version = _submit("classic-tens", hands)
    assert version.hands.get(number=1).ns_points == 2 and version.ns_total == 10


def test_classic_tens_passed_deals_are_x_hands():
    version = _submit("classic-tens", [PASSED, PASSED, *[made("EW", 5)] * 5])
    assert [h.passed for h in version.hands.all()][:3] == [True, True, False]
    assert (version.ns_total, version.ew_total) == (0, 10)


def test_cca_a_tie_when_time_runs_out_needs_one_more_hand():
    with pytest.raises(ValidationError, match="play one more hand"):
        _submit("cca-league", [made("NS", 3), made("EW", 3)], timed_out=True)
    version = _submit("cca-league", [made("NS", 3), made("EW", 3), made("EW", 4)], timed_out=True)
    assert (version.winner, version.timed_out) == ("EW", True)


def test_progressive_the_loners_partner_gets_four():
    game, users = seated_game("progressive")
    hands = [made("NS", 5, alone=True, seat="S"), *[made("EW", 3)] * 7]
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=hands)
    assert version.seat_totals == {"N": 4, "S": 5, "E": 7, "W": 7}


def test_black_bull_partners_both_record_the_teams_four_and_never_pass():
    game, users = seated_game("black-bull")
    hands = [made("NS", 5, alone=True, seat="N"), *[made("EW", 4)] * 7]
    version = scorecard_submit(game=game, user=users["N"], side="NS", hands=hands)
    assert version.seat_totals == {"N": 4, "S": 4, "E": 7, "W": 7}
    with pytest.raises(ValidationError, match="stick the dealer"):
        scorecard_submit(
            game=game, user=users["N"], side="NS", hands=[PASSED, *hands[1:], hands[0]]
        )
