"""Who a fixture's or a team's notices go to: read by the service that writes the notice and
by the form that triggers it, which says beforehand how many will be emailed and texted.

Closing a fixture tells both captains; recording a team's first forfeit of a fixture warns
that team's captains (recording it again extends it and tells nobody); announcing a forfeit
ahead warns them too and tells the opponents' captains; withdrawing a team tells its
captains and those of the teams whose fixtures become byes.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from league.announcements.selectors import captains_of_teams, managers_of_league
from league.nights.models import Forfeit
from league.nights.selectors import due
from league.nights.selectors.results import FixtureResult
from league.nights.selectors.withdrawals import WithdrawalPreview
from league.seasons.models import Fixture, Team
from notices.addresses import Audience, Recipient
from notices.models import Notice
from notices.services import notice_addresses


def fixture_closed_recipients(fixture: Fixture) -> list[Recipient]:
    return captains_of_teams([fixture.home_id, fixture.away_id])


def card_awaiting_recipients(other_team_id: int) -> list[Recipient]:
    """The captains asked to confirm the cards the other side entered."""
    return captains_of_teams([other_team_id])


def reschedule_requested_recipients(fixture: Fixture, asking_team_id: int) -> list[Recipient]:
    """The other side's captains, who answer a request to move the fixture."""
    other = fixture.away_id if asking_team_id == fixture.home_id else fixture.home_id
    return captains_of_teams([other])


def reschedule_audience(fixture: Fixture, asking_team_id: int) -> Audience:
    recipients = reschedule_requested_recipients(fixture, asking_team_id)
    return audience_of((Notice.Kind.RESCHEDULE_REQUESTED, recipients))


def card_disputed_recipients(fixture: Fixture, submitting_team_id: int) -> list[Recipient]:
    """The league's managers, who settle it, and the captains of the side that entered it."""
    league_id = fixture.season.league_id
    return [*managers_of_league(league_id), *captains_of_teams([submitting_team_id])]


def card_settled_recipients(fixture: Fixture) -> list[Recipient]:
    return captains_of_teams([fixture.home_id, fixture.away_id])


def forfeit_warning_recipients(team_id: int) -> list[Recipient]:
    """The forfeiting team's captains, warned of what the offence costs."""
    return captains_of_teams([team_id])


def forfeit_announced_recipients(fixture: Fixture, team_id: int) -> list[Recipient]:
    """The opponents' captains of a forfeit announced ahead."""
    other = fixture.away_id if team_id == fixture.home_id else fixture.home_id
    return captains_of_teams([other])


def makeup_offer_recipients(fixture: Fixture) -> list[Recipient]:
    """The league's managers, offered a makeup game for the opponent of a forfeit announced
    ahead (`league.nights.services.makeups.makeup_offer`)."""
    return managers_of_league(fixture.season.league_id)


def withdrawal_recipients(team: Team, preview: WithdrawalPreview) -> list[Recipient]:
    """The team's captains and those of every opponent whose fixture becomes a bye."""
    opponents = {f.away_id if f.home_id == team.pk else f.home_id for f in preview.remaining}
    return captains_of_teams([team.pk, *sorted(opponents)])


def audience_of(*notices: tuple[str, Iterable[Recipient]]) -> Audience:
    """What the (kind, recipients) notices a form writes make together."""
    rows = []
    for kind, recipients in notices:
        rows += notice_addresses(kind=kind, recipients=recipients)
    return Audience.of(rows)


@dataclass(frozen=True)
class TeamAudience:
    """Who is told when this team forfeits; `extends`: it already has a forfeit here."""

    team: Team
    audience: Audience
    extends: bool = False

    @property
    def if_forfeits(self) -> str:
        return f"If {self.team.name} forfeits"


def close_audience(fixture: Fixture) -> Audience:
    return audience_of((Notice.Kind.FIXTURE_CLOSED, fixture_closed_recipients(fixture)))


def record_audiences(fixture: Fixture, live: list[Forfeit]) -> list[TeamAudience]:
    """Per team, who recording its forfeit tells (nobody when it extends a live one)."""
    live_forfeit_teams = {f.team_id for f in live}
    return [
        TeamAudience(team, Audience(0, 0, 0), extends=True)
        if team.pk in live_forfeit_teams
        else TeamAudience(
            team, audience_of((Notice.Kind.FORFEIT_WARNING, forfeit_warning_recipients(team.pk)))
        )
        for team in (fixture.home, fixture.away)
    ]


def announce_audiences(
    fixture: Fixture, teams: list[Team], live: list[Forfeit]
) -> list[TeamAudience]:
    """Per team, who announcing its forfeit tells: the opponents' captains (unless it was
    announced already) and the league's managers offered the opponent a makeup game (unless
    the opponent forfeits too), and its own captains warned unless it already has a forfeit here
    (which the announcement extends)."""
    by_team = {f.team_id: f for f in live}
    result = []
    for team in teams:
        existing = by_team.get(team.pk)
        notices = []
        if existing is None or existing.reason != Forfeit.Reason.ANNOUNCED:
            notices.append((Notice.Kind.GENERAL, forfeit_announced_recipients(fixture, team.pk)))
            opponent = fixture.opponent_of(team.pk)
            if opponent and opponent.pk not in by_team and opponent.status == Team.Status.ACTIVE:
                notices.append((Notice.Kind.MAKEUP_GAME, makeup_offer_recipients(fixture)))
        if existing is None:
            notices.append((Notice.Kind.FORFEIT_WARNING, forfeit_warning_recipients(team.pk)))
        result.append(TeamAudience(team, audience_of(*notices), extends=existing is not None))
    return result


def withdrawal_audience(team: Team, preview: WithdrawalPreview) -> Audience:
    return audience_of((Notice.Kind.GENERAL, withdrawal_recipients(team, preview)))


def fixture_form_audiences(result: FixtureResult, shown: dict) -> dict:
    """For the fixture page: who each notifying form it `shows` would tell (the page's
    context: `form`, `may_close`, `forfeit_form`, `announce_teams`, `to_confirm`,
    `disputes`)."""
    fixture, live = result.fixture, result.live_forfeits
    announce = shown["announce_teams"]
    submitting = fixture.away_id if shown["side"] == due.HOME else fixture.home_id
    confirming = fixture.home_id if shown["side"] == due.AWAY else fixture.away_id
    return {
        "entry_audience": audience_of(
            (Notice.Kind.CARD_AWAITING_CONFIRMATION, card_awaiting_recipients(confirming))
        )
        if shown["form"] is not None
        else None,
        "dispute_audience": audience_of(
            (Notice.Kind.CARD_DISPUTED, card_disputed_recipients(fixture, submitting))
        )
        if shown["to_confirm"]
        else None,
        "settle_audience": audience_of((Notice.Kind.CARD_SETTLED, card_settled_recipients(fixture)))
        if shown["disputes"]
        else None,
        "close_audience": close_audience(fixture) if shown["may_close"] else None,
        "record_audiences": record_audiences(fixture, live) if shown["forfeit_form"] else [],
        "announce_audiences": announce_audiences(fixture, announce, live) if announce else [],
    }
