"""League nights listen to scoring: confirmed cards complete regular fixtures (playoff series
listen for themselves); a card entered for a league game tells the other captain it waits;
a dispute tells the managers and the submitting captain, a settlement both captains, a
correction of a confirmed card both teams."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.nights.models import FixtureGame
from league.nights.services.result_notices import version_awaiting_notify
from league.nights.services.results import batch_notice_pending, fixture_refresh_status
from league.nights.services.step_notices import (
    step_notice_pending,
    version_corrected_notify,
    version_disputed_notify,
    version_settled_notify,
)
from league.seasons.models import Fixture
from league.seasons.versions import season_changed
from scoring.models import ScorecardVersion
from scoring.signals import card_confirmed


@receiver(card_confirmed, dispatch_uid="league.card_confirmed")
def record_confirmed_card(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    fixture_game = FixtureGame.objects.filter(game_id=game.pk).select_related("fixture").first()
    if fixture_game is None:
        return
    if fixture_game.fixture.stage == Fixture.Stage.REGULAR:
        # Sent after the card's commit: the live standings' version moves on now.
        season_changed(fixture_game.fixture.season_id, results=True)
        fixture_refresh_status(fixture=fixture_game.fixture)


@receiver(post_save, sender=ScorecardVersion, dispatch_uid="league.card_submitted")
def notify_card_submitted(
    sender: Any, instance: ScorecardVersion, created: bool, **kwargs: Any
) -> None:
    if not created or kwargs.get("raw"):
        return
    if instance.kind != ScorecardVersion.Kind.SUBMISSION:
        return
    if instance.state != ScorecardVersion.State.PENDING:
        return
    if not batch_notice_pending():
        version_awaiting_notify(instance)


@receiver(post_save, sender=ScorecardVersion, dispatch_uid="league.card_answered")
def notify_card_disputed_or_settled(
    sender: Any, instance: ScorecardVersion, created: bool, **kwargs: Any
) -> None:
    if kwargs.get("raw") or step_notice_pending():
        return
    if created and instance.kind == ScorecardVersion.Kind.SETTLEMENT:
        version_settled_notify(instance)
        return
    if created and instance.kind == ScorecardVersion.Kind.CORRECTION:
        version_corrected_notify(instance)
        return
    fields = kwargs.get("update_fields") or ()
    if (
        not created
        and instance.state == ScorecardVersion.State.DISPUTED
        and "dispute_reason" in fields
    ):
        version_disputed_notify(instance)
