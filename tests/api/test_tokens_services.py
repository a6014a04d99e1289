"""Personal access tokens: made once, kept as a digest, revoked by their owner."""

import datetime
import hashlib
import threading

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.utils import timezone

from api.models import AccessToken
from api.tokens.selectors import token_for_raw, tokens_for
from api.tokens.services import TOKEN_START, token_create, token_revoke
from tests.factories import UserFactory, admin_user

pytestmark = pytest.mark.django_db


def test_only_the_digest_and_a_short_prefix_are_kept():
    user = UserFactory()
    token, raw = token_create(user=user, name="Scoring script", scope="scores")
    assert raw.startswith(TOKEN_START) and len(raw) > 40
    token.refresh_from_db()
    assert token.digest == hashlib.sha256(raw.encode()).hexdigest()
    assert token.prefix == raw[:12]
    stored = [str(v) for v in AccessToken.objects.values_list(flat=False).get(pk=token.pk)]
    assert raw not in stored
    assert token_for_raw(raw) == token


def test_each_token_is_new():
    user = UserFactory()
    _, first = token_create(user=user, name="One", scope="read")
    _, second = token_create(user=user, name="Two", scope="read")
    assert first != second


def test_a_name_is_required_bounded_and_clean():
    user = UserFactory()
    for name, words in (("  ", "name"), ("x" * 81, "80"), ("bad\x00name", "")):
        with pytest.raises(ValidationError) as refused:
            token_create(user=user, name=name, scope="read")
        assert words in " ".join(refused.value.messages)
    assert not AccessToken.objects.exists()


def test_a_scope_is_read_or_scores():
    with pytest.raises(ValidationError, match="may do"):
        token_create(user=UserFactory(), name="Admin", scope="admin")


def test_an_expiry_is_bounded_and_kept():
    user = UserFactory()
    token, _ = token_create(user=user, name="Month", scope="read", expires_in_days=30)
    assert token.expires_at - timezone.now() > datetime.timedelta(days=29)
    for days in (0, -1, 10_000):
        with pytest.raises(ValidationError, match="expires"):
            token_create(user=user, name=f"Days {days}", scope="read", expires_in_days=days)


def test_a_live_name_is_once_per_person():
    user = UserFactory()
    token_create(user=user, name="Script", scope="read")
    with pytest.raises(ValidationError, match="already have a token with this name"):
        token_create(user=user, name="Script", scope="scores")
    token_create(user=UserFactory(), name="Script", scope="read")  # another person's is fine


def test_a_revoked_tokens_name_may_be_used_again():
    user = UserFactory()
    token, _ = token_create(user=user, name="Script", scope="read")
    token_revoke(token=token, by=user)
    token_create(user=user, name="Script", scope="read")
    assert AccessToken.objects.filter(user=user, name="Script").count() == 2


def test_its_owner_revokes_it_once():
    user = UserFactory()
    token, _ = token_create(user=user, name="Script", scope="read")
    first = token_revoke(token=token, by=user).revoked_at
    assert first is not None
    assert token_revoke(token=token, by=user).revoked_at == first


def test_nobody_else_revokes_it_but_a_site_administrator():
    token, _ = token_create(user=UserFactory(), name="Script", scope="read")
    with pytest.raises(PermissionDenied):
        token_revoke(token=token, by=UserFactory())
    token.refresh_from_db()
    assert token.revoked_at is None
    assert token_revoke(token=token, by=admin_user()).revoked_at is not None


def test_the_list_shows_live_tokens_first():
    user = UserFactory()
    old, _ = token_create(user=user, name="Old", scope="read")
    token_revoke(token=old, by=user)
    live, _ = token_create(user=user, name="Live", scope="read")
    token_create(user=UserFactory(), name="Another's", scope="read")
    assert list(tokens_for(user)) == [live, old]


def test_a_string_that_is_not_ours_is_not_looked_up(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert token_for_raw("not-a-token") is None
        assert token_for_raw(TOKEN_START + "x" * 300) is None


@pytest.mark.needs_postgres  # two connections at once; CI fails rather than skips without it
@pytest.mark.django_db(transaction=True)
def test_a_double_click_makes_one_token():
    user = UserFactory()
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def click() -> None:
        try:
            barrier.wait()
            token_create(user=user, name="Script", scope="read")
            outcomes.append("made")
        except ValidationError as exc:
            outcomes.append(" ".join(exc.messages))
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert AccessToken.objects.filter(user=user, name="Script").count() == 1
    assert outcomes.count("made") == 1
    assert any("already have a token" in outcome for outcome in outcomes)
