"""What people lends the apps below it: players' ratings for seeding and flights."""

from scoring.player_ratings import register_ratings_lookup


def ratings_by_player(player_ids: list[int]) -> dict[int, int]:
    from people.models import PlayerRating

    return dict(
        PlayerRating.objects.filter(player_id__in=player_ids).values_list("player_id", "value")
    )


def register() -> None:
    register_ratings_lookup(ratings_by_player)
