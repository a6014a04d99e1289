"""The cache (a Redis of the test's own, `tests.config.own_services`) goes away while the
pages that keep what they build are asked for: they are built without it, the outage is
logged once (and its end once), and the login throttle keeps counting, so wrong passwords
still lock an account and password reset stays limited."""

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis as redis_py
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.urls import reverse

from accounts import throttle
from config import cache as fail_soft
from league.standings.services import standings_publish
from tests.config.own_services import OwnRedis
from tests.factories import PASSWORD, UserFactory, manager_user
from tests.league.night_factories import (
    captain_of,
    fixture_between,
    night_season,
    play,
    ready_team,
)
from tests.tournaments.factories import progressive, started

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    yield server
    server.close()


@pytest.fixture
def redis_cache(settings, redis, monkeypatch) -> Iterator[OwnRedis]:
    """The production cache backend on the test's Redis, with a fresh outage state; every
    call tries Redis (no pause between tries), so "logged once" is not thanks to the pause."""
    if not redis.answers():
        redis.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": redis.url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    monkeypatch.setattr(fail_soft, "OUTAGE", fail_soft.Outage())
    monkeypatch.setattr(fail_soft, "RETRY_SECONDS", 0)
    cache.clear()
    yield redis
    if not redis.answers():
        redis.start()


def _kept(redis: OwnRedis) -> int:
    with redis_py.Redis.from_url(redis.url) as client:
        return client.dbsize()


def _outage_lines(caplog) -> list[str]:
    return [
        record.levelname + " " + record.getMessage()
        for record in caplog.records
        if record.name == fail_soft.__name__
    ]


@dataclass
class Pages:
    """Every page that keeps what it builds in the cache, and a word each must show."""

    public: dict[str, str]
    captain: Any  # who enters tonight's card on the fixture page (read fresh for them)
    fixture_url: str


@pytest.fixture
def pages() -> Pages:
    season = night_season(levels=("A",))
    home, away = (ready_team(season, name, "A")[1] for name in ("Left Bowers", "Right Bowers"))
    fixture = fixture_between(season, home, away, 1)
    play(fixture, (10, 1), (10, 2), (4, 10))
    standings_publish(season=season, week=1, by=manager_user())
    event = started(progressive(8, rounds=2))
    slugs = [season.league.slug, season.slug]
    fixture_url = reverse("league:fixture_detail", args=[fixture.pk])
    public = {
        reverse("league:season_schedule", args=slugs) + "?week=all": "Left Bowers",
        reverse("league:season_schedule", args=slugs) + "?export=csv": "Right Bowers",
        reverse("league:season_standings", args=slugs): "Left Bowers",
        reverse("league:season_calendar", args=slugs): "BEGIN:VCALENDAR",
        fixture_url: "Right Bowers",
        reverse("tournaments:detail", args=[event.slug]): event.name,
        reverse("tournaments:leaderboard", args=[event.slug]): event.name,
        reverse("tournaments:big_screen", args=[event.slug]): "Round 1",
        reverse("tournaments:big_screen_panel", args=[event.slug]) + "?page=1": "Table",
    }
    return Pages(public, captain_of(home), fixture_url)


def _visit(client, pages: Pages) -> None:
    for url, shown in pages.public.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert shown in response.content.decode(), url
    client.force_login(pages.captain)
    response = client.get(pages.fixture_url)
    client.logout()
    assert response.status_code == 200 and "Right Bowers" in response.content.decode()


def test_every_kept_page_is_served_while_the_cache_is_down_and_the_outage_is_logged_once(
    client, redis_cache, pages, caplog
):
    _visit(client, pages)
    assert _kept(redis_cache) > 0  # the pages do keep what they build
    redis_cache.stop()
    with caplog.at_level(logging.INFO, logger=fail_soft.__name__):
        for _ in range(3):
            _visit(client, pages)
        lines = _outage_lines(caplog)
        assert len(lines) == 1 and lines[0].startswith("WARNING The cache is unavailable")
        redis_cache.start()
        _visit(client, pages)
        lines = _outage_lines(caplog)
    assert len(lines) == 2 and lines[1].startswith("INFO The cache answers again")
    assert _kept(redis_cache) > 0  # and keep it again


def test_a_second_outage_is_logged_again(client, redis_cache, pages, caplog):
    with caplog.at_level(logging.INFO, logger=fail_soft.__name__):
        for _ in range(2):
            redis_cache.stop()
            _visit(client, pages)
            redis_cache.start()
            _visit(client, pages)
    assert [line.split(" ", 1)[0] for line in _outage_lines(caplog)] == [
        "WARNING",
        "INFO",
        "WARNING",
        "INFO",
    ]


def test_wrong_passwords_still_lock_an_account_while_the_cache_is_down(
    client, redis_cache, settings
):
    settings.LOGIN_FAILURE_LIMIT = 2
    user = UserFactory()
    redis_cache.stop()
    for _ in range(2):
        client.post(reverse("login"), {"username": user.username, "password": "wrong-guess"})
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert SESSION_KEY not in client.session
    assert "this account, so it is locked" in response.content.decode()
    redis_cache.start()  # and nothing was forgotten when it came back
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert "this account, so it is locked" in response.content.decode()


def test_password_reset_stays_limited_while_the_cache_is_down(client, redis_cache):
    redis_cache.stop()
    for n in range(throttle.RESET_PER_ADDRESS):
        assert (
            client.post(reverse("password_reset"), {"email": f"p{n}@example.com"}).status_code
            == 302
        )
    response = client.post(reverse("password_reset"), {"email": "another@example.com"})
    assert "Too many password reset requests from your network" in response.content.decode()


def test_while_down_redis_is_tried_again_only_every_few_seconds(settings, redis, monkeypatch):
    """A Redis that hangs costs one request a short timeout per pause, not every request."""
    outage = fail_soft.Outage()
    now = [100.0]
    outage.clock = lambda: now[0]
    monkeypatch.setattr(fail_soft, "OUTAGE", outage)
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.FailSoftRedisCache", "LOCATION": redis.url}
    }
    tries = []
    real_get = fail_soft.RedisCache.get

    def counted(self, *args, **kwargs):
        tries.append(now[0])
        return real_get(self, *args, **kwargs)

    monkeypatch.setattr(fail_soft.RedisCache, "get", counted)
    redis.stop()
    try:
        for _ in range(20):
            assert cache.get("anything", "missing") == "missing"
            now[0] += 1
    finally:
        redis.start()
    assert tries == [100.0, 105.0, 110.0, 115.0]


def test_each_connection_pool_keeps_one_client_and_it_answers_after_an_outage(settings, redis):
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.FailSoftRedisCache", "LOCATION": redis.url}
    }
    backend = cache._cache  # the shared client of this thread's backend
    assert backend.get_client() is backend.get_client(write=True)
    cache.set("kept", "before")
    redis.stop()
    try:
        assert cache.get("kept", "missing") == "missing"
    finally:
        redis.start()
    fail_soft.OUTAGE.retry_at = 0.0  # try again now rather than in a few seconds
    cache.set("kept", "after")
    assert cache.get("kept") == "after"  # the same client reconnects through its pool
