"""Creating and editing an event before (and, for its name and date, after) the start."""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from accounts.models import RoleName, Scope
from accounts.services import role_grant
from inputs.bounds import in_window, window_message
from tournaments.errors import TournamentError
from tournaments.flights import flights_problems
from tournaments.models import Tournament
from tournaments.models.event import SIT_OUT_POINTS_MAX
from tournaments.stage_data import cold_butt_data
from wording.when import day

# Attempts at a free slug when other events take ours at the same moment.
SLUG_ATTEMPTS = 5


def _free_slug(tournament: Tournament) -> str:
    base = slugify(f"{tournament.name} {tournament.date:%Y}")[:40] or "tournament"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def _check_date(tournament: Tournament, *, was: Any = None) -> None:
    """The event's day keeps to the date window (a day already stored may stay)."""
    try:  # a date, or its ISO text from a caller that built the event by hand
        tournament.date = Tournament._meta.get_field("date").to_python(tournament.date)
    except ValidationError as exc:
        raise TournamentError(exc.messages[0]) from None
    if tournament.date is None:
        raise TournamentError("Give the event's date.")
    if tournament.date != was and not in_window(tournament.date):
        raise TournamentError(window_message())


def _check_sit_out(tournament: Tournament) -> None:
    """What a round sat out scores is one of the policies, its fixed points in range."""
    if tournament.sit_out_scoring not in Tournament.SitOutScoring.values:
        raise TournamentError("Choose what a round sat out scores: nothing, average or fixed.")
    points = tournament.sit_out_points
    if not isinstance(points, int) or not 0 <= points <= SIT_OUT_POINTS_MAX:
        raise TournamentError(f"A round sat out scores between 0 and {SIT_OUT_POINTS_MAX} points.")


def _check_flights(tournament: Tournament, locked: Tournament | None = None) -> None:
    """Flights make sense; once the event has started they, and the seeding, stay."""
    if tournament.flight_basis not in Tournament.FlightBasis.values:
        raise TournamentError("Choose how flights are made: none, by rating or by ladder.")
    if tournament.seeding not in Tournament.Seeding.values:
        raise TournamentError("Choose how teams are seeded: as registered or by rating.")
    if tournament.flight_basis and tournament.flights:
        problems = flights_problems(tournament.flights)
        if problems:
            raise TournamentError(" ".join(problems))
    if locked is None or locked.status == Tournament.Status.SETUP:
        return
    kept = ("flight_basis", "flights", "seeding")
    if any(getattr(tournament, name) != getattr(locked, name) for name in kept):
        raise TournamentError(
            "Flights and seeding are fixed once the event has started: they can't be changed."
        )


def _insert(tournament: Tournament) -> None:
    """Insert under a free slug; one name on one day is one event (`tournament_name_once_a_day`).

    A double click, or two directors at once, make one event: the others are told it exists.
    """
    name, when = tournament.name, tournament.date

    def refuse_if_taken() -> None:
        if Tournament.objects.filter(name__iexact=name, date=when).exists():
            raise TournamentError(f"There is already an event called {name} on {day(when)}.")

    refuse_if_taken()
    tournament.slug = tournament.slug or _free_slug(tournament)
    for _ in range(SLUG_ATTEMPTS):
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
            return
        except IntegrityError:
            refuse_if_taken()
            tournament.slug = _free_slug(tournament)
    raise TournamentError("Someone else is setting up an event right now: try again.")


@transaction.atomic
def tournament_create(*, tournament: Tournament, director: Any) -> Tournament:
    """Save a new event (from a valid setup form); the director creating it runs it."""
    _check_date(tournament)
    _check_sit_out(tournament)
    _check_flights(tournament)
    tournament.director = director
    if tournament.is_heats and not tournament.stages:
        tournament.stages = cold_butt_data()
    _insert(tournament)
    if getattr(director, "is_authenticated", False):
        # Whoever sets an event up directs it (and may add co-directors and scorekeepers).
        role_grant(
            user=director,
            role=RoleName.DIRECTOR,
            scope_kind=Scope.TOURNAMENT,
            scope_id=tournament.pk,
            by=director,
            first_staff=True,
        )
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament) -> Tournament:
    """Save an edited event; the form has already locked the format once it started."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == Tournament.Status.FINISHED:
        raise TournamentError("A finished tournament can't be changed.")
    _check_date(tournament, was=locked.date)
    _check_sit_out(tournament)
    _check_flights(tournament, locked)
    if tournament.is_heats and not tournament.stages:
        tournament.stages = cold_butt_data()
    tournament.save()
    return tournament
