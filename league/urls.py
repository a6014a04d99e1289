from django.urls import path

from league.views import (
    cancellations,
    captain,
    feeds,
    forfeits,
    manage,
    nights,
    playoffs,
    public,
    schedule,
    standings,
)

app_name = "league"

season = "<slug:league>/<slug:season>/"
urlpatterns = [
    path("", public.league_list, name="league_list"),
    path("new/", manage.league_create, name="league_create"),
    path("fixtures/<int:pk>/edit/", schedule.fixture_edit, name="fixture_edit"),
    path("fixtures/<int:pk>/", nights.fixture_detail, name="fixture_detail"),
    path("fixtures/<int:pk>/submit/", nights.fixture_submit, name="fixture_submit"),
    path("fixtures/<int:pk>/confirm/", nights.fixture_confirm, name="fixture_confirm"),
    path("fixtures/<int:pk>/dispute/", nights.fixture_dispute, name="fixture_dispute"),
    path("fixtures/<int:pk>/close/", nights.fixture_close, name="fixture_close"),
    path("fixtures/<int:pk>/forfeit/", forfeits.forfeit_record, name="forfeit_record"),
    path("fixtures/<int:pk>/announce/", forfeits.forfeit_announce, name="forfeit_announce"),
    path("forfeits/<int:pk>/overturn/", forfeits.forfeit_overturn, name="forfeit_overturn"),
    path(
        "playoffs/<int:pk>/rounds/<int:number>/",
        playoffs.playoff_round_date,
        name="playoff_round_date",
    ),
    path("playoffs/series/<int:pk>/award/", playoffs.playoff_award, name="playoff_award"),
    path("teams/<int:pk>/", public.team_detail, name="team_detail"),
    path("teams/<int:pk>/roster.csv", public.team_roster_csv, name="team_roster_csv"),
    path("teams/<int:pk>/calendar.ics", feeds.team_calendar, name="team_calendar"),
    path("teams/<int:pk>/roster/", captain.roster_edit, name="roster_edit"),
    path("teams/<int:pk>/subs/", captain.sub_add, name="sub_add"),
    path(
        "teams/<int:pk>/fixtures/<int:fixture>/reschedule/",
        captain.reschedule_request,
        name="reschedule_request",
    ),
    path(
        "teams/<int:pk>/reschedule/<int:req>/",
        captain.reschedule_respond,
        name="reschedule_respond",
    ),
    path("<slug:slug>/", public.league_detail, name="league_detail"),
    path("<slug:league>/seasons/new/", manage.season_create, name="season_create"),
    path(season, public.season_detail, name="season_detail"),
    path(season + "schedule/", public.season_schedule, name="season_schedule"),
    path(season + "calendar.ics", feeds.season_calendar, name="season_calendar"),
    path(season + "waiver/", captain.waiver_sign, name="waiver_sign"),
    path(season + "nights/<str:date>/", nights.night_detail, name="night_detail"),
    path(season + "standings/", standings.season_standings, name="season_standings"),
    path(season + "playoffs/", playoffs.season_playoffs, name="season_playoffs"),
    path(season + "manage/playoffs/", playoffs.playoffs_manage, name="playoffs_manage"),
    path(season + "manage/", manage.season_dashboard, name="season_dashboard"),
    path(season + "manage/results/", nights.results_queue, name="results_queue"),
    path(
        season + "manage/standings/publish/",
        standings.standings_publish_view,
        name="standings_publish",
    ),
    path(season + "manage/forfeits/", forfeits.season_forfeits, name="season_forfeits"),
    path(
        season + "manage/forfeits/reviews/<int:review>/",
        forfeits.review_decide,
        name="review_decide",
    ),
    path(season + "manage/settings/", manage.season_settings, name="season_settings"),
    path(season + "manage/setup/", manage.season_setup, name="season_setup"),
    path(season + "manage/import/", manage.season_import, name="season_import"),
    path(season + "manage/roster/", manage.season_roster, name="season_roster"),
    path(season + "manage/waivers/<int:player>/paper/", manage.waiver_paper, name="waiver_paper"),
    path(season + "manage/subs/<int:entry>/", manage.sub_decide, name="sub_decide"),
    path(
        season + "manage/schedule/generate/", schedule.schedule_generate, name="schedule_generate"
    ),
    path(season + "manage/schedule/publish/", schedule.schedule_publish, name="schedule_publish"),
    # Cancelling play and deciding what follows.
    path(season + "manage/cancel/", cancellations.cancel_play, name="cancel_play"),
    path(season + "manage/cancel/fixtures/", cancellations.cancel_fixtures, name="cancel_fixtures"),
    path(
        season + "manage/cancellations/<int:pk>/",
        cancellations.cancellation_detail,
        name="cancellation_detail",
    ),
    path(
        season + "manage/cancellations/<int:pk>/decide/",
        cancellations.cancellation_decide,
        name="cancellation_decide",
    ),
]
