"""Receipts for entries sent from a phone, so a replay answers instead of adding again.

The entry component gives every hand and every submission a key made on the phone. A phone
that lost its signal keeps what was tapped and sends it again when it is back, perhaps twice
(the first answer may have been lost on the way): the key's receipt says it already counted.
"""

from django.conf import settings
from django.db import models

from scoring.models.cards import ScorecardVersion
from scoring.models.games import Game

KEY_MAX = 64


class EntryReceipt(models.Model):
    """One hand added to a draft, one card submitted or one confirmed, under the key the
    phone gave it."""

    class Kind(models.TextChoices):
        HAND = "hand", "Hand"
        CARD = "card", "Card submitted"
        CONFIRM = "conf", "Cards confirmed"  # through the API, under the phone's key

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=KEY_MAX)
    kind = models.CharField(max_length=4, choices=Kind.choices)
    # What the entry became: the hand's number in the draft, or the version submitted.
    hand_number = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.ForeignKey(
        ScorecardVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        constraints = [
            # The real guard: two sends of one entry at the same moment add it once.
            models.UniqueConstraint(fields=["game", "key"], name="entry_key_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.game} ({self.key})"
