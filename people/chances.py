"""Each side's chance before a game, from its players' ratings (shown on the scorecard page)."""

from algorithms.ratings import Rating, win_probability
from people.models import PlayerRating
from people.selectors.games import game_sides


def game_chances(game_id: int) -> dict[str, float] | None:
    sides = game_sides(game_id)
    if sides is None:
        return None
    ratings = {
        pk: Rating(mu=mu, sigma=sigma, games=games)
        for pk, mu, sigma, games in PlayerRating.objects.filter(
            player_id__in=[*sides["NS"], *sides["EW"]]
        ).values_list("player_id", "mu", "sigma", "games")
    }
    ns = win_probability(ratings, sides["NS"], sides["EW"])
    return {"NS": ns, "EW": 1.0 - ns}
