"""The questions a sign-up asks: added, edited, moved and removed by the sign-up's staff.

A question somebody has answered is never removed: its answers stay readable with it on the
staff's registration list. The organiser may make it optional or reword it instead; its
kind can't change once answered (the answers were given to the old kind).
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max

from activity.models import Verb
from activity.services import activity_record
from inputs.bounds import text_clean
from money.access import ONLY_STAFF, can_manage_sign_up
from money.models import Question, Registration, SignUp
from money.models.signups import CHOICE_MAX, QUESTION_MAX
from wording.words import plural

QUESTIONS_MAX = 20
OPTIONS_MAX = 12
KINDS = tuple(Question.Kind.values)


def options_from_lines(text: str) -> list[str]:
    """A choice's options typed one per line (blank lines skipped)."""
    return [line.strip() for line in str(text or "").splitlines() if line.strip()]


def _authorize(user: Any, sign_up: SignUp) -> None:
    if not can_manage_sign_up(user, sign_up):
        raise PermissionDenied(ONLY_STAFF)


def _clean(*, text: str, kind: str, options: list[str]) -> tuple[str, str, list[str]]:
    problems: dict[str, str] = {}
    try:
        text = text_clean(
            text, label="the question", limit=QUESTION_MAX, empty="Type the question."
        )
    except ValidationError as exc:
        problems["text"] = exc.messages[0]
    if kind not in KINDS:
        problems["kind"] = "Pick text, choice or yes/no."
    cleaned: list[str] = []
    if kind == Question.Kind.CHOICE:
        try:
            cleaned = _options(options)
        except ValidationError as exc:
            problems["choices"] = exc.messages[0]
    if problems:
        raise ValidationError(problems)
    return text, kind, cleaned


def _options(options: list[str]) -> list[str]:
    if len(options) < 2:
        raise ValidationError("A choice needs at least two options, one per line.")
    if len(options) > OPTIONS_MAX:
        raise ValidationError(f"Offer at most {OPTIONS_MAX} options (there are {len(options)}).")
    cleaned = [
        text_clean(option, label="each option", limit=CHOICE_MAX, collapse=True)
        for option in options
    ]
    folded = [option.casefold() for option in cleaned]
    if len(set(folded)) != len(folded):
        raise ValidationError("Each option once: two lines say the same.")
    return cleaned


def answer_count(question: Question) -> int:
    """How many registrations of its sign-up answered this question (any state)."""
    return Registration.objects.filter(
        sign_up_id=question.sign_up_id, answers__has_key=str(question.pk)
    ).count()


def _log(question: Question, by: Any, detail: str) -> None:
    scope_kind, scope_id = question.sign_up.scope
    activity_record(
        actor=by,
        verb=Verb.SIGN_UP_CHANGED,
        target=question.sign_up,
        scope_kind=scope_kind,
        scope_id=scope_id,
        detail=detail,
    )


@transaction.atomic
def question_add(
    *,
    sign_up: SignUp,
    by: Any,
    text: str,
    kind: str = Question.Kind.TEXT,
    options: list[str] | None = None,
    required: bool = False,
) -> Question:
    _authorize(by, sign_up)
    SignUp.objects.select_for_update().filter(pk=sign_up.pk).first()  # one add at a time
    text, kind, cleaned = _clean(text=text, kind=kind, options=options or [])
    if sign_up.questions.count() >= QUESTIONS_MAX:
        raise ValidationError(f"A sign-up asks at most {QUESTIONS_MAX} questions.")
    last = sign_up.questions.aggregate(last=Max("position"))["last"]
    question = Question.objects.create(
        sign_up=sign_up,
        position=0 if last is None else last + 1,
        text=text,
        kind=kind,
        choices=cleaned,
        required=required,
    )
    _log(question, by, f"Question added: {text} ({question.get_kind_display()})")
    return question


@transaction.atomic
def question_edit(
    *,
    question: Question,
    by: Any,
    text: str,
    kind: str,
    options: list[str] | None = None,
    required: bool = False,
) -> list[str]:
    """Change a question; returns what changed (logged once)."""
    _authorize(by, question.sign_up)
    text, kind, cleaned = _clean(text=text, kind=kind, options=options or [])
    if kind != question.kind:
        answered = answer_count(question)
        if answered:
            raise ValidationError(
                {
                    "kind": (
                        f"{plural(answered, 'registration')} answered this question as "
                        f"{question.get_kind_display().lower()}: its kind can't change now."
                    )
                }
            )
    changes = []
    for name, new in (("text", text), ("kind", kind), ("choices", cleaned), ("required", required)):
        if getattr(question, name) != new:
            changes.append(name)
            setattr(question, name, new)
    if changes:
        question.save(update_fields=changes)
        _log(question, by, f"Question changed ({', '.join(changes)}): {question.text}")
    return changes


@transaction.atomic
def question_move(*, question: Question, by: Any, up: bool) -> None:
    """One place earlier (`up`) or later; at the top or the bottom already: no change."""
    _authorize(by, question.sign_up)
    SignUp.objects.select_for_update().filter(pk=question.sign_up_id).first()
    order = list(question.sign_up.questions.order_by("position", "pk"))
    index = next(i for i, q in enumerate(order) if q.pk == question.pk)
    other = index - 1 if up else index + 1
    if not 0 <= other < len(order):
        return
    order[index], order[other] = order[other], order[index]
    for position, each in enumerate(order):
        if each.position != position:
            Question.objects.filter(pk=each.pk).update(position=position)
    _log(question, by, f"Question moved {'up' if up else 'down'}: {question.text}")


@transaction.atomic
def question_remove(*, question: Question, by: Any) -> None:
    """Remove a question nobody has answered; one with answers stays (a message says so)."""
    _authorize(by, question.sign_up)
    answered = answer_count(question)
    if answered:
        raise ValidationError(
            f"“{question.text}” has answers from {plural(answered, 'registration')}: it stays so "
            "they can be read. Make it optional, or reword it, instead."
        )
    _log(question, by, f"Question removed: {question.text}")
    question.delete()
