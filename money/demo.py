"""Demo sign-ups, dated from the day the demo is loaded, both paid at the door:

- the demo league's next season (a draft starting after this one ends) takes teams: $40.00
  a team, $30.00 until ten days from today, two questions; the demo captain has registered
  Left Bowers with the demo player as partner, who accepted, and two more captains wait for
  their partners;
- an upcoming progressive ten days from today takes 12 players at $10.00: full, the demo
  player holding a place and two on the waitlist (withdraw as 'player' to see the first
  offered the place).

Registrations go through the registrations part's services, as a person's would. Loading
twice the same day changes nothing; another day the demo league and events are rebuilt, so
the money hanging off yesterday's are cleared first (`loading`).
"""

import contextlib
import datetime
from collections.abc import Iterator

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from league.demo.dates import DemoDates, term_name
from league.demo.reset import league_is_current, register_wipe_step
from league.demo.seasons import DEMO_TEAM, LEAGUE_SLUG
from league.seasons.models import League, Player, Season
from league.seasons.services.seasons import season_create
from money.models import Ledger, LedgerEntry, Payment, Question, Refund, Registration, SignUp
from money.payments.services.door import payment_mark_paid
from money.registrations.flows import Submission, registration_submit
from money.registrations.partners import partner_accept
from money.setup.rules import Terms
from money.setup.services import question_add, sign_up_create
from scoring.models import RuleSet
from tournaments.demo import _event, _names
from tournaments.models import Tournament
from wording.when import day

EVENT_SLUG = "legion-hall-progressive"
EVENT_DAYS_AHEAD = 10
EVENT_PLACES = 12
WAITING = 2
PAID_AT_THE_DOOR = 6  # the event's first registrants, 'player' among them, paid already
NEXT_SEASON_WEEKS_AFTER = 3  # the next season's first night, weeks after this one's makeup
# Other captains who registered their teams for next season, their partners not yet answering.
CAPTAINS = ("Right Bowers", "Lone Wolves")


def _local(on: datetime.date, hour: int) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(on, datetime.time(hour, 0)))


def _money_wipe(sign_ups: Q, ledgers: Q) -> None:
    """Everything the money part keeps for these sign-ups and ledgers: it is protected (a
    payment, a ledger line), so it goes first, last things first."""
    lines = LedgerEntry.objects.filter(Q(ledger__in=Ledger.objects.filter(ledgers)))
    while lines.exists():  # a correction protects the line it corrects: those first
        lines.filter(corrections__isnull=True).delete()
    registrations = Registration.objects.filter(sign_up__in=SignUp.objects.filter(sign_ups))
    Refund.objects.filter(payment__registration__in=registrations).delete()
    Payment.objects.filter(registration__in=registrations).delete()
    registrations.delete()
    SignUp.objects.filter(sign_ups).delete()
    Ledger.objects.filter(ledgers).delete()


def _stale_wipe(today: datetime.date) -> None:
    """The money of a demo league or event from another day, before they are rebuilt."""
    league = League.objects.filter(slug=LEAGUE_SLUG).first()
    if league is not None and not league_is_current(league, DemoDates(today)):
        _money_wipe(Q(season__league=league), Q(season__league=league))
    event = Tournament.objects.filter(slug=EVENT_SLUG).exclude(date=_event_day(today)).first()
    if event is not None:
        _money_wipe(Q(tournament=event), Q(tournament=event))


def _league_money_wipe(league: League) -> None:
    _money_wipe(Q(season__league=league), Q(season__league=league))


@contextlib.contextmanager
def loading() -> Iterator[None]:
    _stale_wipe(timezone.localdate())
    register_wipe_step(_league_money_wipe)  # a demo league rebuilt today takes its money too
    yield


def _event_day(today: datetime.date) -> datetime.date:
    return today + datetime.timedelta(days=EVENT_DAYS_AHEAD)


def _user(username: str, first: str, last: str, email: str):  # type: ignore[no-untyped-def]
    """A registrant's account (no password: the demo signs in only its five accounts)."""
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"first_name": first, "last_name": last, "email": email}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _next_season(league: League, dates: DemoDates) -> Season:
    starts = dates.makeup + datetime.timedelta(weeks=NEXT_SEASON_WEEKS_AFTER)
    found = league.seasons.filter(starts_on=starts).first()
    if found is not None:
        return found
    name = term_name(starts)
    if league.seasons.filter(name__iexact=name).exists():
        name = f"{name}, second season"
    return season_create(
        league=league, name=name, starts_on=starts, weeks=10, skill_levels=["A", "B"]
    )


def _sign_up(by, terms: Terms, questions: list[dict], **target) -> tuple[SignUp, bool]:  # type: ignore[no-untyped-def]
    sign_up, created = sign_up_create(by=by, terms=terms, **target)
    if created:
        for question in questions:
            question_add(sign_up=sign_up, by=by, **question)
    return sign_up, created


def _season_sign_up(today: datetime.date) -> str:
    users = get_user_model().objects.in_bulk(
        ["manager", "captain", "player"], field_name="username"
    )
    league = League.objects.get(slug=LEAGUE_SLUG)
    season = _next_season(league, DemoDates(today))
    now = timezone.now()
    closes = _local(season.starts_on - datetime.timedelta(days=3), 23)
    terms = Terms(
        opens_at=now - datetime.timedelta(days=2),
        closes_at=closes,
        places=16,
        fee_cents=4000,
        fee_per="team",
        early_fee_cents=3000,
        early_until=_local(today + datetime.timedelta(days=10), 23),
        refund_until=closes,
    )
    questions = [
        {
            "text": "Which night suits your team for makeups?",
            "kind": "choice",
            "options": ["Monday", "Wednesday", "Either"],
        },  # fmt: skip
        {"text": "Anything the manager should know?", "kind": "text"},
    ]
    sign_up, created = _sign_up(users["manager"], terms, questions, season=season)
    if created:
        _season_registrations(sign_up, users)
    return (
        f"  sign-up {season.name} of {league.name}: teams, $40.00 ($30.00 early), at the "
        f"door, {sign_up.registrations.count()} registered (Left Bowers paid); 'manager' sets "
        "it at "
        + reverse("money:season_sign_up", args=[league.slug, season.slug])
        + ", accepts teams at "
        + reverse("money:registration_list", args=[sign_up.pk])
        + ", ledger "
        + reverse("money:ledger_season", args=[league.slug, season.slug])
    )


def _season_registrations(sign_up: SignUp, users: dict) -> None:
    level = sign_up.season.skill_levels.order_by("name").first()
    choice = str(sign_up.questions.get(kind=Question.Kind.CHOICE).pk)
    captain = users["captain"]
    registration, _ = registration_submit(
        sign_up=sign_up,
        by=captain,
        typed=Submission(
            team_name=DEMO_TEAM,
            skill_level_id=level.pk if level else None,
            partner_name="Pat Player",
            partner_email="player@example.com",
            answers={choice: "Either"},
            waiver_name="Casey Captain",
            waiver_agreed=True,
        ),
    )
    partner_accept(
        token=registration.partner_token,
        by=users["player"],
        waiver_name="Pat Player",
        waiver_agreed=True,
    )
    _door_paid(registration, users["manager"])
    for team in CAPTAINS:  # their teammates this season are invited as partners
        user = get_user_model().objects.filter(username=f"captain-{slugify(team)}").first()
        mate = Player.objects.filter(email=f"{slugify(team).replace('-', '.')}.2@example.com")
        partner = mate.first()
        if user is None or partner is None:
            continue  # someone changed the demo league: these two are left out
        registration_submit(
            sign_up=sign_up,
            by=user,
            typed=Submission(
                team_name=team,
                skill_level_id=level.pk if level else None,
                partner_name=partner.name,
                partner_email=partner.email,
                answers={choice: "Monday"},
                waiver_name=user.player.name,
                waiver_agreed=True,
            ),
        )


def _event_sign_up(today: datetime.date) -> str:
    users = get_user_model().objects.in_bulk(["director", "player"], field_name="username")
    event_day = _event_day(today)
    event, _ = _event(
        EVENT_SLUG,
        users["director"],
        name="Legion Hall Progressive",
        date=event_day,
        venue="Legion Hall",
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=6,
        prizes=[6000, 3600, 2400],
    )
    terms = Terms(
        opens_at=timezone.now() - datetime.timedelta(days=3),
        closes_at=_local(event_day, 18),
        places=EVENT_PLACES,
        offer_hours=24,
        fee_cents=1000,
        refund_until=_local(event_day - datetime.timedelta(days=1), 18),
    )
    questions = [{"text": "First progressive with us?", "kind": "yes_no"}]
    sign_up, created = _sign_up(users["director"], terms, questions, tournament=event)
    if created:
        _event_registrations(sign_up, users["player"], users["director"])
    placed = sign_up.registrations.filter(state__in=Registration.PLACED).count()
    waiting = sign_up.registrations.filter(state=Registration.State.WAITLISTED).count()
    mine = sign_up.registrations.filter(user__username="player").first()
    return (
        f"  sign-up {event.name} ({day(event.date)}): {placed} of {EVENT_PLACES} players, "
        f"{waiting} on the waitlist, $10.00 at the door ({PAID_AT_THE_DOOR} paid); 'director' "
        "sets it at "
        + reverse("money:event_sign_up", args=[event.slug])
        + ", sees the registrations at "
        + reverse("money:registration_list", args=[sign_up.pk])
        + " and the ledger at "
        + reverse("money:ledger_event", args=[event.slug])
        + (
            "\n    'player' holds a place; withdrawing at "
            + reverse("money:registration_detail", args=[mine.pk])
            + " offers it to the first on the waitlist"
            if mine is not None
            else ""
        )
    )


def _door_paid(registration: Registration, by) -> None:  # type: ignore[no-untyped-def]
    """Paid in cash at the door, marked by staff: a receipt, a line on the ledger."""
    registration.refresh_from_db()
    payment_mark_paid(
        registration=registration,
        by=by,
        method="cash",
        amount_cents=registration.fee_due_cents,
        token=f"demo-{registration.pk}",
    )


def _event_registrations(sign_up: SignUp, player, director) -> None:  # type: ignore[no-untyped-def]
    question = str(sign_up.questions.get().pk)
    people = [player]
    for name in _names(EVENT_PLACES - 1 + WAITING, 240):
        first, last = name.split(" ", 1)
        slug = name.lower().replace(" ", ".")
        people.append(_user(f"signup-{slug.replace('.', '-')}", first, last, f"{slug}@example.com"))
    for n, person in enumerate(people):
        registration, _ = registration_submit(
            sign_up=sign_up,
            by=person,
            typed=Submission(answers={question: "yes" if n % 3 == 0 else "no"}),
        )
        if n < PAID_AT_THE_DOOR:
            _door_paid(registration, director)


def load() -> list[str]:
    today = timezone.localdate()
    return [
        "Sign-ups (open now at /money/; settings from the season's and the event's staff "
        "pages, 'Sign-up and fees'):",
        _season_sign_up(today),
        _event_sign_up(today),
    ]
