"""The profile and the ladder kept whole for signed-out visitors: one query a visit between
changes, each visitor's own CSRF token, never the public's page for a signed-in visitor
(nor theirs for the public), and the same page as one rendered for the visit."""

import re

import pytest
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from people import whole_pages
from people.views import profiles as profile_views
from people.views import series as series_views
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tests.people.factories import choose, line
from tests.people.merge_helpers import league_pair
from tests.people.series_helpers import plain_director, series_of
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'"X-CSRFToken": "([^"]*)"')


def _shown(name: str = "Ann Bower", partner_name: str = "Bob Card"):
    player = PlayerFactory(name=name)
    partner = PlayerFactory(name=partner_name)
    line(player, partner=partner)
    choose(player, show_results=True)
    return player, partner


def _profile(player) -> str:
    return reverse("people:profile", args=[player.pk])


def _ladder():
    director = plain_director()
    events = [TournamentFactory(director=director, status=Tournament.Status.FINISHED)]
    return series_of(director, events), director


def _get(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def test_a_signed_out_visit_between_changes_is_one_query(client, django_assert_num_queries):
    player, _ = _shown()
    series, _ = _ladder()
    for path in (_profile(player), series.get_absolute_url()):
        _get(client, path)
        whole_pages.memo_clear()  # from the cache, then from the process's memory
        with django_assert_num_queries(1):
            first = _get(client, path)
        with django_assert_num_queries(1):
            again = _get(client, path)
        assert TOKEN.sub("", first) == TOKEN.sub("", again)


def test_each_visitor_gets_a_token_of_their_own_that_works():
    player, _ = _shown()
    for _ in range(2):
        visitor = Client(enforce_csrf_checks=True)
        page = _get(visitor, _profile(player))
        assert "<csrf-token>" not in page
        token = TOKEN.search(page)[1]
        other = Client(enforce_csrf_checks=True)
        _get(other, _profile(player))  # a token of their own, from the same kept page
        refused = other.post(reverse("logout"), HTTP_X_CSRFTOKEN=token)
        assert refused.status_code == 403  # someone else's token
        taken = visitor.post(reverse("logout"), HTTP_X_CSRFTOKEN=token)
        assert taken.status_code == 302


def test_the_kept_page_is_the_page_rendered_for_the_visit(client, monkeypatch):
    player, _ = _shown()
    series, _ = _ladder()
    for path in (_profile(player), series.get_absolute_url()):
        kept = [_get(client, path) for _ in range(2)][1]
        for views in (profile_views, series_views):
            monkeypatch.setattr(views, "signed_out_visit", lambda request, path: False)
        rendered = _get(client, path)
        monkeypatch.undo()
        assert TOKEN.sub("", kept) == TOKEN.sub("", rendered)


def test_a_signed_in_visitor_never_gets_the_publics_page_nor_the_public_theirs(client):
    pair = league_pair()
    choose(pair.kept, show_results=False)
    line(pair.kept)
    path = _profile(pair.kept)
    assert 'id="results"' not in _get(client, path)
    client.force_login(pair.manager)  # the league's staff: the whole record
    staff = _get(client, path)
    assert 'id="results"' in staff and pair.manager.get_username() in staff
    client.force_login(UserFactory(username="someone-else"))  # signed in, seeing the public's
    other = _get(client, path)
    assert 'id="results"' not in other and "someone-else" in other
    client.logout()
    public = _get(client, path)
    assert 'id="results"' not in public and "someone-else" not in public


def test_a_ladders_director_gets_their_page_and_the_public_its_own(client):
    series, director = _ladder()
    assert "Change the ladder" not in _get(client, series.get_absolute_url())
    client.force_login(director)
    assert "Change the ladder" in _get(client, series.get_absolute_url())
    client.logout()
    assert "Change the ladder" not in _get(client, series.get_absolute_url())


def test_a_waiting_message_is_shown_not_swallowed(client):
    player, _ = _shown()
    _get(client, _profile(player))  # kept
    request = RequestFactory().get(_profile(player))
    request.user, request.session = AnonymousUser(), SessionStore()
    request._messages = FallbackStorage(request)
    messages.info(request, "You have been signed out.")
    page = profile_views.profile(request, pk=player.pk).content.decode()
    assert "You have been signed out." in page


def test_another_spelling_of_the_address_is_rendered_for_it(client):
    player, _ = _shown()
    _get(client, _profile(player))
    odd = f"/people/players/000{player.pk}/"
    page = _get(client, odd)
    assert f"next={odd}" in page and "Bob Card" in page
    assert f"next={odd}" not in _get(client, _profile(player))


def test_a_change_shows_at_once_though_a_copy_is_in_memory(client):
    player, _ = _shown()
    assert 'id="results"' in _get(client, _profile(player))
    choose(player, show_results=False)  # as another process would: the stamp moves on
    assert 'id="results"' not in _get(client, _profile(player))


def test_a_copy_in_memory_lasts_no_longer_than_the_cache_entry(client, monkeypatch):
    player, partner = _shown()
    now = [1_000_000.0]
    monkeypatch.setattr(whole_pages, "clock", lambda: now[0])
    assert "Bob Card" in _get(client, _profile(player))
    type(partner).objects.filter(pk=partner.pk).update(name="Rob Card")  # not in the stamp
    now[0] += profile_views.BODY_SECONDS - 1
    assert "Bob Card" in _get(client, _profile(player))  # within the net
    now[0] += 2
    cache.clear()  # the cache's own entries expire too
    assert "Rob Card" in _get(client, _profile(player))


def test_a_process_keeps_a_bounded_number_of_pages(client, monkeypatch):
    monkeypatch.setattr(whole_pages, "MEMO_PAGES", 2)
    players = [_shown(f"Player {n}", f"Partner {n}")[0] for n in range(4)]
    for player in players:
        _get(client, _profile(player))
    assert len(whole_pages._memo) == 2


def test_the_frames_digest_follows_every_template_it_extends_or_includes(settings):
    templates = {
        "page.html": '{% extends "frame.html" %}{% block b %}page{% endblock %}',
        "frame.html": '<main>{% block b %}{% endblock %}{% include "part.html" %}</main>',
        "part.html": "part",
    }
    settings.TEMPLATES = [
        {
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "OPTIONS": {"loaders": [("django.template.loaders.locmem.Loader", templates)]},
        }
    ]
    whole_pages.chrome_digest.cache_clear()
    first = whole_pages.chrome_digest("page.html")
    templates["part.html"] = "another part"
    settings.TEMPLATES = [{**settings.TEMPLATES[0]}]  # the engine is read afresh
    whole_pages.chrome_digest.cache_clear()
    try:
        assert whole_pages.chrome_digest("page.html") != first
    finally:
        whole_pages.chrome_digest.cache_clear()
