"""The questions a sign-up asks: listed with their answers counted, added, edited, moved and
removed by the sign-up's staff."""

from collections import Counter

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from money.models import Question, Registration, SignUp
from money.setup.forms import QuestionForm, question_initial
from money.setup.services import question_add, question_edit, question_move, question_remove
from money.setup.views.common import form_errors, report, staff_sign_up
from money.setup.views.staff import settings_url


def _answered(sign_up: SignUp) -> Counter:
    """Answers per question id, counted from every registration's answers in one query."""
    counts: Counter = Counter()
    for answers in Registration.objects.filter(sign_up=sign_up).values_list("answers", flat=True):
        if isinstance(answers, dict):
            counts.update(str(key) for key in answers)
    return counts


def _question(sign_up: SignUp, question: int) -> Question:
    return get_object_or_404(Question, pk=question, sign_up=sign_up)


@login_required
def sign_up_questions(request: HttpRequest, pk: int) -> HttpResponse:
    sign_up = staff_sign_up(request, pk)
    form = QuestionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            question_add(
                sign_up=sign_up,
                by=request.user,
                text=data["text"],
                kind=data["kind"],
                options=form.options(),
                required=data["required"],
            )
        except ValidationError as exc:
            form_errors(form, exc)
        else:
            messages.success(request, "Question added.")
            return redirect("money:sign_up_questions", pk=sign_up.pk)
    answered = _answered(sign_up)
    questions = [(q, answered[str(q.pk)]) for q in sign_up.questions.all()]
    return render(
        request,
        "money/setup/questions.html",
        {
            "sign_up": sign_up,
            "form": form,
            "questions": questions,
            "settings_url": settings_url(sign_up),
        },
    )


@login_required
def question_edit_page(request: HttpRequest, pk: int, question: int) -> HttpResponse:
    sign_up = staff_sign_up(request, pk)
    row = _question(sign_up, question)
    form = QuestionForm(request.POST or None, initial=question_initial(row))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            changes = question_edit(
                question=row,
                by=request.user,
                text=data["text"],
                kind=data["kind"],
                options=form.options(),
                required=data["required"],
            )
        except ValidationError as exc:
            row.refresh_from_db()
            form_errors(form, exc)
        else:
            messages.success(request, "Question saved." if changes else "Nothing changed.")
            return redirect("money:sign_up_questions", pk=sign_up.pk)
    return render(
        request,
        "money/setup/question_edit.html",
        {"sign_up": sign_up, "question": row, "form": form},
    )


@login_required
@require_POST
def question_move_view(request: HttpRequest, pk: int, question: int) -> HttpResponse:
    sign_up = staff_sign_up(request, pk)
    row = _question(sign_up, question)
    direction = request.POST.get("direction")
    if direction in ("up", "down"):
        question_move(question=row, by=request.user, up=direction == "up")
    else:
        messages.error(request, "Move a question up or down.")
    return redirect("money:sign_up_questions", pk=sign_up.pk)


@login_required
@require_POST
def question_remove_view(request: HttpRequest, pk: int, question: int) -> HttpResponse:
    sign_up = staff_sign_up(request, pk)
    row = _question(sign_up, question)
    try:
        question_remove(question=row, by=request.user)
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, f"Question removed: {row.text}")
    return redirect("money:sign_up_questions", pk=sign_up.pk)
