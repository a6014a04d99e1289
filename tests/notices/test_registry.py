"""notices asks the apps above it through a registry; it works with any app's objects."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db.models import Q
from django.test import override_settings
from django.urls import reverse

from notices import registry
from notices.filters import NoticeFilter
from notices.selectors import notices_with_counts
from tests.factories import UserFactory
from tests.notices.factories import recipients, send_notice

pytestmark = pytest.mark.django_db


@pytest.fixture
def clean_registry(monkeypatch):
    """An empty registry for the test; the league's registrations come back afterwards."""
    monkeypatch.setattr(registry, "_scopes", {})
    monkeypatch.setattr(registry, "_preferences_url", "")


def test_a_registered_scope_becomes_an_outbox_filter(clean_registry):
    registry.register_outbox_scope(
        registry.OutboxScope(
            name="author",
            label="Author",
            empty_label="Anyone",
            choices=lambda: get_user_model().objects.order_by("pk"),
            notices=lambda user: Q(created_by=user),
        )
    )
    ann = UserFactory()
    mine = send_notice(created_by=ann)
    send_notice(created_by=UserFactory())
    notice_filter = NoticeFilter({"author": ann.pk}, queryset=notices_with_counts())
    assert list(notice_filter.form.fields) == ["q", "kind", "author", "problems"]
    assert list(notice_filter.qs) == [mine]


def test_without_scopes_the_outbox_filters_by_search_kind_and_state(clean_registry):
    assert list(NoticeFilter(queryset=notices_with_counts()).form.fields) == [
        "q",
        "kind",
        "problems",
    ]


def test_the_league_registers_its_scope_and_the_preferences_page():
    assert [scope.name for scope in registry.outbox_scopes()] == ["league"]
    assert registry.preferences_url() == "notices:subscriptions"


@override_settings(SITE_URL="https://euchre.example.com")
def test_emails_name_no_preferences_page_until_one_is_registered(
    clean_registry, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        send_notice(recipients=recipients(1, sms=False))
    (email,) = mail.outbox
    footer = email.body.rstrip().splitlines()[-2:]
    assert footer[0] == "You get this from your euchre league."
    assert footer[1].startswith("No more emails from the league: ")
    assert reverse("notices:subscriptions") not in email.body
