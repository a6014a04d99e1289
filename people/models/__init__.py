"""People's data: game lines and ratings, profile choices, merges, season ladders."""

from people.models.lines import GameLine
from people.models.merges import PlayerMerge
from people.models.profiles import ProfileChoice
from people.models.ratings import PlayerRating, RatingPoint, RatingsLock
from people.models.series import Series, SeriesEvent

__all__ = [
    "GameLine",
    "PlayerMerge",
    "PlayerRating",
    "ProfileChoice",
    "RatingPoint",
    "RatingsLock",
    "Series",
    "SeriesEvent",
]
