"""The load test's builder and its reading of wrk, at a tiny size (no server, no wrk), so the
benchmark can't rot between runs."""

import shutil
from urllib.parse import urlsplit

import pytest
from django.test import Client

from benchmarks.load import Page, _answers, _redis, build, pages, session_cookie
from benchmarks.wrk_runs import Rate, combined, parse_wrk

pytestmark = pytest.mark.django_db
TINY_CLUB = {"games": 12, "by_hand": 3, "pool": 6, "ladder_players": 8, "events": 2, "rounds": 2}

WRK_OUTPUT = """Running 2s test @ http://127.0.0.1:40000/accounts/login/
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.20ms    3.10ms  40.01ms   90.00%
    Req/Sec   780.11     50.20     0.90k    70.00%
  Latency Distribution
     50%    4.51ms
     75%    6.02ms
     90%    8.87ms
     99%    1.02s
  1555 requests in 2.00s, 4.12MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:    777.31
Transfer/sec:      2.06MB
"""


def test_wrk_output_is_read_as_rate_median_p99_and_errors():
    rate = parse_wrk(WRK_OUTPUT)
    assert (rate.per_second, rate.median_ms, rate.p99_ms, rate.errors) == (777.31, 4.51, 1020.0, 7)


def test_turns_combine_into_the_mean_rate_and_the_median_latencies():
    turns = [Rate(100, 5, 50, 0), Rate(300, 7, 90, 1), Rate(200, 6, 60, 0)]
    assert combined(turns) == Rate(200, 6, 60, 1)


def test_the_builder_makes_a_season_and_an_event_whose_pages_all_answer():
    built = build(levels=1, teams_per_level=4, weeks=3, players=8, rounds=3, club=TINY_CLUB)
    season, event = built.season.season, built.event.tournament
    assert season.fixtures.filter(away__isnull=False).count() == 6  # 2 a week
    assert (event.entries.count(), event.current_round) == (8, 1)
    listed = pages(built)
    assert [p.label for p in listed][0] == "sign-in page"
    anonymous, manager = Client(), Client()
    name, value = session_cookie(built.season.manager).split("=", 1)
    manager.cookies[name] = value
    for page in listed:
        response = (manager if page.signed_in else anonymous).get(page.path)
        assert response.status_code == 200, (page.label, response.status_code)
    assert any(p.signed_in for p in listed) and all(isinstance(p, Page) for p in listed)


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_the_pages_are_kept_in_a_redis_server_of_the_runs_own(monkeypatch):
    """Not in the machine's: a test run there empties its databases after every test."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    server, url = _redis()
    try:
        port = urlsplit(url).port
        assert server is not None and port not in (None, 6379) and _answers(port)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
    assert not _answers(port)


def test_a_redis_url_given_is_used_as_it_is(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/11")
    assert _redis() == (None, "redis://127.0.0.1:6379/11")
