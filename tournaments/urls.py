from django.urls import path, register_converter

from tournaments.converters import SmallNumber
from tournaments.views import (
    activity,
    director,
    door,
    fairness,
    feeds,
    flights,
    invitations,
    prints,
    public,
    room,
    scores,
    setup,
)

register_converter(SmallNumber, "num")

app_name = "tournaments"
urlpatterns = [
    path("", public.tournament_list, name="tournament_list"),
    path("new/", director.tournament_create, name="create"),
    path("new/fields/", setup.create_fields, name="create_fields"),
    path("<slug:slug>/", public.tournament_detail, name="detail"),
    path("<slug:slug>/leaderboard/", public.leaderboard, name="leaderboard"),
    path("<slug:slug>/screen/", room.big_screen, name="big_screen"),
    path("<slug:slug>/screen/panel/", room.big_screen_panel, name="big_screen_panel"),
    path("<slug:slug>/fairness/", fairness.fairness, name="fairness"),
    path("<slug:slug>/calendar.ics", feeds.tournament_calendar, name="calendar"),
    path("<slug:slug>/check-in/<str:token>/", door.self_check_in, name="self_check_in"),
    path("<slug:slug>/rounds/<num:number>/", public.round_detail, name="round"),
    path("<slug:slug>/rounds/<num:number>/sheet/", prints.round_sheet, name="round_sheet"),
    path("<slug:slug>/rounds/<num:number>/scorecards/", prints.scorecards, name="scorecards"),
    path("<slug:slug>/rounds/<num:number>/scores/", scores.round_scores, name="round_scores"),
    path("<slug:slug>/scorekeeping/", scores.scorekeeping, name="scorekeeping"),
    path("<slug:slug>/seats/", prints.seat_cards, name="seat_cards"),
    path("<slug:slug>/seats/<num:number>/", prints.seat_card, name="seat_card"),
    path("<slug:slug>/stages/<num:number>/", public.heat_stage, name="heat_stage"),
    path("<slug:slug>/manage/", director.manage, name="manage"),
    path("<slug:slug>/manage/edit/", director.tournament_edit, name="edit"),
    path("<slug:slug>/manage/edit/fields/", setup.edit_fields, name="edit_fields"),
    path("<slug:slug>/manage/activity/", activity.tournament_activity, name="activity"),
    path(
        "<slug:slug>/manage/invitations/",
        invitations.entrant_invitations,
        name="invitations",
    ),
    path("<slug:slug>/manage/staff/", invitations.tournament_staff, name="staff"),
    path("<slug:slug>/manage/entries/", director.entry_register, name="entry_register"),
    path("<slug:slug>/manage/entries/paste/", door.entries_paste, name="entries_paste"),
    path("<slug:slug>/manage/door/", door.door, name="door"),
    path("<slug:slug>/manage/door/counts/", door.door_counts_panel, name="door_counts"),
    path("<slug:slug>/manage/door/check-in/", door.check_in_switch, name="check_in_switch"),
    path("<slug:slug>/manage/announce/", door.announce, name="announce"),
    path("<slug:slug>/manage/entries/<num:number>/seed/", director.entry_seed, name="entry_seed"),
    path(
        "<slug:slug>/manage/entries/<num:number>/<str:action>/",
        director.entry_action,
        name="entry_action",
    ),
    path("<slug:slug>/manage/start/", director.tournament_start, name="start"),
    path("<slug:slug>/manage/flights/", flights.flights_assign_now, name="flights_assign"),
    path("<slug:slug>/manage/next-round/", director.round_next, name="round_next"),
    path("<slug:slug>/manage/finish/", director.tournament_finish, name="finish"),
    path("<slug:slug>/manage/recheck/", director.tournament_recheck, name="recheck"),
    path(
        "<slug:slug>/manage/matches/<num:match_id>/award/",
        director.match_award,
        name="match_award",
    ),
]
