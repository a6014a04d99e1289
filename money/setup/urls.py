"""Routes of this part (included by money.urls, namespace "money"): the public list of open
sign-ups, and the staff's settings of a season's or an event's sign-up, its questions and a
league's member list."""

from django.urls import path

from money.setup.views import members, public, questions, staff

QUESTIONS = "sign-ups/<int:pk>/questions/"

urlpatterns = [
    path("", public.sign_up_index, name="index"),
    path(
        "leagues/<slug:league>/<slug:season>/sign-up/",
        staff.season_sign_up,
        name="season_sign_up",
    ),
    path("events/<slug:slug>/sign-up/", staff.event_sign_up, name="event_sign_up"),
    path(QUESTIONS, questions.sign_up_questions, name="sign_up_questions"),
    path(QUESTIONS + "<int:question>/", questions.question_edit_page, name="question_edit"),
    path(QUESTIONS + "<int:question>/move/", questions.question_move_view, name="question_move"),
    path(
        QUESTIONS + "<int:question>/remove/",
        questions.question_remove_view,
        name="question_remove",
    ),
    path("leagues/<slug:league>/members/", members.league_members, name="league_members"),
    path(
        "leagues/<slug:league>/members/<int:pk>/remove/",
        members.member_remove_view,
        name="member_remove",
    ),
]
