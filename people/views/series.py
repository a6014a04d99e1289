"""Season ladder pages: the public ladder (and its CSV), and the director's pages to start a
ladder, change its rules and events, and invite its top into a final."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.permissions import deny_unless
from activity.exports import csv_response
from inputs.bounds import typed_number
from inputs.paging import table_configure
from people.forms_series import AddEventForm, InviteTopForm, SeriesCreateForm, SeriesRulesForm
from people.models import Series
from people.page_cache import kept_text, page_asked, page_key, request_with, sort_asked
from people.selectors import series as selectors
from people.selectors import series_stamps as stamps
from people.series_access import can_create_series, can_run_series
from people.services import series as services
from people.tables_series import LADDER_SORTS, LadderTable, ladder_csv_rows
from people.whole_pages import chrome_digest, kept_page, signed_out_visit
from tournaments.models import Tournament

NOT_YOURS = "Only this ladder's director can change it."
ROWS_PER_PAGE = 50  # a phone's long scroll; the CSV has everyone


def _series(slug: str) -> Series:
    return get_object_or_404(Series.objects.select_related("director", "final"), slug=slug)


def _owned(request: HttpRequest, slug: str) -> Series:
    series = _series(slug)
    deny_unless(can_run_series(request.user, series), NOT_YOURS)
    return series


def _attempt(request: HttpRequest, action: Callable[[], object], success: str) -> object | None:
    """Run a service; its refusal becomes a message on the page (nothing changed)."""
    try:
        done = action()
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return None
    messages.success(request, success)
    return done


def _stamped(slug: str) -> tuple[Series, list[stamps.EventStamp]]:
    """The series and its events' stamps: one query, before any place is built."""
    found = stamps.ladder_stamped(slug)
    if found is None:
        raise Http404("No such ladder.")
    return found


BODY_TEMPLATE = "people/series/_ladder_body.html"
PAGE_TEMPLATE = "people/series/ladder.html"


def _ladder_body(
    request: HttpRequest, series: Series, events: list[stamps.EventStamp], key: str
) -> str:
    """The table for the sort and page asked, and the events under it, rendered once per
    stamp of the ladder (`key`: rendering a hundred rows costs more than placing them).
    Rendered for the normalised address only, so its links never carry what else an
    address held."""

    def build() -> str:
        asked = request_with(
            request, sort=sort_asked(request, LADDER_SORTS), page=page_asked(request)
        )
        finished = [e for e in events if e.finished]
        context = {"series": series, "finished": finished, "table_html": ""}
        context["upcoming"] = [e for e in events if not e.finished]
        if finished:
            board = selectors.ladder_kept(series)
            table = LadderTable.for_ladder(board)
            table = table_configure(asked, table, per_page=ROWS_PER_PAGE)
            context["table_html"] = mark_safe(table.as_html(asked))  # noqa: S308  (the table's own rendering)
        return render_to_string(BODY_TEMPLATE, context, asked)

    return kept_text(key, build, seconds=selectors.LADDER_SECONDS)


@require_safe
def ladder(request: HttpRequest, slug: str) -> HttpResponse:
    series, events = _stamped(slug)
    final = (series.final_slug, series.final_name, series.invited_top)
    asked = (sort_asked(request, LADDER_SORTS), page_asked(request))
    stamp = (stamps.ladder_stamp(series, events), final, *asked)
    key = page_key("ladder-body", chrome_digest(BODY_TEMPLATE), *stamp)
    finished = sum(1 for e in events if e.finished)

    def context(**extra: object) -> dict:
        return {
            "series": series,
            "finished": finished,
            "upcoming": len(events) - finished,
            "body": mark_safe(_ladder_body(request, series, events, key)),  # noqa: S308  (our template's output, kept as is)
            "rules": selectors.rules_line(series),
            "can_run": can_run_series(request.user, series),
            **extra,
        }

    # Signed out, the whole page is the public's (nobody signed out runs a ladder), kept
    # per the same stamp.
    if signed_out_visit(request, series.get_absolute_url()):
        whole = page_key("ladder-page", chrome_digest(PAGE_TEMPLATE), key)
        kept = kept_page(
            request,
            whole,
            lambda extra: render_to_string(PAGE_TEMPLATE, context(**extra), request),
            seconds=selectors.LADDER_SECONDS,
        )
        return HttpResponse(kept)
    return render(request, PAGE_TEMPLATE, context())


@require_safe
def ladder_csv(request: HttpRequest, slug: str) -> HttpResponse:
    series = stamps.series_stamped(slug)
    if series is None:
        raise Http404("No such ladder.")
    header, rows = ladder_csv_rows(selectors.ladder_kept(series))
    return csv_response(f"{series.slug}-ladder.csv", header, rows)


@login_required
@require_http_methods(["GET", "POST"])
def series_list(request: HttpRequest) -> HttpResponse:
    mine = selectors.series_for_director(request.user)
    may_create = can_create_series(request.user)
    deny_unless(may_create or mine.exists(), "Only tournament directors run season ladders.")
    form = SeriesCreateForm(request.POST or None)
    if request.method == "POST":
        deny_unless(may_create, "Only tournament directors can start a ladder.")
        if form.is_valid():
            data = form.cleaned_data
            made = _attempt(
                request,
                lambda: services.series_create(
                    actor=request.user,
                    name=data["name"],
                    format=data["format"],
                    points=data["points"],
                    best_of=data["best_of"],
                    min_events=data["min_events"],
                ),
                f"{data['name']} is started: add its events.",
            )
            if isinstance(made, Series):
                return redirect("people:series_edit", slug=made.slug)
    context = {"series_list": mine, "form": form, "may_create": may_create}
    return render(request, "people/series/series_list.html", context)


def _edit_context(request: HttpRequest, series: Series, **forms: object) -> dict:
    return {
        "series": series,
        "rules_form": forms.get("rules_form") or SeriesRulesForm.for_series(series),
        "add_form": forms.get("add_form")
        or AddEventForm(events=selectors.events_to_add(series, request.user)),
        "invite_form": forms.get("invite_form")
        or InviteTopForm(
            finals=selectors.finals_for(request.user), initial={"top": series.invited_top}
        ),
        "events": selectors.series_events(series),
        "format_label": Tournament.Format(series.format).label
        if series.format in Tournament.Format.values
        else series.format,
    }


@login_required
@require_http_methods(["GET", "POST"])
def series_edit(request: HttpRequest, slug: str) -> HttpResponse:
    series = _owned(request, slug)
    forms: dict[str, object] = {}
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "rules":
            form = SeriesRulesForm(request.POST)
            if form.is_valid():
                data = form.cleaned_data
                if _attempt(
                    request,
                    lambda: services.series_update(
                        actor=request.user,
                        series=series,
                        name=data["name"],
                        points=data["points"],
                        best_of=data["best_of"],
                        min_events=data["min_events"],
                    ),
                    "The ladder's rules are saved.",
                ):
                    return redirect("people:series_edit", slug=series.slug)
            forms["rules_form"] = form
        elif action == "add":
            form = AddEventForm(request.POST, events=selectors.events_to_add(series, request.user))
            if form.is_valid():
                event = form.cleaned_data["tournament"]
                if _attempt(
                    request,
                    lambda: services.series_add_event(
                        actor=request.user, series=series, tournament=event
                    ),
                    f"{event.name} counts in the ladder.",
                ):
                    return redirect("people:series_edit", slug=series.slug)
            forms["add_form"] = form
        elif action == "remove":
            event = get_object_or_404(
                Tournament, pk=typed_number(request.POST.get("tournament")) or 0
            )
            _attempt(
                request,
                lambda: services.series_remove_event(
                    actor=request.user, series=series, tournament=event
                ),
                f"{event.name} no longer counts in the ladder.",
            )
            return redirect("people:series_edit", slug=series.slug)
        else:
            messages.error(request, "Choose what to change.")
    series.refresh_from_db()
    return render(
        request, "people/series/series_edit.html", _edit_context(request, series, **forms)
    )


@login_required
@require_POST
def series_invite(request: HttpRequest, slug: str) -> HttpResponse:
    series = _owned(request, slug)
    form = InviteTopForm(request.POST, finals=selectors.finals_for(request.user))
    if not form.is_valid():
        context = _edit_context(request, series, invite_form=form)
        return render(request, "people/series/series_edit.html", context, status=400)
    final, top = form.cleaned_data["final"], form.cleaned_data["top"]
    try:
        invited = services.series_invite_top(
            actor=request.user, series=series, top=top, final=final
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("people:series_edit", slug=series.slug)
    entered, already = len(invited.entered), len(invited.already)
    text = f"{entered} player{'s' if entered != 1 else ''} registered in {final.name}"
    if already:
        text += f"; {already} already entered"
    messages.success(request, text + ".")
    return redirect("people:series_edit", slug=series.slug)
