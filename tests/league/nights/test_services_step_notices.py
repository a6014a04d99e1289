"""Each step someone waits on writes one notice, to the people who wait, on their channels."""

import datetime

import pytest
from django.utils import timezone

from league.nights.rules import fixture_closes_at
from league.nights.services import reschedules
from league.nights.services.results import (
    GameScore,
    fixture_close,
    fixture_confirm_cards,
    fixture_dispute_card,
    fixture_submit_scores,
)
from league.nights.services.step_notices import version_disputed_notify
from league.seasons.models import RescheduleRequest, RosterEntry
from notices.models import Notice, NoticePreference
from scoring.models import ScorecardVersion
from scoring.services import scorecard_correct, scorecard_settle
from tests.factories import PlayerFactory, RosterEntryFactory, manager_user
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db

Kind = Notice.Kind


def _texts(player, phone):
    player.phone, player.sms_opt_in = phone, True
    player.save(update_fields=["phone", "sms_opt_in"])


def _who(kind):
    """(player id or address, channel) of the one notice of `kind`."""
    notice = Notice.objects.get(kind=kind)
    return {(m.player_id or m.address, m.channel) for m in notice.messages.all()}


def _entered(n, *numbers):
    return fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(g, 10, 4) for g in numbers]
    )


def test_a_dispute_tells_the_leagues_managers_and_the_submitting_captain_not_the_disputer():
    n = night()
    manager = manager_user(n.season.league)
    manager_user(night().season.league)  # another league's manager hears nothing
    _entered(n, 1)
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="It was 10-8")
    assert _who(Kind.CARD_DISPUTED) == {
        (manager.email, "email"),
        (n.home_captain.player.pk, "email"),
    }
    assert "It was 10-8" in Notice.objects.get(kind=Kind.CARD_DISPUTED).body


def test_a_dispute_is_written_once_however_often_it_is_announced():
    n = night()
    _entered(n, 1)
    version = fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="No")
    version_disputed_notify(version)
    assert Notice.objects.filter(kind=Kind.CARD_DISPUTED).count() == 1


def test_a_settlement_tells_both_captains_the_score_and_why():
    n = night()
    manager = manager_user(n.season.league)
    (version,) = _entered(n, 1)
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="No")
    scorecard_settle(scorecard=version.scorecard, user=manager, reason="Both sheets agree")
    assert _who(Kind.CARD_SETTLED) == {
        (n.home_captain.player.pk, "email"),
        (n.away_captain.player.pk, "email"),
    }
    body = Notice.objects.get(kind=Kind.CARD_SETTLED).body
    assert "N-S 10 – E-W 4" in body and "Both sheets agree" in body


def test_closing_a_fixture_sends_one_notice_to_both_captains_and_none_per_settled_card():
    n = night()
    manager = manager_user(n.season.league)
    _entered(n, 1)
    fixture_close(
        fixture=n.fixture,
        user=manager,
        reason="Cards late",
        now=fixture_closes_at(n.fixture) + datetime.timedelta(minutes=1),
    )
    assert _who(Kind.FIXTURE_CLOSED) == {
        (n.home_captain.player.pk, "email"),
        (n.away_captain.player.pk, "email"),
    }
    body = Notice.objects.get(kind=Kind.FIXTURE_CLOSED).body
    assert "Cards that stand as entered: game 1." in body and "No result: games 2, 3." in body
    assert not Notice.objects.filter(kind=Kind.CARD_SETTLED).exists()
    assert ScorecardVersion.objects.filter(kind=ScorecardVersion.Kind.SETTLEMENT).count() == 1


def test_a_card_to_confirm_reaches_each_captain_on_the_channels_they_chose():
    n = night()
    _texts(n.away_captain.player, "4165550111")
    NoticePreference.objects.create(
        player=n.away_captain.player,
        kind=Kind.CARD_AWAITING_CONFIRMATION,
        by_email=True,
        by_sms=True,
    )
    _entered(n, 1, 2)
    assert _who(Kind.CARD_AWAITING_CONFIRMATION) == {
        (n.away_captain.player.pk, "email"),
        (n.away_captain.player.pk, "sms"),
    }


def _request(n, **kwargs):
    return reschedules.reschedule_request_create(
        fixture=n.fixture,
        team=n.home,
        by=n.home_captain,
        proposed_date=timezone.localdate() + datetime.timedelta(days=2),
        reason="Our captain is away",
        **kwargs,
    )


def test_a_reschedule_request_tells_the_other_captain_once():
    n = night()
    request = _request(n)
    assert _who(Kind.RESCHEDULE_REQUESTED) == {(n.away_captain.player.pk, "email")}
    notice = Notice.objects.get(kind=Kind.RESCHEDULE_REQUESTED)
    assert "Our captain is away" in notice.body
    assert notice.source == {"fixture": n.fixture.pk, "reschedule_request": request.pk}


@pytest.mark.parametrize("accept", [True, False])
def test_the_answer_goes_to_the_captain_who_asked_by_the_channel_they_chose(accept):
    n = night()
    asker = n.home_captain.player
    _texts(asker, "4165550112")
    NoticePreference.objects.create(
        player=asker, kind=Kind.RESCHEDULE_ANSWERED, by_email=False, by_sms=True
    )
    request = _request(n)
    reschedules.reschedule_request_respond(
        request=request, team=n.away, by=n.away_captain, accept=accept, note="Sure"
    )
    assert _who(Kind.RESCHEDULE_ANSWERED) == {(asker.pk, "sms")}
    request.refresh_from_db()
    word = "accepted" if accept else "declined"
    assert request.status == (RescheduleRequest.Status.ACCEPTED if accept else "declined")
    assert word in Notice.objects.get(kind=Kind.RESCHEDULE_ANSWERED).sms_text


def test_a_correction_of_a_confirmed_card_tells_both_teams_what_it_was_and_is_now():
    n = night()
    manager = manager_user(n.season.league)
    (version,) = _entered(n, 1)
    fixture_confirm_cards(fixture=n.fixture, user=n.away_captain)
    no_account = RosterEntryFactory(team=n.away, player=PlayerFactory(user=None)).player
    texter = n.home.roster.exclude(role="captain").first().player
    _texts(texter, "+14165550177")
    stranger = night(n.season)  # another fixture's players hear nothing
    scorecard_correct(
        scorecard=version.scorecard,
        user=manager,
        reason="Hand 4 was a euchre.",
        final_scores={"NS": 10, "EW": 7},
    )
    notice = Notice.objects.get(kind=Kind.CARD_CORRECTED)
    both_teams = {e.player_id for e in RosterEntry.objects.filter(team__in=[n.home, n.away])}
    assert {m.player_id for m in notice.messages.filter(channel="email")} == both_teams
    assert no_account.pk in both_teams and len(both_teams) == 5
    assert {m.player_id for m in notice.messages.filter(channel="sms")} == {texter.pk}
    assert not {e.player_id for e in stranger.home.roster.all()} & {
        m.player_id for m in notice.messages.all()
    }
    assert f"Was: {n.home} 10 – {n.away} 4" in notice.body
    assert f"Now: {n.home} 10 – {n.away} 7" in notice.body
    assert "Why: Hand 4 was a euchre." in notice.body
    assert notice.subject.startswith(f"Card corrected: {n.home} v {n.away}")


def test_a_settlement_is_not_told_as_a_correction():
    n = night()
    (version,) = _entered(n, 1)
    fixture_dispute_card(fixture=n.fixture, number=1, user=n.away_captain, reason="No")
    scorecard_settle(scorecard=version.scorecard, user=manager_user(n.season.league), reason="Ok")
    assert not Notice.objects.filter(kind=Kind.CARD_CORRECTED).exists()
