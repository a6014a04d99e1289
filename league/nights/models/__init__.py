"""Night models: each fixture's games and closure, forfeits and playoff reviews."""

from league.nights.models.forfeits import Forfeit, PlayoffReview
from league.nights.models.results import FixtureClosure, FixtureGame

__all__ = ["FixtureClosure", "FixtureGame", "Forfeit", "PlayoffReview"]
