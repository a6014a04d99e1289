"""A disputed card of a tournament game tells the event's staff, who settle it, and the
player who entered it. Written through `notices.services.notice_send` in the dispute's own
transaction, with a key, so it is sent once."""

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import RoleName, Scope
from league.announcements.selectors import recipient_for_user
from notices.models import Notice
from notices.services import SMS_MAX, notice_send
from scoring.models import ScorecardVersion
from scoring.owners import game_scope
from tournaments.models import Tournament


def tournament_card_disputed_notify(version: ScorecardVersion) -> Notice | None:
    kind, tournament_id = game_scope(version.scorecard.game_id)
    if kind != Scope.TOURNAMENT or tournament_id is None:
        return None
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    staff = (
        get_user_model()
        .objects.filter(
            is_active=True,
            object_roles__scope_kind=Scope.TOURNAMENT,
            object_roles__scope_id=tournament.pk,
            object_roles__role__in=[RoleName.DIRECTOR, RoleName.SCOREKEEPER],
        )
        .distinct()
        .order_by("username")
    )
    submitter = [version.submitted_by] if version.submitted_by is not None else []
    game = version.scorecard.game
    reason = version.dispute_reason
    return notice_send(
        kind=Notice.Kind.CARD_DISPUTED,
        subject=f"Card disputed: {game.label}"[:200],
        body=(
            f"The card of {game.label} was disputed:\n\n{reason}\n\n"
            f"The staff of {tournament.name} settle it on the game's page."
        ),
        sms_text=f"{tournament.name}: card of {game.label} disputed: {reason}"[:SMS_MAX],
        recipients=[recipient_for_user(user) for user in [*staff, *submitter]],
        created_by=version.disputed_by,
        link=reverse("scoring:game_detail", args=[game.pk]),
        source={"tournament": tournament.pk, "versions": [version.pk]},
        key=f"tournament_card_disputed:version:{version.pk}",
    )
