"""The questions page: its staff add, edit, move and remove; others get 403; a question with
answers stays, and the page says why."""

import pytest
from django.urls import reverse

from money.models import Question
from tests.factories import SeasonFactory, UserFactory, director_user, manager_user
from tests.money.factories import EventSignUpFactory, RegistrationFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def sign_up():  # type: ignore[no-untyped-def]
    return EventSignUpFactory()


@pytest.fixture
def director(sign_up):  # type: ignore[no-untyped-def]
    return director_user(tournament=sign_up.tournament)


def _url(sign_up, *rest) -> str:  # type: ignore[no-untyped-def]
    if not rest:
        return reverse("money:sign_up_questions", args=[sign_up.pk])
    name, question = rest
    return reverse(f"money:question_{name}", args=[sign_up.pk, question.pk])


def test_the_director_adds_moves_edits_and_removes_questions(client, sign_up, director) -> None:
    client.force_login(director)
    assert client.get(_url(sign_up)).status_code == 200
    data = {"text": "Size?", "kind": "choice", "choices": "S\nM\nL", "required": "on"}
    assert client.post(_url(sign_up), data).status_code == 302
    assert client.post(_url(sign_up), {"text": "Deck?", "kind": "yes_no"}).status_code == 302
    first, second = sign_up.questions.all()
    assert first.choices == ["S", "M", "L"] and first.required
    client.post(_url(sign_up, "move", second), {"direction": "up"})
    assert [q.text for q in sign_up.questions.all()] == ["Deck?", "Size?"]
    response = client.post(_url(sign_up, "move", second), {"direction": "sideways"}, follow=True)
    assert b"Move a question up or down." in response.content
    assert client.get(_url(sign_up, "edit", first)).status_code == 200
    client.post(_url(sign_up, "edit", first), {"text": "Shirt size?", "kind": "text"})
    first.refresh_from_db()
    assert (first.text, first.kind, first.choices) == ("Shirt size?", "text", [])
    client.post(_url(sign_up, "remove", first))
    assert list(sign_up.questions.values_list("text", flat=True)) == ["Deck?"]


def test_a_choice_without_options_is_refused_on_the_page(client, sign_up, director) -> None:
    client.force_login(director)
    response = client.post(_url(sign_up), {"text": "Size?", "kind": "choice", "choices": ""})
    assert response.status_code == 200
    assert "at least two options" in response.content.decode()
    assert not Question.objects.exists()


def test_a_question_with_answers_stays_and_the_page_says_so(client, sign_up, director) -> None:
    question = Question.objects.create(sign_up=sign_up, text="Size?")
    RegistrationFactory(sign_up=sign_up, place=1, answers={str(question.pk): "L"})
    client.force_login(director)
    page = client.get(_url(sign_up)).content.decode()
    assert "1 answer" in page and "kept: it has answers" in page
    response = client.post(_url(sign_up, "remove", question), follow=True)
    assert "it stays so they can be read" in response.content.decode()
    assert Question.objects.filter(pk=question.pk).exists()


@pytest.mark.parametrize("who", ["plain", "other_director", "manager"])
def test_others_may_not_see_or_change_the_questions(client, sign_up, who) -> None:
    question = Question.objects.create(sign_up=sign_up, text="Size?")
    user = {
        "plain": UserFactory,
        "other_director": lambda: director_user(tournament=EventSignUpFactory().tournament),
        "manager": lambda: manager_user(league=SeasonFactory().league),
    }[who]()
    client.force_login(user)
    assert client.get(_url(sign_up)).status_code == 403
    assert client.post(_url(sign_up), {"text": "X?", "kind": "text"}).status_code == 403
    assert client.post(_url(sign_up, "edit", question), {"text": "X?"}).status_code == 403
    assert client.post(_url(sign_up, "move", question), {"direction": "up"}).status_code == 403
    assert client.post(_url(sign_up, "remove", question)).status_code == 403
    assert list(Question.objects.values_list("text", flat=True)) == ["Size?"]


def test_a_question_of_another_sign_up_is_not_found(client, sign_up, director) -> None:
    other = Question.objects.create(sign_up=EventSignUpFactory(), text="Theirs?")
    client.force_login(director)
    assert client.get(_url(sign_up, "edit", other)).status_code == 404
    assert client.post(_url(sign_up, "remove", other)).status_code == 404
    assert client.get(_url(sign_up, "move", other)).status_code == 405
