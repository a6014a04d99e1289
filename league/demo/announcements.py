"""Demo notices: the demo player subscribes to the CCA league, and a welcome notice goes out.

With no broker the notice is delivered at once: email on the console, texts in the
database, where each person reads theirs at /notices/texts/.
"""

from django.contrib.auth import get_user_model

from league.announcements.selectors import captains_of_season, subscribers_of_league
from league.announcements.services import subscription_set
from league.demo.seasons import demo_season
from league.seasons.models import League, Player
from notices.models import Notice
from notices.services import notice_send

DEMO_PHONE = "416 555 0142"


def load() -> list[str]:
    league = League.objects.filter(slug="cca").first()
    if league is None:
        return []
    player = Player.objects.filter(user__username="player").first()
    if player is not None:
        subscription_set(player=player, league=league, by_email=True, by_sms=True, phone=DEMO_PHONE)
    manager = get_user_model().objects.filter(username="manager").first()
    season = demo_season()
    recipients = captains_of_season(season) if season else []
    notice = notice_send(
        kind=Notice.Kind.GENERAL,
        subject="Welcome to the new season",
        body=(
            "League nights start at 7 pm. Captains: check your roster and make sure everyone "
            "signs the waiver before the first night. Cancellations are announced here, by "
            "email to every captain and by text to those who opted in."
        ),
        sms_text="CCA Euchre: welcome to the new season! League nights start at 7 pm.",
        recipients=[*recipients, *subscribers_of_league(league)],
        created_by=manager,
        announce_league=league,
        season=season,
        key=f"demo:welcome:{season.pk if season else 0}",
    )
    return [
        f"  notices: announcement “{notice.subject}” on /notices/leagues/{league.slug}/; "
        "its email goes to the console and its texts to /notices/texts/ (sign in as 'player')"
    ]
