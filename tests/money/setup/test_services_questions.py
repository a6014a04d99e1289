"""A sign-up's questions: added, edited, moved and removed by its staff; a question with
answers is kept (its answers stay readable) and its kind can't change."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity, Verb
from money.models import Question
from money.setup.services import question_add, question_edit, question_move, question_remove
from money.setup.services.questions import QUESTIONS_MAX, options_from_lines
from tests.factories import SeasonFactory, TournamentFactory, director_user, manager_user
from tests.money.factories import EventSignUpFactory, RegistrationFactory, SeasonSignUpFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def sign_up():  # type: ignore[no-untyped-def]
    return SeasonSignUpFactory()


@pytest.fixture
def manager(sign_up):  # type: ignore[no-untyped-def]
    return manager_user(league=sign_up.season.league)


def test_questions_of_each_kind_are_added_in_order_and_logged(sign_up, manager) -> None:
    first = question_add(sign_up=sign_up, by=manager, text="T-shirt size?", kind="choice",
                         options=["S", "M", "L"], required=True)  # fmt: skip
    second = question_add(sign_up=sign_up, by=manager, text="Anything else?")
    third = question_add(sign_up=sign_up, by=manager, text="Bringing a deck?", kind="yes_no")
    assert list(sign_up.questions.all()) == [first, second, third]
    assert first.choices == ["S", "M", "L"] and first.required
    assert second.choices == [] and second.kind == "text"
    assert Activity.objects.filter(verb=Verb.SIGN_UP_CHANGED, object_id=sign_up.pk).count() == 3


@pytest.mark.parametrize(
    ("text", "kind", "options", "field", "words"),
    [
        ("", "text", [], "text", "Type the question."),
        ("x" * 201, "text", [], "text", "200 characters"),
        ("Size?", "choice", ["Only one"], "choices", "at least two options"),
        ("Size?", "choice", [str(n) for n in range(13)], "choices", "at most 12"),
        ("Size?", "choice", ["S", "s"], "choices", "Each option once"),
        ("Size?", "choice", ["S", "x" * 81], "choices", "80 characters"),
        ("Size?", "rating", [], "kind", "Pick text, choice or yes/no."),
        ("Bad\x00", "text", [], "text", "control characters"),
    ],
)
def test_bad_questions_are_refused_on_their_field(
    sign_up, manager, text, kind, options, field, words
) -> None:
    with pytest.raises(ValidationError) as caught:
        question_add(sign_up=sign_up, by=manager, text=text, kind=kind, options=options)
    assert words in caught.value.message_dict[field][0]
    assert not Question.objects.exists() and not Activity.objects.exists()


def test_options_are_typed_one_per_line() -> None:
    assert options_from_lines("S\n\n M \r\nL\n") == ["S", "M", "L"]


def test_a_sign_up_asks_a_bounded_number_of_questions(sign_up, manager) -> None:
    for n in range(QUESTIONS_MAX):
        question_add(sign_up=sign_up, by=manager, text=f"Question {n}?")
    with pytest.raises(ValidationError, match="at most 20 questions"):
        question_add(sign_up=sign_up, by=manager, text="One more?")


def test_questions_move_up_and_down_and_stop_at_the_ends(sign_up, manager) -> None:
    a, b, c = (question_add(sign_up=sign_up, by=manager, text=t) for t in ("A?", "B?", "C?"))
    question_move(question=c, by=manager, up=True)
    assert [q.text for q in sign_up.questions.all()] == ["A?", "C?", "B?"]
    question_move(question=a, by=manager, up=True)  # the top already
    question_move(question=a, by=manager, up=False)
    assert [q.text for q in sign_up.questions.all()] == ["C?", "A?", "B?"]


def test_an_edit_changes_the_question_and_says_what_changed(sign_up, manager) -> None:
    question = question_add(sign_up=sign_up, by=manager, text="Size?")
    changes = question_edit(question=question, by=manager, text="Shirt size?", kind="choice",
                            options=["S", "M"], required=True)  # fmt: skip
    assert changes == ["text", "kind", "choices", "required"]
    question.refresh_from_db()
    assert (question.text, question.choices, question.required) == ("Shirt size?", ["S", "M"], True)


def test_a_question_with_answers_is_kept_and_keeps_its_kind(sign_up, manager) -> None:
    question = question_add(sign_up=sign_up, by=manager, text="Size?", kind="text")
    RegistrationFactory(sign_up=sign_up, place=1, answers={str(question.pk): "Large"})
    with pytest.raises(ValidationError, match="has answers from 1 registration"):
        question_remove(question=question, by=manager)
    with pytest.raises(ValidationError) as caught:
        question_edit(question=question, by=manager, text="Size?", kind="yes_no")
    assert "can't change now" in caught.value.message_dict["kind"][0]
    question_edit(question=question, by=manager, text="Shirt size?", kind="text", required=False)
    assert Question.objects.get(pk=question.pk).text == "Shirt size?"


def test_a_question_nobody_answered_is_removed(sign_up, manager) -> None:
    question = question_add(sign_up=sign_up, by=manager, text="Size?")
    RegistrationFactory(sign_up=sign_up, place=1, answers={"999": "other"})
    question_remove(question=question, by=manager)
    assert not Question.objects.exists()


def test_only_the_sign_up_s_staff_change_its_questions() -> None:
    season_sign_up = SeasonSignUpFactory()
    event_sign_up = EventSignUpFactory()
    other_manager = manager_user(league=SeasonFactory().league)
    other_director = director_user(tournament=TournamentFactory())
    event_director = director_user(tournament=event_sign_up.tournament)
    for sign_up, user in (
        (season_sign_up, other_manager),
        (season_sign_up, event_director),
        (event_sign_up, other_director),
        (event_sign_up, manager_user(league=season_sign_up.season.league)),
    ):
        with pytest.raises(PermissionDenied):
            question_add(sign_up=sign_up, by=user, text="Size?")
    question = question_add(sign_up=event_sign_up, by=event_director, text="Size?")
    for call in (
        lambda: question_edit(question=question, by=other_director, text="X?", kind="text"),
        lambda: question_move(question=question, by=other_director, up=True),
        lambda: question_remove(question=question, by=other_director),
    ):
        with pytest.raises(PermissionDenied):
            call()
    assert Question.objects.get().text == "Size?"
