"""The makeups part's rows of the permission matrix (merged into permission_matrix.MATRIX)."""

from tests.config.permission_entries import MANAGER, NA, Entry, _season, _with
from tests.config.permission_world import World


def _one_off(w: World) -> int:
    """A makeup game next week between A1 and A2 in league A (made on first use)."""
    import datetime

    from django.utils import timezone

    from league.seasons.models import Fixture

    a, b = sorted([w.home, w.fixture.away], key=lambda team: team.pk)
    fixture, _ = Fixture.objects.get_or_create(
        season=w.season,
        one_off=True,
        home=a,
        away=b,
        date=timezone.localdate() + datetime.timedelta(days=7),
        defaults={"week": 4, "games": w.season.games_per_fixture},
    )
    return fixture.pk


MATRIX: dict[str, Entry] = {
    # --- makeup games for the forfeited-against: the league's managers only ---
    "league:forfeit_makeups": Entry(_season, MANAGER, MANAGER),  # POST: a refusal, back
    "league:makeup_cancel": Entry(_with(_season, pk=_one_off), NA, MANAGER),
}
