"""Seasons' routes by audience: public pages, captains' team pages, managers' set-up."""

from django.urls import path

from league.seasons.views import (
    activity,
    captain,
    feeds,
    imports,
    invitations,
    manage,
    public,
    schedule,
    schedule_page,
    teams,
)

SEASON = "<slug:league>/<slug:season>/"

# Routes under a fixed prefix come first: a season's two slugs would match them too.
public_by_id = [
    path("", public.league_list, name="league_list"),
    path("teams/<int:pk>/", public.team_detail, name="team_detail"),
    path("teams/<int:pk>/roster.csv", public.team_roster_csv, name="team_roster_csv"),
    path("teams/<int:pk>/calendar.ics", feeds.team_calendar, name="team_calendar"),
]
captain_by_id = [
    path("teams/<int:pk>/roster/", captain.roster_edit, name="roster_edit"),
    path("teams/<int:pk>/subs/", captain.sub_add, name="sub_add"),
    path("teams/<int:pk>/invitations/", invitations.team_invitations, name="team_invitations"),
]
staff_by_id = [
    path("new/", manage.league_create, name="league_create"),
    path("fixtures/<int:pk>/edit/", schedule.fixture_edit, name="fixture_edit"),
]

# A league's own pages come before its seasons': "<league>/activity/" is not a season.
staff_by_league = [
    path("<slug:league>/activity/", activity.league_activity, name="league_activity"),
    path("<slug:league>/staff/", invitations.league_staff, name="league_staff"),
]
public_by_slug = [
    path("<slug:slug>/", public.league_detail, name="league_detail"),
    path(SEASON, public.season_detail, name="season_detail"),
    path(SEASON + "schedule/", schedule_page.season_schedule, name="season_schedule"),
    path(SEASON + "calendar.ics", feeds.season_calendar, name="season_calendar"),
]
captain_by_slug = [
    path(SEASON + "waiver/", captain.waiver_sign, name="waiver_sign"),
]
staff_by_slug = [
    path("<slug:league>/seasons/new/", manage.season_create, name="season_create"),
    path(SEASON + "manage/", manage.season_dashboard, name="season_dashboard"),
    path(SEASON + "manage/settings/", manage.season_settings, name="season_settings"),
    path(SEASON + "manage/setup/", manage.season_setup, name="season_setup"),
    path(SEASON + "manage/teams/<int:pk>/", teams.team_manage, name="team_manage"),
    path(SEASON + "manage/venues/<int:pk>/", teams.venue_edit, name="venue_edit"),
    path(SEASON + "manage/import/", imports.season_import, name="season_import"),
    path(SEASON + "manage/roster/", manage.season_roster, name="season_roster"),
    path(
        SEASON + "manage/invitations/",
        invitations.season_invitations,
        name="season_invitations",
    ),
    path(SEASON + "manage/waivers/<int:player>/paper/", manage.waiver_paper, name="waiver_paper"),
    path(SEASON + "manage/subs/<int:entry>/", manage.sub_decide, name="sub_decide"),
    path(
        SEASON + "manage/schedule/generate/", schedule.schedule_generate, name="schedule_generate"
    ),
    path(SEASON + "manage/schedule/publish/", schedule.schedule_publish, name="schedule_publish"),
]
