"""The API's writes with a personal access token that may enter scores.

A captain submits a fixture's card (every game's final score at once, as on the fixture
page) and the other captain confirms it; a tournament's scorekeeper enters a round
table's card. Each goes through the page's own service (`api.tokens.write_services`):
the same permissions per object, card gate, activity log and notices. An
`Idempotency-Key` header makes a request safe to send again: the same key answers with
what the first request wrote. Every refusal is `{"detail": "..."}` with a 4xx.
"""

from typing import Annotated, Literal

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest
from ninja import Header, Path, Router, Schema
from ninja.errors import HttpError
from pydantic import ConfigDict, Field, model_validator

from api.auth import TokenAuth, TokenThrottle, scores_scope
from api.errors import Invalid
from api.read.http import SLUG
from api.tokens import write_services
from league.nights.services.results import GameScore
from league.nights.services.score_checks import GameProblems
from league.seasons.models import Fixture
from scoring.models import ScorecardVersion
from tournaments.errors import TournamentError
from tournaments.models import Table, Tournament
from tournaments.services.scores import TableResult

router = Router(auth=TokenAuth(), throttle=TokenThrottle(), tags=["writes"])

Points = Annotated[int, Field(strict=True, ge=-999, le=999)]
GAMES_MAX = 15
REFUSED = frozenset({400, 401, 403, 404, 429})
# An event's slug as the reads take it: anything else (a NUL byte PostgreSQL can't hold)
# names no event, and is a 422 before a query is made.
EventSlug = Annotated[str, Path(pattern=SLUG, max_length=100)]
# Documented (and so fuzzed) here; its form is checked by the service, a 400 saying how.
IdempotencyKey = Annotated[
    str,
    Header(
        alias="Idempotency-Key",
        description="8 to 56 of A-Z a-z 0-9 - _: the same key again answers with the first "
        "request's result and writes nothing.",
    ),
]


class Body(Schema):
    model_config = ConfigDict(extra="forbid")


class GameScoreIn(Body):
    number: Annotated[int, Field(strict=True, ge=1, le=GAMES_MAX)]
    home: Points
    away: Points
    timed_out: Annotated[bool, Field(strict=True)] = False


class FixtureCardIn(Body):
    games: Annotated[list[GameScoreIn], Field(min_length=1, max_length=GAMES_MAX)]

    @model_validator(mode="after")
    def _each_game_once(self) -> "FixtureCardIn":
        numbers = [game.number for game in self.games]
        if len(numbers) != len(set(numbers)):
            raise ValueError("Give each game's score once.")
        return self


class TableScoresIn(Body):
    """Each side's score ("NS", "EW"), or each player's total ("N", "E", "S", "W")."""

    scores: Annotated[
        dict[Literal["NS", "EW", "N", "E", "S", "W"], Points], Field(min_length=2, max_length=4)
    ]
    timed_out: Annotated[bool, Field(strict=True)] = False
    reason: Annotated[str, Field(max_length=1000)] = ""


class Refusal(Schema):
    detail: str


class CardOut(Schema):
    number: int | None = None  # the game's number in its fixture
    version: int
    state: str
    submitted_for: str
    home: int | None = None
    away: int | None = None
    seat_totals: dict[str, int] = {}
    timed_out: bool


class FixtureCardOut(Schema):
    fixture: int
    cards: list[CardOut]
    replayed: bool


class TableScoresOut(Schema):
    table: int
    round: int
    outcome: str
    card: CardOut
    replayed: bool


def _card(version: ScorecardVersion, number: int | None = None) -> CardOut:
    return CardOut(
        number=number,
        version=version.number,
        state=version.state,
        submitted_for=version.submitted_for,
        home=version.ns_total,
        away=version.ew_total,
        seat_totals=version.seat_totals or {},
        timed_out=version.timed_out,
    )


def _refused(exc: Exception) -> HttpError:
    """A service's refusal as the API's JSON 4xx."""
    if isinstance(exc, PermissionDenied):
        return HttpError(403, str(exc) or "You don't have permission to do that.")
    if isinstance(exc, ValidationError):
        return HttpError(400, " ".join(exc.messages))
    return HttpError(400, str(exc))


def _fixture(pk: int) -> Fixture:
    fixture = (
        Fixture.objects.select_related("season__league", "season__rule_set", "home", "away")
        .filter(pk=pk)
        .first()
    )
    if fixture is None:
        raise HttpError(404, f"There is no fixture {pk}.")
    return fixture


def _fixture_answer(fixture: Fixture, versions: list, replayed: bool) -> FixtureCardOut:
    numbers = dict(fixture.fixture_games.values_list("game_id", "number"))
    return FixtureCardOut(
        fixture=fixture.pk,
        cards=[_card(v, numbers.get(v.scorecard.game_id)) for v in versions],
        replayed=replayed,
    )


@router.post(
    "/fixtures/{fixture_id}/card",
    response={200: FixtureCardOut, REFUSED: Refusal, 422: Invalid},
    operation_id="fixture_card_submit",
    summary="Submit a fixture's card (every game's final score)",
)
def fixture_card_submit(
    request: HttpRequest, fixture_id: int, body: FixtureCardIn, key: IdempotencyKey = ""
) -> FixtureCardOut:
    scores_scope(request)
    fixture = _fixture(fixture_id)
    scores = [GameScore(g.number, g.home, g.away, g.timed_out) for g in body.games]
    try:
        versions, replayed = write_services.fixture_card_submit(
            fixture=fixture, user=request.user, scores=scores, key=key
        )
    except GameProblems as exc:
        raise HttpError(400, "Nothing was saved. " + " ".join(exc.messages)) from None
    except (PermissionDenied, ValidationError) as exc:
        raise _refused(exc) from None
    return _fixture_answer(fixture, versions, replayed)


@router.post(
    "/fixtures/{fixture_id}/confirm",
    response={200: FixtureCardOut, REFUSED: Refusal, 422: Invalid},
    operation_id="fixture_card_confirm",
    summary="Confirm the cards of a fixture waiting for your side",
)
def fixture_card_confirm(
    request: HttpRequest, fixture_id: int, key: IdempotencyKey = ""
) -> FixtureCardOut:
    scores_scope(request)
    fixture = _fixture(fixture_id)
    try:
        versions, replayed = write_services.fixture_card_confirm(
            fixture=fixture, user=request.user, key=key
        )
    except (PermissionDenied, ValidationError) as exc:
        raise _refused(exc) from None
    return _fixture_answer(fixture, versions, replayed)


@router.post(
    "/tournaments/{slug}/tables/{table_id}/scores",
    response={200: TableScoresOut, REFUSED: Refusal, 422: Invalid},
    operation_id="table_scores_enter",
    summary="Enter a round table's card (a tournament's scorekeepers)",
)
def table_scores_enter(
    request: HttpRequest,
    slug: EventSlug,
    table_id: int,
    body: TableScoresIn,
    key: IdempotencyKey = "",
) -> TableScoresOut:
    scores_scope(request)
    tournament = Tournament.objects.filter(slug=slug).first()
    table = (
        Table.objects.select_related("round", "game").filter(pk=table_id).first()
        if tournament is not None
        else None
    )
    if tournament is None or table is None or table.round.tournament_id != tournament.pk:
        raise HttpError(404, "There is no such table in this tournament.")
    try:
        entry = write_services.table_scores_enter(
            tournament=tournament,
            table=table,
            user=request.user,
            result=TableResult(scores=dict(body.scores), timed_out=body.timed_out),
            reason=body.reason,
            key=key,
        )
    except (PermissionDenied, ValidationError, TournamentError) as exc:
        raise _refused(exc) from None
    return TableScoresOut(
        table=table.number,
        round=table.round.number,
        outcome=entry.outcome,
        card=_card(entry.version),
        replayed=entry.outcome == "replayed",
    )
