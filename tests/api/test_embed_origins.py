"""The sites allowed to frame the embeds: typed by staff, kept as plain origins, refused with
a message when they are anything else, listed twice never, and changed by the league's
managers or the event's directors only."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from accounts.models import RoleName, Scope
from activity.models import Activity, Verb
from api.embeds.origins import origin_normalised
from api.embeds.services import embed_origin_add, embed_origin_remove
from api.models import EmbedOrigin
from tests.factories import LeagueFactory, UserFactory, director_user, grant_role, manager_user
from tests.tournaments.factories import progressive


def _event():  # type: ignore[no-untyped-def]
    """A progressive event with a director of its own (and of no other event)."""
    director = UserFactory()
    event = progressive(4, rounds=1, director=director)
    grant_role(director, RoleName.DIRECTOR, Scope.TOURNAMENT, event.pk)
    return event


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("https://club.example.org", "https://club.example.org"),
        ("  HTTPS://Club.Example.ORG/ ", "https://club.example.org"),
        ("https://club.example.org:443", "https://club.example.org"),
        ("http://club.example.org:80", "http://club.example.org"),
        ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
        ("https://[::1]:8443", "https://[::1]:8443"),
        ("https://bücher.example", "https://xn--bcher-kva.example"),
    ],
)
def test_an_origin_is_kept_one_way(typed, kept):
    assert origin_normalised(typed) == kept


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "Enter the address"),
        ("*", "Wildcards"),
        ("https://*.example.org", "Wildcards"),
        ("'self'", "frames its own pages"),
        ("self", "frames its own pages"),
        ("data:", "must start with https://"),
        ("javascript:alert(1)", "must start with https://"),
        ("ftp://club.example.org", "must start with https://"),
        ("club.example.org", "must start with https://"),
        ("https:", "must start with https://"),
        ("https://club.example.org/standings", "without a path"),
        ("https://club.example.org/?x=1", "without a path"),
        ("https://club.example.org#top", "without a path"),
        ("https://club.example.org?", "without a path"),
        ("https://user:pw@club.example.org", "user name or password"),
        ("https://club.example.org:99999", "port must be a number"),
        ("https://club.example.org:0", "port must be a number"),
        ("https://club.example.org:http", "port must be a number"),
        ("https://club example.org", "without quotes, spaces or commas"),
        ("https://a.org https://b.org", "without quotes, spaces or commas"),
        ("https://a.org;script-src *", "Wildcards"),
        ("https://a.org;", "without quotes, spaces or commas"),
        ("https://-bad-.org", "Enter a host name"),
        ("https://", "must start with https://"),
        ("https://" + "a" * 200 + ".org", "Keep the address to 200"),
    ],
)
def test_anything_but_a_plain_origin_is_refused_with_a_message(typed, said):
    with pytest.raises(ValidationError) as refused:
        origin_normalised(typed)
    assert said in refused.value.messages[0]


@pytest.mark.django_db
def test_a_manager_lists_a_site_once_and_takes_it_off():
    league = LeagueFactory()
    manager = manager_user(league)
    row = embed_origin_add(by=manager, league=league, origin="https://Club.example.org/")
    assert row.origin == "https://club.example.org"
    with pytest.raises(ValidationError, match="already allowed"):
        embed_origin_add(by=manager, league=league, origin="https://club.example.org:443")
    assert EmbedOrigin.objects.count() == 1
    assert embed_origin_remove(by=manager, league=league, origin_id=row.pk) == row.origin
    assert embed_origin_remove(by=manager, league=league, origin_id=row.pk) is None
    assert not EmbedOrigin.objects.exists()
    # In the league's log, once each: the refusal and the second removal wrote nothing.
    logged = Activity.objects.filter(scope_kind="league", scope_id=league.pk).order_by("pk")
    assert [(entry.verb, entry.detail, entry.actor) for entry in logged] == [
        (Verb.EMBED_SITE_ALLOWED, "https://club.example.org", manager),
        (Verb.EMBED_SITE_REMOVED, "https://club.example.org", manager),
    ]
    assert logged[0].target_label == f"{league.name} · embeds"


@pytest.mark.django_db
def test_an_events_sites_are_logged_in_the_events_log():
    event = _event()
    row = embed_origin_add(by=event.director, tournament=event, origin="https://a.org")
    embed_origin_remove(by=event.director, tournament=event, origin_id=row.pk)
    logged = Activity.objects.filter(scope_kind="tournament", scope_id=event.pk)
    assert sorted(logged.values_list("verb", flat=True)) == [
        Verb.EMBED_SITE_ALLOWED,
        Verb.EMBED_SITE_REMOVED,
    ]


@pytest.mark.django_db
def test_the_same_site_may_show_two_leagues_and_an_event():
    leagues = [LeagueFactory(), LeagueFactory()]
    event = _event()
    for league in leagues:
        embed_origin_add(by=manager_user(league), league=league, origin="https://a.org")
    embed_origin_add(by=event.director, tournament=event, origin="https://a.org")
    assert EmbedOrigin.objects.count() == 3


@pytest.mark.django_db
def test_another_league_s_manager_or_another_event_s_director_changes_nothing():
    league, other_league = LeagueFactory(), LeagueFactory()
    event, other_event = _event(), _event()
    row = embed_origin_add(by=manager_user(league), league=league, origin="https://a.org")
    stranger = manager_user(other_league)
    with pytest.raises(PermissionDenied):
        embed_origin_add(by=stranger, league=league, origin="https://b.org")
    with pytest.raises(PermissionDenied):
        embed_origin_remove(by=stranger, league=league, origin_id=row.pk)
    # Nor can a row of one league be removed through another's list.
    assert embed_origin_remove(by=stranger, league=other_league, origin_id=row.pk) is None
    with pytest.raises(PermissionDenied):
        embed_origin_add(by=other_event.director, tournament=event, origin="https://b.org")
    with pytest.raises(PermissionDenied):
        embed_origin_add(by=stranger, tournament=event, origin="https://b.org")
    assert list(EmbedOrigin.objects.values_list("origin", flat=True)) == ["https://a.org"]


# --- The staff pages ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_league_page_adds_a_site_and_shows_the_snippets_with_the_season_s_addresses(
    client,
):
    from tests.league.night_factories import night_season

    season = night_season(name="Fall")
    manager = manager_user(season.league)
    client.force_login(manager)
    url = reverse("api:league_embeds", args=[season.league.slug])
    response = client.post(url, {"origin": "https://Club.example.org"}, follow=True)
    page = response.content.decode()
    assert "https://club.example.org can now show the embeds." in page
    assert "<code>https://club.example.org</code>" in page
    standings = "http://testserver" + reverse(
        "embed:standings", args=[season.league.slug, season.slug]
    )
    assert (
        f"&lt;iframe src=&quot;{standings}&quot; title=&quot;Standings · "
        f"{season.league.name} Fall&quot; loading=&quot;lazy&quot; "
        "style=&quot;width:100%;border:0&quot; height=&quot;560&quot;&gt;&lt;/iframe&gt;"
    ) in page.replace("&amp;quot;", "&quot;").replace("&#x27;", "'")
    assert reverse("embed:schedule", args=[season.league.slug, season.slug]) in page


@pytest.mark.django_db
def test_the_league_page_refuses_a_bad_or_repeated_site_with_a_message(client):
    league = LeagueFactory()
    client.force_login(manager_user(league))
    url = reverse("api:league_embeds", args=[league.slug])
    page = client.post(url, {"origin": "https://a.org/page"}).content.decode()
    assert "without a path" in page
    client.post(url, {"origin": "https://a.org"})
    response = client.post(url, {"origin": "https://A.org:443"})
    assert response.status_code == 200
    assert "https://a.org is already allowed." in response.content.decode()
    assert EmbedOrigin.objects.count() == 1


@pytest.mark.django_db
def test_the_league_page_removes_a_site(client):
    league = LeagueFactory()
    manager = manager_user(league)
    row = embed_origin_add(by=manager, league=league, origin="https://a.org")
    client.force_login(manager)
    url = reverse("api:league_embeds", args=[league.slug])
    page = client.post(url, {"remove": str(row.pk)}, follow=True).content.decode()
    assert "https://a.org can no longer show the embeds." in page
    page = client.post(url, {"remove": "x" * 30}, follow=True).content.decode()
    assert "on the list (removed already?)" in page
    assert not EmbedOrigin.objects.exists()


@pytest.mark.django_db
def test_the_event_page_is_its_directors_only(client):
    event, other_event = _event(), _event()
    url = reverse("api:event_embeds", args=[event.slug])
    client.force_login(other_event.director)
    assert client.get(url).status_code == 403
    assert client.post(url, {"origin": "https://a.org"}).status_code == 403
    client.force_login(manager_user())  # every league's manager, no event's director
    assert client.get(url).status_code == 403
    client.force_login(event.director)
    page = client.post(url, {"origin": "https://a.org"}, follow=True).content.decode()
    assert "https://a.org can now show the embeds." in page
    assert reverse("embed:leaderboard", args=[event.slug]) in page
    assert list(EmbedOrigin.objects.values_list("tournament", flat=True)) == [event.pk]


@pytest.mark.django_db
def test_the_league_page_is_its_managers_only(client):
    league, other_league = LeagueFactory(), LeagueFactory()
    url = reverse("api:league_embeds", args=[league.slug])
    assert client.get(url).status_code == 302  # to log in
    client.force_login(manager_user(other_league))
    assert client.get(url).status_code == 403
    assert client.post(url, {"origin": "https://a.org"}).status_code == 403
    client.force_login(director_user())
    assert client.get(url).status_code == 403
    assert not EmbedOrigin.objects.exists()
