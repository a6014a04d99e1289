"""Sessions in the database, read with one written-once statement: the same answers as
Django's own store."""

import datetime

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from accounts.session_store import SessionStore

pytestmark = pytest.mark.django_db


def _saved(**data) -> str:
    store = SessionStore()
    store.update(data)
    store.save()
    return store.session_key


def test_a_saved_session_is_read_back_in_one_query(django_assert_num_queries):
    key = _saved(player=7, next="/leagues/")
    with django_assert_num_queries(1):
        loaded = SessionStore(session_key=key).load()
    assert loaded == {"player": 7, "next": "/leagues/"} == DjangoStore(session_key=key).load()


def test_an_expired_session_reads_empty_and_loses_its_key():
    key = _saved(player=7)
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - datetime.timedelta(1))
    store = SessionStore(session_key=key)
    assert store.load() == {} and store.session_key is None


def test_an_unknown_key_reads_empty_and_saving_makes_a_new_row():
    store = SessionStore(session_key="no-such-session-key-at-all")
    assert store.load() == {}
    store["player"] = 3
    store.save()
    assert store.session_key != "no-such-session-key-at-all"
    assert Session.objects.filter(pk=store.session_key).exists()


def test_a_signed_in_page_reads_its_session_through_this_store(client, django_user_model):
    user = django_user_model.objects.create_user("reader", password="a-long-pass-phrase")
    assert client.login(username="reader", password="a-long-pass-phrase")
    assert isinstance(client.session, SessionStore)
    response = client.get(reverse("account"))
    assert response.status_code == 200 and response.wsgi_request.user == user
