"""League nights: a fixture's page with its three cards, a night's fixtures, captains' actions."""

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts import permissions
from league.nights import rules
from league.nights.forms import DisputeForm, FixtureScoresForm, ForfeitForm, ReasonForm
from league.nights.selectors import card_steps, due, lineups, told
from league.nights.selectors import results as selectors_results
from league.nights.selectors.fixture_page import fixture_result_kept
from league.nights.selectors.results import FixtureResult
from league.nights.services import results as results_services
from league.nights.services.score_checks import GameProblems, fixture_score_problems
from league.seasons import selectors
from league.seasons.access import NOT_YOUR_LEAGUE, season_manager_required
from league.seasons.eligibility import PlayProblem, team_play_issues
from league.seasons.fixes import play_fixes
from league.seasons.models import Fixture
from league.web import report
from wording.words import listing, possessive


def _fixture(pk: int) -> Fixture:
    return get_object_or_404(
        Fixture.objects.select_related("season__league", "season__rule_set", "home", "away"),
        pk=pk,
    )


def _visible(request: HttpRequest, fixture: Fixture) -> None:
    season = fixture.season
    if not (season.is_published or permissions.can_manage_season(request.user, season)):
        raise Http404("The schedule isn't published yet.")


OPEN_STATES = ("empty", "submitted", "disputed")  # a new card replaces a waiting or disputed one


def _score_form(
    result: FixtureResult,
    data=None,
    *,
    numbers: list[int] | None = None,
    initial=None,
    auto_id: str = "id_%s",
) -> FixtureScoresForm:  # type: ignore[no-untyped-def]
    """Scores for the games still open (no card, waiting, or disputed), or for `numbers`."""
    fixture = result.fixture
    open_numbers = [g.number for g in result.games if g.state in OPEN_STATES and g.fixture_game]
    if numbers is not None:
        open_numbers = [n for n in open_numbers if n in numbers]
    return FixtureScoresForm(
        data,
        initial=initial,
        auto_id=auto_id,
        numbers=open_numbers,
        home=fixture.home.name,
        away=fixture.away.name,
    )


def _shown(request: HttpRequest) -> list[int] | None:
    """The games the posted form showed (None: every open game)."""
    numbers = [part for part in request.POST.get("shown", "").split(",") if part.isascii()]
    shown = [int(part) for part in numbers if part.isdigit() and len(part) < 3]
    return shown or None


def fixture_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Everyone sees the games; the captains (and managers) act on them from here.

    Whoever only looks gets the fixture and its line-ups as kept per its stamp (`fixture_page`:
    one query and one cache read between two changes); the captains and managers who act on
    it read it fresh, and again only when their visit has just created its games.
    """
    return _fixture_page(request, pk)


def _fixture_page(
    request: HttpRequest, pk: int, posted: FixtureScoresForm | None = None
) -> HttpResponse:
    """The page; `posted`: a refused score form, shown with what was typed and why."""
    result = fixture_result_kept(pk)
    if result is None:
        raise Http404("No such fixture.")
    fixture = result.fixture
    _visible(request, fixture)
    may_act = permissions.can_act_for_fixture(request.user, fixture)
    playable = (
        fixture.away_id is not None
        and fixture.status in (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)
        and fixture.date <= timezone.localdate()
    )
    if may_act:
        result = selectors_results.fixture_result(pk) or result
        fixture = result.fixture
    if may_act and playable:
        try:
            games = results_services.fixture_games_ensure(fixture=fixture)
        except ValidationError as exc:
            report(request, exc)
        else:
            if _game_teams(games) != _game_teams(g.fixture_game for g in result.games):
                result = selectors_results.fixture_result(fixture.pk) or result
    context = _context(request, result, may_act, playable)
    context.update(told.fixture_form_audiences(result, context))
    if posted is not None and context["form"] is not None:
        context.update(form=posted, entry_first=True, correct_form=None, posted=True)
    elif posted is not None:  # the entry is gone meanwhile (closed, postponed): say why
        for error in posted.non_field_errors():
            messages.error(request, error)
    return render(request, "league/nights/fixture_detail.html", context)


def _game_teams(games) -> list[tuple[int, int | None, int | None]]:  # type: ignore[no-untyped-def]
    """Each game and the teams it is played by, to tell whether the ensure changed any."""
    return [(fg.pk, fg.game.ns_team_id, fg.game.ew_team_id) for fg in games if fg is not None]


def _context(request: HttpRequest, result: FixtureResult, may_act: bool, playable: bool) -> dict:
    fixture = result.fixture
    user = request.user
    side = due.side_of(user, fixture) if may_act else ""
    to_confirm = due.cards_to_confirm(result, side, user) if side else []
    closed = result.closure is not None
    is_manager = permissions.can_manage_season(user, fixture.season)
    live = may_act and fixture.away_id is not None and not closed
    live = live and fixture.status == Fixture.Status.SCHEDULED
    # Eligibility before effort: say what stops the card (and where to fix it) up front.
    problems = _play_problems(fixture) if live else []
    may_enter = may_act and playable and not closed and not problems
    # What this side saved and waits on the other captain for: shown as saved, not offered
    # again as boxes to fill (a folded form changes it while it waits).
    saved = card_steps.saved_cards(result, side, user, manager=is_manager) if may_act else []
    saved_numbers = [g.number for g in saved]
    # A manager settles a dispute (both cards, what differs): not by entering a new card.
    disputes = card_steps.fixture_disputes(result) if is_manager and fixture.away_id else []
    settling = [d.line.number for d in disputes] if not side else []
    form = None
    if may_enter:
        entry = [g.number for g in result.games if g.number not in saved_numbers + settling]
        form = _score_form(result, numbers=entry)
    correct_form = (
        _score_form(
            result,
            numbers=saved_numbers,
            initial=card_steps.saved_initial(saved),
            auto_id="change_%s",  # beside the entry form's boxes, never their ids
        )
        if may_enter and saved
        else None
    )
    # One step first: the cards waiting for this captain, else the entry (not for the away
    # captain, who confirms what the home captain enters: theirs waits, folded).
    entry_first = bool(form and form.numbers) and not to_confirm and side != due.AWAY
    clock = due.fixture_clock(result) if may_act and playable and not closed else None
    return {
        "result": result,
        "fixture": fixture,
        "season": fixture.season,
        "may_act": may_act,
        "side": side,
        "is_manager": is_manager,
        "playable": playable and not closed,
        "form": form,
        "entry_first": entry_first,
        "saved": saved,
        "waiting_on": card_steps.waiting_on(saved, fixture),
        "correct_form": correct_form,
        "disputes": disputes,
        "waiting_for_card": side == due.AWAY
        and not to_confirm
        and form is not None
        and bool(due.cards_to_enter(result)),
        "to_confirm": to_confirm,
        "problems": problems,
        "fixes": play_fixes(problems, user=user, season=fixture.season, fixture=fixture),
        "clock": clock,
        "closes_at": rules.fixture_closes_at(fixture) if fixture.away_id else None,
        "entry_opens_at": _entry_opens_at(fixture) if may_act else None,
        "may_close": is_manager
        and playable
        and not closed
        and fixture.stage == Fixture.Stage.REGULAR
        and not result.complete
        and timezone.now() >= rules.fixture_closes_at(fixture),
        "reason_form": ReasonForm() if may_act else None,  # every form with a reason acts
        "forfeit_form": ForfeitForm(fixture=fixture, initial=_forfeit_initial(clock, side, fixture))
        if may_act and playable and not closed and fixture.away_id
        else None,
        "announce_teams": _announce_teams(user, fixture),
        "lineups": lineups.lineup_page(user, fixture, playable=playable, kept=result.lineups),
    }


def _entry_opens_at(fixture: Fixture) -> datetime.datetime | None:
    """When a fixture still to come takes its cards (None once it does, or never will)."""
    if fixture.away_id is None or fixture.status != Fixture.Status.SCHEDULED:
        return None
    return rules.fixture_entry_opens_at(fixture) if fixture.date > timezone.localdate() else None


def _play_problems(fixture: Fixture) -> list[PlayProblem]:
    return [
        p for team in (fixture.home, fixture.away) for p in team_play_issues(team, fixture=fixture)
    ]


def _forfeit_initial(clock: due.ForfeitClock | None, side: str, fixture: Fixture) -> dict:
    """Once a lateness threshold has passed, the form starts from the clock's minutes and
    (for a captain) the other team."""
    if clock is None or clock.late_minutes is None:
        return {}
    initial: dict = {"situation": "late", "minutes_late": clock.late_minutes}
    if side:
        initial["team"] = fixture.away_id if side == due.HOME else fixture.home_id
    return initial


def _announce_teams(user, fixture: Fixture) -> list:  # type: ignore[no-untyped-def]
    """Teams of the fixture the user may announce a forfeit for, before the night starts."""
    if fixture.away_id is None or fixture.status != Fixture.Status.SCHEDULED:
        return []
    if timezone.now() >= rules.fixture_starts_at(fixture):
        return []
    return [t for t in (fixture.home, fixture.away) if permissions.can_act_for_team(user, t)]


@require_POST
@login_required
def fixture_submit(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_act_for_fixture(request.user, fixture),
        "Only the two teams' captains or a league manager enter this card.",
    )
    try:
        results_services.fixture_games_ensure(fixture=fixture)
    except ValidationError as exc:
        report(request, exc)
        return redirect("league:fixture_detail", pk=fixture.pk)
    result = selectors_results.fixture_result(fixture.pk)
    form = _score_form(result, request.POST, numbers=_shown(request))
    if form.is_valid():
        try:
            versions = results_services.fixture_submit_scores(
                fixture=fixture, user=request.user, scores=form.scores()
            )
        except GameProblems as exc:
            form.add_game_problems(exc.by_game)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            other = fixture.away if versions[0].submitted_for == "NS" else fixture.home
            many = len(versions) > 1
            messages.success(
                request,
                f"Card{'s' if many else ''} saved: {possessive(other)} captain confirms "
                f"{'them' if many else 'it'} next.",
            )
            return redirect("league:fixture_detail", pk=fixture.pk)
    else:  # the games that could be read are checked too: every problem at once
        form.add_game_problems(fixture_score_problems(fixture=fixture, scores=form.scores()))
    # Nothing was saved: the page again, with everything typed and each game's problem.
    return _fixture_page(request, fixture.pk, posted=form)


@require_POST
@login_required
def fixture_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_act_for_fixture(request.user, fixture),
        "Only the other team's captain confirms these cards.",
    )
    try:
        confirmed = results_services.fixture_confirm_cards(fixture=fixture, user=request.user)
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(
            request,
            f"Confirmed {len(confirmed)} card{'s' if len(confirmed) > 1 else ''}. Thank you!",
        )
    return redirect("league:fixture_detail", pk=fixture.pk)


@require_POST
@login_required
def fixture_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_act_for_fixture(request.user, fixture),
        "Only the other team's captain disputes this card.",
    )
    form = DisputeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say which game and what is wrong with its card.")
        return redirect("league:fixture_detail", pk=fixture.pk)
    try:
        results_services.fixture_dispute_card(
            fixture=fixture,
            number=form.cleaned_data["number"],
            user=request.user,
            reason=form.cleaned_data["reason"],
        )
    except ValidationError as exc:
        report(request, exc)
    else:
        messages.success(request, "Card disputed: the league manager will settle it.")
    return redirect("league:fixture_detail", pk=fixture.pk)


@require_POST
@login_required
def fixture_close(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    permissions.deny_unless(
        permissions.can_run_league_nights(request.user, fixture.season), NOT_YOUR_LEAGUE
    )
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        closure = results_services.fixture_close(fixture=fixture, user=request.user, reason=reason)
    except ValidationError as exc:
        report(request, exc)
    else:
        parts = []
        settled, no_result = closure.settled_games, closure.no_result_games
        if settled:
            cards = "the card of" if len(settled) == 1 else "the cards of"
            stand = "stands" if len(settled) == 1 else "stand"
            parts.append(f"{cards} {_games(settled)} {stand} as entered")
        if no_result:
            parts.append(f"{_games(no_result)} booked as no result")
        messages.success(
            request, "Fixture closed" + (": " + "; ".join(parts) if parts else "") + "."
        )
    return redirect("league:fixture_detail", pk=fixture.pk)


def _games(numbers: list[int]) -> str:
    """ "game 2", "games 2 and 3"."""
    return f"game {numbers[0]}" if len(numbers) == 1 else f"games {listing(numbers)}"


def night_detail(request: HttpRequest, league: str, season: str, date: str) -> HttpResponse:
    """A night's fixtures with their scores, by level and table."""
    season_obj = selectors.season_for(league, season)
    if not (season_obj.is_published or permissions.can_manage_season(request.user, season_obj)):
        return render(request, "league/schedule_unpublished.html", {"season": season_obj})
    try:
        night = datetime.date.fromisoformat(date)
    except ValueError:
        raise Http404("No such night.") from None
    nights = selectors_results.season_nights(season_obj)
    if night not in nights:
        raise Http404("No fixtures that night.")
    index = nights.index(night)
    return render(
        request,
        "league/nights/night_detail.html",
        {
            "season": season_obj,
            "night": night,
            "results": selectors_results.night_results(season_obj, night),
            "previous": nights[index - 1] if index else None,
            "next": nights[index + 1] if index + 1 < len(nights) else None,
        },
    )


@season_manager_required
def results_queue(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """Managers: fixtures of past nights still missing or awaiting cards, and disputes."""
    season_obj = selectors.season_for(league, season)
    now = timezone.now()
    rows = [
        (result, rules.fixture_closes_at(result.fixture))
        for result in selectors_results.open_results(season_obj)
    ]
    return render(
        request,
        "league/nights/results_queue.html",
        {
            "season": season_obj,
            "rows": rows,
            "now": now,
            "reason_form": ReasonForm(),
        },
    )
