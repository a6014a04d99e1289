"""The subs part's rows of the permission matrix (merged into permission_matrix.MATRIX),
and the rows of the test world they need (made on first use)."""

from tests.config.permission_entries import ALL, MANAGER, TEAM, USERS, Entry, _season
from tests.config.permission_world import World


def _ask(w: World) -> dict:
    """An open request of team A1 for tonight's fixture that asked one volunteer (made on
    first use); its token is the answer link's."""
    from league.subs.models import SubAsk, SubRequest
    from tests.factories import PlayerFactory

    request, _ = SubRequest.objects.get_or_create(
        fixture=w.fixture, team=w.home, status="open", defaults={"note": "Matrix"}
    )
    ask = request.asks.first() or SubAsk.objects.create(
        request=request, player=PlayerFactory(), token="matrix-token-" + "x" * 30
    )
    return {"token": ask.token}


def _fixture_team(w: World) -> dict:
    return {"pk": w.fixture.pk, "team": w.home.pk}


MATRIX: dict[str, Entry] = {
    # The link in a volunteer's text or email: the token is the ask, no sign-in needed.
    "league:sub_answer": Entry(_ask, ALL, ALL),
    # Team A1's captain and league A's managers ask for A1's sub.
    "league:sub_request": Entry(_fixture_team, TEAM, TEAM),
    # Anyone signed in may join a season's sub list.
    "league:sub_volunteer": Entry(_season, USERS, USERS),
    "league:subs_manage": Entry(_season, MANAGER, MANAGER),
}
