"""Scorekeeper mode: the desk types every table's card of a round, and submits once."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.permissions import can_keep_score, can_run_tournament, deny_unless
from scoring.services.staff_entry import CONFIRMED, CORRECTED, ENTERED, SETTLED
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Round, Tournament
from tournaments.score_forms import RoundScoresForm
from tournaments.selectors.scores import round_score_sheet
from tournaments.services.scores import NOT_STAFF, RoundScores, RoundScoresRefused

DONE_TEXT = (
    (ENTERED, "entered and confirmed"),
    (CONFIRMED, "confirmed as the players entered them"),
    (SETTLED, "settled"),
    (CORRECTED, "corrected"),
)


def _tables(numbers: list[int]) -> str:
    """'table 3', 'tables 1, 2 and 4'."""
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return f"tables {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def summary_text(number: int, summary: RoundScores) -> str:
    """What one submit did, in a sentence for the scorekeeper."""
    parts = [
        f"{_tables(summary.tables(key))} {text}" for key, text in DONE_TEXT if summary.tables(key)
    ]
    if not parts:
        return f"Round {number}: nothing changed."
    return f"Round {number}: {'; '.join(parts)}."


@login_required
def round_scores(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("rule_set"), slug=slug)
    deny_unless(can_keep_score(request.user, tournament), NOT_STAFF)
    if not tournament.is_progressive:
        raise Http404("Only progressive events have rounds to score.")
    sheet = round_score_sheet(tournament, number)
    if sheet is None:
        raise Http404("No such round.")
    form = RoundScoresForm(request.POST or None, sheet=sheet)
    error, problems = "", {}
    if request.method == "POST" and not sheet.open:
        error = f"Round {number} hasn't started: its tables have no games yet."
    elif request.method == "POST" and form.is_valid():
        try:
            summary = services.round_enter_scores(
                tournament=tournament,
                number=number,
                user=request.user,
                results=form.results(),
                reason=form.cleaned_data["reason"],
            )
        except RoundScoresRefused as exc:
            error, problems = "Nothing was saved: fix the tables marked below.", exc.problems
        except TournamentError as exc:
            error = str(exc)
        else:
            messages.success(request, summary_text(number, summary))
            return redirect("tournaments:round_scores", tournament.slug, number)
    elif request.method == "POST":
        error = "Nothing was saved: fix the boxes marked below."
    context = {
        "tournament": tournament,
        "sheet": sheet,
        "form": form,
        "tables": [(*table, problems.get(table[0].number, "")) for table in form.table_boxes()],
        "error": error,
        "problems": problems,
        "can_run": can_run_tournament(request.user, tournament),
        "round_numbers": list(tournament.round_set.values_list("number", flat=True)),
    }
    return render(request, "tournaments/round_scores.html", context)


@login_required
def scorekeeping(request: HttpRequest, slug: str) -> HttpResponse:
    """Where a scorekeeper starts: the round being played's score entry, else what there is
    to score (every round's entry, or the event page whose open matches link their cards)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    deny_unless(can_keep_score(request.user, tournament), NOT_STAFF)
    if tournament.is_progressive and tournament.current_round:
        return redirect("tournaments:round_scores", tournament.slug, tournament.current_round)
    rounds = (
        list(
            tournament.round_set.exclude(status=Round.Status.PLANNED)
            .order_by("number")
            .values_list("number", flat=True)
        )
        if tournament.is_progressive
        else []
    )
    return render(
        request,
        "tournaments/scorekeeping.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "can_run": can_run_tournament(request.user, tournament),
        },
    )
