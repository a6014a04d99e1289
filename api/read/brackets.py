"""A bracket event's brackets and places, and a heats event's stages: what the public event
page shows (`tournaments/bracket_detail.html`, `heats_detail.html`, `heat_stage.html`), from
the same selectors (`bracket_view`, `bracket_places`, `heats_view`), public as the page is.

The ETag is the body's hash, not the event's results version: a forfeit awarded by the
director and the advance after a confirmed card move the bracket without moving that
version (it is counted before the advance), so a body kept under it could be stale. The
selectors read in a fixed number of queries (a heats event: a few per stage), whatever
the field's size.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Path, Router
from ninja.errors import HttpError

from api.read import bracket_schemas as out
from api.read.http import READ_THROTTLE, SLUG, answer
from api.read.leagues import reads
from tournaments.models import BracketMatch, Entry, Tournament
from tournaments.selectors import bracket_places, bracket_view, heats_view
from tournaments.selectors.bracket import BracketRound, MatchView
from tournaments.selectors.heats import StageView

router = Router(tags=["tournaments"], throttle=READ_THROTTLE)

EVENT = Path(..., pattern=SLUG, max_length=50, description="The event's slug.")
STAGE = Path(..., ge=1, le=99, description="The stage's number.")
NOT_BRACKET = "Only single and double elimination events have a bracket."
NOT_HEATS = "Only heats events have heats and stages."
TARGET = 10  # a stage's score to reach when its rule names none (as the page)


def _event(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def entry_out(entry: Entry | None) -> out.TeamEntryOut | None:
    if entry is None:
        return None
    return out.TeamEntryOut(number=entry.number, name=entry.display_name, flight=entry.flight)


def _champion(event: Tournament, known: dict[int, Entry]) -> out.TeamEntryOut | None:
    """The event's champion, from the entries already read (one query more otherwise)."""
    if event.champion_id is None:
        return None
    entry = known.get(event.champion_id)
    if entry is None:
        entry = Entry.objects.select_related("player", "partner").get(pk=event.champion_id)
    return entry_out(entry)


# Brackets -------------------------------------------------------------------------------------


def _bracket_names(views: dict[str, list[BracketRound]]) -> dict[str, str]:
    """The page's headings (`_brackets.html`), in its order."""
    double = bool(views.get("losers") or views.get("final"))
    return {
        "main": "Winners' bracket" if double else "Championship",
        "losers": "Losers' bracket",
        "final": "Grand final",
        "consolation": "Consolation",
    }


def match_out(view: MatchView) -> out.BracketMatchOut:
    match: BracketMatch = view.match
    winner = match.top if match.winner_id and match.winner_id == match.top_id else match.bottom
    return out.BracketMatchOut(
        id=match.pk,
        position=match.position,
        top=entry_out(match.top),
        top_seed=match.top_seed,
        bottom=entry_out(match.bottom),
        bottom_seed=match.bottom_seed,
        is_bye=match.is_bye,
        void=match.void,
        top_wins=match.top_wins,
        bottom_wins=match.bottom_wins,
        winner=entry_out(winner) if match.winner_id else None,
        games=[
            out.SeriesGameOut(
                number=game.number,
                game_id=game.game_id,
                confirmed=game.confirmed,
                top_score=game.top_score,
                bottom_score=game.bottom_score,
            )
            for game in view.games
        ],
    )


def brackets_out(event: Tournament) -> out.BracketsOut:
    views = bracket_view(event)
    places = bracket_places(event, views) if views.get("main") else []
    known = {
        entry.pk: entry
        for rounds in views.values()
        for r in rounds
        for v in r.matches
        for entry in (v.match.top, v.match.bottom)
        if entry is not None
    }
    names = _bracket_names(views)
    return out.BracketsOut(
        tournament=event.slug,
        format=event.format,
        status=event.status,
        best_of=event.best_of,
        consolation=event.consolation,
        bracket_reset=event.bracket_reset,
        seeding=event.seeding,
        champion=_champion(event, known),
        places=[
            out.PlaceOut(
                place=row.place,
                last_place=row.last_place,
                tied=row.tied,
                placed=[
                    out.PlacedOut(entry=entry_out(p.entry), prize_cents=p.prize_cents)
                    for p in row.placed
                ],
            )
            for row in places
        ],
        brackets=[
            out.EventBracketOut(
                bracket=bracket,
                name=name,
                rounds=[
                    out.BracketRoundOut(
                        number=r.number, name=r.name, matches=[match_out(v) for v in r.matches]
                    )
                    for r in views[bracket]
                ],
            )
            for bracket, name in names.items()
            if views.get(bracket)
        ],
    )


@router.get("/{slug}/bracket", response=reads(out.BracketsOut), url_name="read_bracket")
def read_bracket(request: HttpRequest, slug: str = EVENT) -> HttpResponse:
    """A single or double elimination event's brackets — rounds, matches, teams, seeds,
    series scores and winners — and the places decided so far, as the event page."""
    event = _event(slug)
    if not event.is_bracket:
        raise HttpError(404, NOT_BRACKET)
    return answer(request, lambda: brackets_out(event))


# Heats ----------------------------------------------------------------------------------------


def stage_out(view: StageView) -> out.StageOut:
    stage = view.stage
    known = {
        entry.pk: entry
        for _, rows in view.heats
        for row in rows
        for entry in (row.match.ns, row.match.ew)
        if entry is not None
    }
    advancing = None
    if view.advancers is not None:
        advancing = [entry_out(known[pk]) for pk in view.advancers if pk in known]
    return out.StageOut(
        number=stage.number,
        name=stage.name,
        status=stage.status,
        rule=view.rule_label,
        advance_count=stage.rule.get("advance_count"),
        target=stage.rule.get("target") or TARGET,
        heats=[
            out.HeatOut(
                number=heat.number,
                matches=[
                    out.HeatMatchOut(
                        number=row.match.number,
                        ns=entry_out(row.match.ns),
                        ew=entry_out(row.match.ew),
                        is_bye=row.match.is_bye,
                        game_id=row.match.game_id,
                        confirmed=row.confirmed,
                        ns_score=row.ns_score,
                        ew_score=row.ew_score,
                        differential=row.differential,
                    )
                    for row in rows
                ],
            )
            for heat, rows in view.heats
        ],
        advancing=advancing,
        problem=view.problem,
    )


def _heats(slug: str) -> tuple[Tournament, list[StageView]]:
    event = _event(slug)
    if not event.is_heats:
        raise HttpError(404, NOT_HEATS)
    return event, heats_view(event)


@router.get("/{slug}/heats", response=reads(out.HeatsOut), url_name="read_heats")
def read_heats(request: HttpRequest, slug: str = EVENT) -> HttpResponse:
    """A heats event's stages — each heat's matches and scores, and who goes through — and
    its champion once the final is decided."""

    def build() -> out.HeatsOut:
        event, views = _heats(slug)
        known = {
            entry.pk: entry
            for view in views
            for _, rows in view.heats
            for row in rows
            for entry in (row.match.ns, row.match.ew)
            if entry is not None
        }
        return out.HeatsOut(
            tournament=event.slug,
            status=event.status,
            champion=_champion(event, known),
            stages=[stage_out(view) for view in views],
        )

    return answer(request, build)


@router.get("/{slug}/stages/{number}", response=reads(out.StageOut), url_name="read_heat_stage")
def read_heat_stage(request: HttpRequest, slug: str = EVENT, number: int = STAGE) -> HttpResponse:
    """One stage of a heats event, as its stage page."""

    def build() -> out.StageOut:
        _, views = _heats(slug)
        found = [view for view in views if view.stage.number == number]
        if not found:
            raise HttpError(404, f"This event has no stage {number}.")
        return stage_out(found[0])

    return answer(request, build)
