"""The organiser's questions answered: each answer checked against its question.

Answers are kept by question id (a string, as JSON keys are); a yes/no question takes
"yes" or "no", a choice one of its options, a text up to `ANSWER_MAX` characters.
"""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from inputs.bounds import text_clean
from money.models import Question, SignUp
from money.models.registrations import ANSWER_MAX

YES_NO = {"yes": "Yes", "no": "No"}


def questions_of(sign_up: SignUp) -> list[Question]:
    return list(sign_up.questions.order_by("position", "pk"))


def answers_clean(questions: list[Question], raw: Mapping[str, Any]) -> dict[str, str]:
    """{question id: answer} for the answers given; a ValidationError naming every
    question answered wrongly (or not at all when it is required)."""
    answers: dict[str, str] = {}
    errors: list[str] = []
    for question in questions:
        key = str(question.pk)
        value = raw.get(key, "")
        try:
            text = text_clean(value, label=f"the answer to “{question.text}”", limit=ANSWER_MAX)
        except ValidationError as exc:
            errors += exc.messages
            continue
        if not text:
            if question.required:
                errors.append(f"Answer “{question.text}”.")
            continue
        if question.kind == Question.Kind.YES_NO and text not in YES_NO:
            errors.append(f"Answer “{question.text}” with yes or no.")
            continue
        if question.kind == Question.Kind.CHOICE and text not in [str(c) for c in question.choices]:
            errors.append(f"Choose one of the answers offered for “{question.text}”.")
            continue
        answers[key] = text
    if errors:
        raise ValidationError(errors)
    return answers


def answers_shown(questions: list[Question], answers: Mapping[str, str]) -> list[tuple[str, str]]:
    """(question, answer) in the questions' order, as pages and the CSV show them."""
    shown = []
    for question in questions:
        answer = answers.get(str(question.pk), "")
        if question.kind == Question.Kind.YES_NO:
            answer = YES_NO.get(answer, answer)
        shown.append((question.text, answer))
    return shown
