"""Two player records found to be one person: what moved from the duplicate, for an undo."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class PlayerMerge(models.Model):
    kept = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    merged = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    # {"app_label.Model.field": [row ids moved from `merged` to `kept`]} and the contact
    # details copied onto `kept`, so an undo puts every row back where it was.
    moved = models.JSONField(default=dict, blank=True)
    copied = models.JSONField(default=dict, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    merged_at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-merged_at", "-pk"]
        constraints = [
            # A record is merged away at most once at a time: a double click finds this row.
            models.UniqueConstraint(
                fields=["merged"], condition=Q(undone_at__isnull=True), name="merge_once_live"
            ),
            models.CheckConstraint(condition=~Q(kept=models.F("merged")), name="merge_two_people"),
        ]

    def __str__(self) -> str:
        return f"{self.merged} merged into {self.kept}"

    @property
    def is_live(self) -> bool:
        return self.undone_at is None
