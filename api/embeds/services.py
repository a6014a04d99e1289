"""Writes of the embeds: a league's managers or an event's directors list the sites that may
frame its embeds, and take them off again."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts import permissions
from activity.models import Verb
from api.embeds.origins import origin_normalised
from api.models import EmbedOrigin
from league.seasons.activity import league_log
from league.seasons.models import League
from tournaments.models import Tournament
from tournaments.services.log import tournament_activity

NOT_YOUR_LEAGUE = "Only this league's managers can choose where its embeds are shown."
NOT_YOUR_EVENT = "Only this event's directors can choose where its embeds are shown."
ALREADY_LISTED = "{origin} is already allowed."


def _may_change(user, *, league: League | None, tournament: Tournament | None) -> None:  # type: ignore[no-untyped-def]
    if (league is None) == (tournament is None):
        raise ValueError("An embed origin belongs to a league or to an event.")
    if league is not None:
        permissions.deny_unless(permissions.can_manage_league(user, league), NOT_YOUR_LEAGUE)
    else:
        permissions.deny_unless(permissions.can_run_tournament(user, tournament), NOT_YOUR_EVENT)


def _logged(by, verb: str, origin: str, *, league: League | None, tournament: Tournament | None):  # type: ignore[no-untyped-def]
    """The change in the league's or the event's activity log, the site as its detail."""
    if tournament is not None:
        label = f"{tournament.name} · embeds"
        tournament_activity(tournament=tournament, actor=by, verb=verb, detail=origin, label=label)
    else:
        label = f"{league.name} · embeds"
        league_log(
            league_id=league.pk, actor=by, verb=verb, target=league, detail=origin, label=label
        )


@transaction.atomic
def embed_origin_add(
    *,
    by,  # type: ignore[no-untyped-def]
    origin: str,
    league: League | None = None,
    tournament: Tournament | None = None,
) -> EmbedOrigin:
    """List a site (typed as the person wrote it) as allowed to frame the embeds. A site
    already listed, even by someone at the same moment, is refused with a message: the
    database's unique constraint decides."""
    _may_change(by, league=league, tournament=tournament)
    normalised = origin_normalised(origin)
    try:
        with transaction.atomic():  # a savepoint: the collision must not end the caller's
            row = EmbedOrigin.objects.create(
                league=league, tournament=tournament, origin=normalised
            )
    except IntegrityError:
        raise ValidationError(ALREADY_LISTED.format(origin=normalised)) from None
    _logged(by, Verb.EMBED_SITE_ALLOWED, normalised, league=league, tournament=tournament)
    return row


@transaction.atomic
def embed_origin_remove(
    *,
    by,  # type: ignore[no-untyped-def]
    origin_id: int,
    league: League | None = None,
    tournament: Tournament | None = None,
) -> str | None:
    """Take a site off the list; the origin removed, or None when it wasn't listed (removed
    already, or another league's or event's)."""
    _may_change(by, league=league, tournament=tournament)
    rows = EmbedOrigin.objects.filter(pk=origin_id, league=league, tournament=tournament)
    row = rows.select_for_update().first()
    if row is None:
        return None
    row.delete()
    _logged(by, Verb.EMBED_SITE_REMOVED, row.origin, league=league, tournament=tournament)
    return row.origin
