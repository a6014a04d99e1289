"""Player profiles, ratings and season ladders, public as the pages are: a profile's name
always, its record, statistics and rating only where the person chose to show them (all of
it to the person and their staff, as on the profile page); a ladder to everyone."""

from django.http import HttpRequest, HttpResponse
from ninja import Path, Router
from ninja.errors import HttpError

from api.read import schemas as out
from api.read.http import ID_MAX, READ_THROTTLE, SLUG, answer, viewer
from api.read.leagues import reads
from league.models import Player
from people.selectors import profiles
from people.selectors import series as ladders_read
from people.selectors import series_stamps as stamps

router = Router(tags=["people"], throttle=READ_THROTTLE)
ladders = Router(tags=["people"], throttle=READ_THROTTLE)

PLAYER = Path(..., ge=1, le=ID_MAX, description="The player's id.")
SERIES = Path(..., pattern=SLUG, max_length=50, description="The series' slug.")
NO_PLAYER = "No such player."


def _player(pk: int) -> Player:
    """The record at `pk` with its stamp; a record merged into another answers as the one
    kept (the page sends its visitors there)."""
    player = profiles.player_stamped(pk)
    if player is not None and player.merged_into_id:
        kept, moved = profiles.player_kept(pk)
        if moved and kept is not None:
            player = profiles.player_stamped(kept.pk)
    if player is None:
        raise HttpError(404, NO_PLAYER)
    return player


@router.get("/{pk}", response=reads(out.ProfileOut), url_name="read_profile")
def read_profile(request: HttpRequest, pk: int = PLAYER) -> HttpResponse:
    """A person's profile: what they show (or all of it, to them and their staff)."""
    player = _player(pk)
    seen = profiles.visibility_stamped(viewer(request), player)

    def build() -> out.ProfileOut:
        shows = [name for name in ("results", "statistics", "rating") if getattr(seen, name)]
        rating = profiles.rating_summary(player) if seen.rating else None
        return out.ProfileOut(
            id=player.pk,
            name=player.name,
            shows=shows,
            record=out.RecordOut(**profiles.record_overall(player)) if seen.results else None,
            statistics=(
                profiles.hand_statistics(profiles.recent_lines(player).order_by())
                if seen.statistics
                else None
            ),
            rating=(
                out.RatingOut(
                    value=rating.value, games=rating.games, provisional=rating.provisional
                )
                if rating
                else None
            ),
        )

    return answer(request, build, key=repr(("profile", profiles.profile_stamp(player, seen))))


@router.get("/{pk}/rating", response=reads(out.RatingHistoryOut), url_name="read_rating")
def read_rating(request: HttpRequest, pk: int = PLAYER) -> HttpResponse:
    """A person's rating and its history, where they show it."""
    player = _player(pk)
    seen = profiles.visibility_stamped(viewer(request), player)
    if not seen.rating:
        raise HttpError(404, "This person doesn't show their rating.")
    rating = profiles.rating_summary(player)
    if rating is None:
        raise HttpError(404, "This person has no rated game yet.")
    return answer(
        request,
        lambda: out.RatingHistoryOut(
            player_id=player.pk,
            value=rating.value,
            games=rating.games,
            provisional=rating.provisional,
            history=rating.history,
        ),
    )


@ladders.get("/{slug}", response=reads(out.LadderOut), url_name="read_ladder")
def read_ladder(request: HttpRequest, slug: str = SERIES) -> HttpResponse:
    """A season ladder (a series of events): each player's points per event, ranked."""
    found = stamps.ladder_stamped(slug)
    if found is None:
        raise HttpError(404, "No such ladder.")
    series, events = found

    def build() -> out.LadderOut:
        board = ladders_read.ladder_kept(series)
        return out.LadderOut(
            series=series.slug,
            name=series.name,
            events=[event.slug for event in board.events],
            lines=[
                out.LadderLineOut(
                    rank=line.row.rank,
                    player_id=line.player_id,
                    player=line.name,
                    total=float(line.row.total),
                    events=line.row.events,
                    qualified=line.row.qualified,
                    points=[None if c.points is None else float(c.points) for c in line.cells],
                )
                for line in board.lines
            ],
        )

    return answer(request, build, key=repr(("ladder", stamps.ladder_stamp(series, events))))
