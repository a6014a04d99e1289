"""What a person shows the public: their name only, unless they choose more."""

from django.db import models


class ProfileChoice(models.Model):
    player = models.OneToOneField(
        "league.Player", on_delete=models.CASCADE, related_name="profile_choice"
    )
    show_results = models.BooleanField(
        "results", default=False, help_text="Seasons, events, teams, partners and records."
    )
    show_statistics = models.BooleanField(
        "hand statistics", default=False, help_text="Trump made, marches, euchres, lone hands."
    )
    show_rating = models.BooleanField(
        "rating", default=False, help_text="The rating and its history."
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"What {self.player} shows"
