"""What people lends the apps below it: ratings for seeding and flights, chances before a game."""

from scoring.player_ratings import register_chances_lookup, register_ratings_lookup


def ratings_by_player(player_ids: list[int]) -> dict[int, int]:
    from people.models import PlayerRating

    return dict(
        PlayerRating.objects.filter(player_id__in=player_ids).values_list("player_id", "value")
    )


def register() -> None:
    from people.chances import game_chances

    register_ratings_lookup(ratings_by_player)
    register_chances_lookup(game_chances)
