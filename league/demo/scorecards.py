"""Demo scorecards: the demo captain's Left Bowers against Right Bowers, in every card state.

Safe to run again: games are looked up by label, and a card is only played out once.
Cards are entered hand by hand through the services by the people at the table: the demo
captain, and Right Bowers' captain (login captain-right-bowers). The games start as seated
tables and get their teams afterwards (the same order works whatever the teams' waivers).
"""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.demo import DEMO_PASSWORD
from league.demo.people import captain_login
from league.demo.seasons import demo_season
from league.seasons.models import Player, RosterEntry, Team
from scoring import services
from scoring.models import Game, GameSeat, RuleSet, Scorecard

RIVAL_TEAM = "Right Bowers"


def _hand(side: str, tricks: int, dealer: str, alone: bool = False, seat: str = "") -> dict:
    return {
        "maker_side": side,
        "tricks": tricks,
        "dealer": dealer,
        "alone": alone,
        "loner_seat": seat,
    }


# N-S (Left Bowers) 10, E-W 6: a lone march, a euchre, and a close finish.
LEFT_WIN = [
    _hand("NS", 3, "N"),
    _hand("EW", 5, "E"),
    _hand("NS", 5, "S", alone=True),
    _hand("EW", 4, "W"),
    _hand("NS", 1, "N"),
    _hand("NS", 4, "E"),
    _hand("EW", 3, "S"),
    _hand("NS", 5, "W"),
    _hand("NS", 3, "N"),
    _hand("NS", 4, "E"),
]
# E-W (Jacks Back) 10, N-S 7.
RIVAL_WIN = [
    _hand("EW", 5, "N"),
    _hand("NS", 3, "E"),
    _hand("EW", 4, "S"),
    _hand("NS", 5, "W"),
    _hand("EW", 2, "N"),
    _hand("EW", 5, "E", alone=True),
    _hand("NS", 4, "S"),
    _hand("EW", 3, "W"),
    _hand("NS", 3, "N"),
    _hand("EW", 5, "E"),
]
# Progressive, 8 hands: South (the demo player) marches alone once.
PROGRESSIVE = [
    _hand("NS", 4, "N"),
    _hand("EW", 5, "E"),
    _hand("NS", 5, "S", alone=True, seat="S"),
    _hand("EW", 2, "W"),
    _hand("EW", 3, "N"),
    _hand("NS", 3, "E"),
    _hand("EW", 4, "S"),
    _hand("NS", 5, "W"),
]


def _rival_team(season: Any) -> tuple[Any, Team | None]:
    """Right Bowers and its captain's login (league.demo.people)."""
    team = Team.objects.filter(season=season, name=RIVAL_TEAM).first()
    return (captain_login(team), team) if team is not None else (None, None)


def _game(label: str, rule_set: RuleSet, seats: dict[str, Player]) -> Game:
    game, _ = Game.objects.get_or_create(label=label, defaults={"rule_set": rule_set})
    for seat, player in seats.items():
        GameSeat.objects.get_or_create(game=game, seat=seat, defaults={"player": player})
    return game


def _play_once(game: Game, play: Callable[[], None]) -> None:
    if not Scorecard.objects.filter(game=game).exclude(status=Scorecard.Status.EMPTY).exists():
        play()


def load() -> list[str]:
    captain = get_user_model().objects.filter(username="captain").first()
    season = demo_season()
    left = (
        Team.objects.filter(
            season=season, roster__player__user=captain, roster__role=RosterEntry.Role.CAPTAIN
        )
        .select_related("season")
        .first()
    )
    rival, rival_team = _rival_team(season)
    if captain is None or left is None or rival is None or rival_team is None:
        return ["  scorecards: the demo captain or Right Bowers' captain is missing"]
    cca = RuleSet.objects.get(slug="cca-league")
    me, them = captain.player, rival.player
    others = list(left.roster.exclude(player=me).select_related("player__user"))
    # South is the demo player when there is one, as in the progressive demo's lone hand.
    partner = next(
        (e for e in others if e.player.user and e.player.user.username == "player"),
        others[0] if others else None,
    )
    partner_of_them = rival_team.roster.exclude(player=them).select_related("player").first()
    seats = {"N": me, "E": them, "S": partner.player if partner else me}
    if partner_of_them is not None:
        seats["W"] = partner_of_them.player
    if partner is None:  # a lone captain still gets the team games, seated once
        seats.pop("S")

    confirmed = _game("Scorecard demo · Game 1", cca, seats)
    awaiting = _game("Scorecard demo · Game 2", cca, seats)
    disputed = _game("Scorecard demo · Game 3", cca, seats)
    empty = _game("Scorecard demo · Game 4", cca, seats)

    def submit(game: Game, user: Any, side: str, hands: list[dict]) -> Any:
        return services.scorecard_submit(game=game, user=user, side=side, hands=hands)

    _play_once(
        confirmed,
        lambda: services.scorecard_confirm(
            version=submit(confirmed, captain, "NS", LEFT_WIN), user=rival
        ),
    )
    _play_once(awaiting, lambda: submit(awaiting, rival, "EW", RIVAL_WIN))
    _play_once(
        disputed,
        lambda: services.scorecard_dispute(
            version=submit(disputed, captain, "NS", LEFT_WIN),
            user=rival,
            reason="Hand 6 was our march, not a make by N-S.",
        ),
    )
    Game.objects.filter(pk__in=[confirmed.pk, awaiting.pk, disputed.pk, empty.pk]).update(
        ns_team=left, ew_team=rival_team
    )

    progressive = RuleSet.objects.get(slug="progressive")
    table = _game("Progressive demo · Table 1", progressive, seats)
    if "S" in seats:
        _play_once(table, lambda: submit(table, captain, "NS", PROGRESSIVE))

    def url(game: Game) -> str:
        return reverse("scoring:game_detail", args=[game.pk])

    return [
        f"  scorecards ({left.name} v {RIVAL_TEAM}): confirmed {url(confirmed)}, "
        f"awaiting the captain's confirmation {url(awaiting)}, disputed {url(disputed)}, "
        f"no card yet {url(empty)}; progressive table {url(table)}",
        f"    ({rival.username} / {DEMO_PASSWORD} is the other side of these cards)",
    ]
