"""The reminder a few days before each night: "are you coming?", by email and text.

Each rostered player of each scheduled fixture in the next `AHEAD_DAYS` days who hasn't
answered yet gets one notice of kind `availability_ask`: the fixture, their own signed link
(`league.availability.links`) and, in the text, a reply code for IN, OUT or MAYBE. The
notice's key names the fixture, the team, the night and the player, so a second run (or a
run the day after) sends nothing new; a fixture moved to another night is asked again.
Looking at the whole window rather than exactly the third day ahead means a day the job
didn't run, or a fixture added late, still gets its reminder.
"""

import datetime

from django.db import transaction
from django.utils import timezone

from league.availability.links import answer_path
from league.availability.selectors import fixtures_headcounts, upcoming_fixtures
from league.seasons.models import Fixture, Player, Team
from league.seasons.recipients import recipient_for_player
from notices.addresses import ReplyOffer
from notices.models import Notice
from notices.services import notice_send
from wording.when import clock, day

AHEAD_DAYS = 3
AVAILABILITY_REPLY = "league_availability"
PROMPT = "Reply IN {code}, OUT {code} or MAYBE {code}."


def ask_key(fixture: Fixture, team: Team, player: Player) -> str:
    return f"availability_ask:{fixture.pk}:{team.pk}:{fixture.date.isoformat()}:{player.pk}"


def _where(fixture: Fixture) -> str:
    start = clock(fixture.start_time or fixture.season.start_time)
    table = f", {fixture.table}" if fixture.table_id else ""
    return f"{day(fixture.date)} at {start}{table}"


def _ask(fixture: Fixture, team: Team, player: Player) -> Notice:
    league = fixture.season.league.name
    opponent = fixture.opponent_of(team.pk)
    when = _where(fixture)
    return notice_send(
        kind=Notice.Kind.AVAILABILITY_ASK,
        subject=f"{league}: are you coming on {day(fixture.date)}?",
        body=(
            f"{team} plays {opponent} on {when}.\n\n"
            "Are you coming? Open the link and answer Coming, Not coming or Maybe: your "
            "captain sees the answers and can find a sub in time."
        ),
        sms_text=f"{league}: {team} v {opponent}, {when}. Coming?",
        recipients=[recipient_for_player(player)],
        link=answer_path(fixture, player),
        season=fixture.season,
        source={"fixture": fixture.pk, "team": team.pk, "player": player.pk},
        key=ask_key(fixture, team, player),
        reply=ReplyOffer(handler=AVAILABILITY_REPLY, target={"fixture": fixture.pk}),
    )


@transaction.atomic
def availability_asks_send(*, today: datetime.date | None = None) -> list[Notice]:
    """Ask every player who hasn't answered, for each fixture of the next days; returns the
    notices written by this run (none on a second run)."""
    today = today or timezone.localdate()
    fixtures = upcoming_fixtures(today=today, days=AHEAD_DAYS)
    counts = fixtures_headcounts(fixtures)
    wanted = [
        (fixture, count.team, player)
        for fixture in fixtures
        for count in counts[fixture.pk].values()
        for player in count.unanswered
    ]
    # Known keys are skipped here in one query; notice_send's own key check still guards
    # two runs at once.
    asked = set(
        Notice.objects.filter(key__in=[ask_key(*ask) for ask in wanted]).values_list(
            "key", flat=True
        )
    )
    return [_ask(*ask) for ask in wanted if ask_key(*ask) not in asked]
