"""League nights' routes by audience: anyone may look, the two captains act, managers rule."""

from django.urls import path

from league.nights.views import (
    fixtures,
    forfeits,
    lineups,
    makeups,
    moves,
    reschedules,
    withdrawals,
)
from league.seasons.urls import SEASON

public_by_id = [
    path("fixtures/<int:pk>/", fixtures.fixture_detail, name="fixture_detail"),
]
captain_by_id = [
    path("fixtures/<int:pk>/submit/", fixtures.fixture_submit, name="fixture_submit"),
    path("fixtures/<int:pk>/confirm/", fixtures.fixture_confirm, name="fixture_confirm"),
    path("fixtures/<int:pk>/dispute/", fixtures.fixture_dispute, name="fixture_dispute"),
    path("fixtures/<int:pk>/forfeit/", forfeits.forfeit_record, name="forfeit_record"),
    path("fixtures/<int:pk>/announce/", forfeits.forfeit_announce, name="forfeit_announce"),
    path("fixtures/<int:pk>/lineup/", lineups.fixture_lineup, name="fixture_lineup"),
    path(
        "teams/<int:pk>/fixtures/<int:fixture>/reschedule/",
        reschedules.reschedule_request,
        name="reschedule_request",
    ),
    path(
        "teams/<int:pk>/reschedule/<int:req>/",
        reschedules.reschedule_respond,
        name="reschedule_respond",
    ),
]
staff_by_id = [
    path("fixtures/<int:pk>/close/", fixtures.fixture_close, name="fixture_close"),
    path("forfeits/<int:pk>/overturn/", forfeits.forfeit_overturn, name="forfeit_overturn"),
]

public_by_slug = [
    path(SEASON + "nights/<str:date>/", fixtures.night_detail, name="night_detail"),
]
staff_by_slug = [
    path(SEASON + "manage/results/", fixtures.results_queue, name="results_queue"),
    path(SEASON + "manage/move-night/", moves.night_move, name="night_move"),
    path(
        SEASON + "manage/teams/<int:pk>/withdraw/",
        withdrawals.team_withdraw_page,
        name="team_withdraw",
    ),
    path(SEASON + "manage/forfeits/", forfeits.season_forfeits, name="season_forfeits"),
    path(
        SEASON + "manage/forfeits/reviews/<int:review>/",
        forfeits.review_decide,
        name="review_decide",
    ),
    path(SEASON + "manage/makeups/", makeups.forfeit_makeups, name="forfeit_makeups"),
    path(
        SEASON + "manage/makeups/<int:pk>/cancel/",
        makeups.makeup_cancel,
        name="makeup_cancel",
    ),
]
