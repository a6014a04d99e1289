"""The api tokens part's rows of the permission matrix (merged into permission_matrix.MATRIX).

Everyone signed in has their own tokens page; a token is revoked by its owner only (another
person's is not found). The token writes take a token, never the session: signed in or not,
a POST without one is a 401 (denied), and a GET is 405."""

from tests.config.permission_entries import NA, NOBODY, USERS, Entry
from tests.config.permission_world import World


def _captains_token(w: World) -> dict:
    """A live token of team A1's captain (made on first use)."""
    from api.models import AccessToken

    token, _ = AccessToken.objects.get_or_create(
        user=w.users["captain"],
        name="Matrix",
        revoked_at=None,
        defaults={"scope": "scores", "prefix": "eut_matrix", "digest": "0" * 64},
    )
    return {"pk": token.pk}


def _fixture(w: World) -> dict:
    return {"fixture_id": w.fixture.pk}


def _table(w: World) -> dict:
    from tournaments.models import Table

    table = Table.objects.filter(round__tournament=w.tournament).order_by("pk").first()
    return {"slug": w.tournament.slug, "table_id": table.pk if table else 1}


MATRIX: dict[str, Entry] = {
    "api:tokens": Entry(lambda w: {}, USERS, USERS),
    "api:token_revoke": Entry(_captains_token, NA, frozenset({"captain"})),
    "api_v1:fixture_card_submit": Entry(_fixture, NA, NOBODY),
    "api_v1:fixture_card_confirm": Entry(_fixture, NA, NOBODY),
    "api_v1:table_scores_enter": Entry(_table, NA, NOBODY),
}
