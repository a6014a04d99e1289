"""A manager's CSV import of teams and players: upload, preview, confirm.

The upload writes nothing: it shows what would be created and found. The decoded text
waits in the session (server side, one pending file per season); the confirm form carries
a signed token naming the season and the preview's digest, so the import writes exactly
what the manager saw or, when the season changed since, nothing and a fresh preview.
"""

from django.contrib import messages
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html

from league.seasons import selectors, services
from league.seasons.access import season_manager_required
from league.seasons.forms import ImportForm
from league.seasons.models import Season
from league.seasons.services import ImportPreview, ImportResult
from wording.words import every, plural

SALT = "league.seasons.import"
MAX_AGE = 2 * 60 * 60  # a preview left for longer is read again from the file
EXPIRED = (
    "That preview has expired or isn't this page's, so nothing was imported: upload the file again."
)


def _session_key(season: Season) -> str:
    return f"season-import-{season.pk}"


def _preview_page(
    request: HttpRequest, season: Season, preview: ImportPreview, pending: dict
) -> HttpResponse:
    token = signing.dumps(
        {"season": season.pk, "user": request.user.pk, "digest": preview.digest}, salt=SALT
    )
    return render(
        request,
        "league/season_import_preview.html",
        {
            "season": season,
            "preview": preview,
            "teams": preview.teams(),
            "counts": preview.counts(),
            "pending": pending,
            "token": token,
        },
    )


def _confirm(request: HttpRequest, season: Season) -> HttpResponse:
    pending = request.session.get(_session_key(season))
    try:
        signed = signing.loads(request.POST.get("token", ""), salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:  # altered, or expired
        signed = None
    if (
        not isinstance(signed, dict)
        or signed.get("season") != season.pk
        or signed.get("user") != request.user.pk
        or not pending
    ):
        messages.error(request, EXPIRED)
        return redirect("league:season_import", league=season.league.slug, season=season.slug)
    result = services.season_import_csv(
        season=season, text=pending["text"], by=request.user, digest=str(signed.get("digest"))
    )
    if result.preview is not None:  # the season changed since: show what it would do now
        messages.error(request, result.errors[0])
        return _preview_page(request, season, result.preview, pending)
    if not result.ok:
        return render(
            request,
            "league/season_import.html",
            {"season": season, "form": ImportForm(), "errors": result.errors},
        )
    del request.session[_session_key(season)]
    messages.success(request, _imported(season, result))
    return redirect("league:season_dashboard", league=season.league.slug, season=season.slug)


def _imported(season: Season, result: ImportResult) -> str:
    """What the import did, in a sentence, and the next step (a link to the invitations)."""
    if not (
        result.teams_created or result.players_added or result.roles_changed or result.emails_added
    ):
        rows = every(result.unchanged, "row")
        done = f"Nothing changed: {rows} {'was' if result.unchanged == 1 else 'were'} already on"
        done += " its team" if result.unchanged == 1 else " their teams"
    else:
        done = (
            f"Imported {plural(result.teams_created, 'new team')} and "
            f"{plural(result.players_added, 'roster place')}"
        )
        if result.roles_changed:
            done += f"; {plural(result.roles_changed, 'role')} changed"
    if result.found_by_name:
        done += f"; {plural(result.found_by_name, 'player')} found by name"
    if result.emails_added:
        done += f", {plural(result.emails_added, 'email')} added to them"
    url = reverse("league:season_invitations", args=[season.league.slug, season.slug])
    return format_html(
        '{}. Next, send every invitation at once from the <a href="{}">Invitations page</a>.',
        done,
        url,
    )


@season_manager_required
def season_import(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = selectors.season_for(league, season)
    if request.method == "POST" and request.POST.get("action") == "confirm":
        return _confirm(request, season_obj)
    form = ImportForm(request.POST if request.method == "POST" else None, request.FILES or None)
    errors: list[str] = []
    if request.method == "POST" and form.is_valid():
        preview = services.season_import_preview(
            season=season_obj, text=form.text(), by=request.user
        )
        if not preview.errors:
            pending = {
                "text": form.text(),
                "encoding": form.encoding(),
                "name": form.source_name(),
            }
            request.session[_session_key(season_obj)] = pending
            return _preview_page(request, season_obj, preview, pending)
        errors = preview.errors
    return render(
        request,
        "league/season_import.html",
        {"season": season_obj, "form": form, "errors": errors},
    )
