"""The demo club's season: eight past Tuesday progressives, their ladder, ratings, a merge.

Twenty-four regulars (the demo player Pat Player and captain Casey Captain among them)
play eight weekly progressives before today, sixteen a night, run by the demo 'director'.
The events form the "Tuesday Ladder" series (10/8/6/5/4/3/2/1 points, best 6 of 8, at
least 4 nights to qualify). One regular was typed at the door under another name with
the same phone: the director merged that record into theirs (undo it at /people/merges/).
Then every game is rated from scratch. Pat Player shows everything on their profile.
Loading twice the same day changes nothing; another day the events are set up again.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from league.models import Player
from people.models import PlayerMerge, ProfileChoice, Series
from people.services.merges import player_merge
from people.services.ratings import ratings_rebuild
from people.services.series import series_add_event, series_create
from scoring.models import Game, RuleSet
from tournaments.demo import _event, _names, _random_hands, _settle
from tournaments.models import Round, Table, Tournament
from tournaments.services import entry_check_in, entry_register, round_start_next
from tournaments.services.lifecycle import tournament_start
from tournaments.services.progressive import progressive_finish

NIGHTS = 8
ROUNDS = 4
PER_NIGHT = 16
SERIES_NAME = "Tuesday Ladder"
REGULARS = list(dict.fromkeys(["Pat Player", "Casey Captain", *_names(21, 200), "Kit Carter"]))
TYPED_AT_THE_DOOR = "Katherine Carter"  # Kit Carter, typed under her full name one night
KITS_PHONE = "+15555550123"


def _night_players(rng: random.Random, night: int) -> list[str]:
    """Sixteen of the regulars; Pat plays all but one night, Kit comes as Katherine once."""
    others = [name for name in REGULARS if name != "Pat Player"]
    chosen = rng.sample(others, PER_NIGHT - (0 if night == 3 else 1))
    if night != 3:
        chosen.append("Pat Player")
    if night == 5:
        chosen = [TYPED_AT_THE_DOOR if name == "Kit Carter" else name for name in chosen]
        if TYPED_AT_THE_DOOR not in chosen:
            chosen[0] = TYPED_AT_THE_DOOR
    return chosen


def _backdate(tournament: Tournament, evening: datetime.datetime) -> None:
    """Played on its own night: rounds, games and the event carry that evening's times."""
    for round_ in Round.objects.filter(tournament=tournament):
        start = evening + datetime.timedelta(minutes=25 * (round_.number - 1))
        Round.objects.filter(pk=round_.pk).update(started_at=start)
        games = Table.objects.filter(round=round_).values("game_id")
        Game.objects.filter(pk__in=games).update(created_at=start)
    Tournament.objects.filter(pk=tournament.pk).update(
        started_at=evening, finished_at=evening + datetime.timedelta(minutes=25 * ROUNDS)
    )


def _night(director, day: datetime.date, number: int, rng: random.Random) -> Tournament:
    tournament, created = _event(
        f"tuesday-progressive-{number}",
        director,
        name=f"Tuesday Progressive #{number}",
        date=day,
        venue="Black Bull, back room",
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=ROUNDS,
        seed=100 + number,
        prizes=[4000, 2400, 1600],
    )
    if not created:
        return tournament
    # Once merged (an earlier day's demo), the door knows her: no new record is typed.
    known = PlayerMerge.objects.filter(merged__name=TYPED_AT_THE_DOOR, undone_at=None).exists()
    for name in _night_players(rng, number):
        name = "Kit Carter" if known and name == TYPED_AT_THE_DOOR else name
        entry = entry_register(tournament=tournament, player_name=name)
        if name == TYPED_AT_THE_DOOR:
            entry.phone = KITS_PHONE
            entry.save(update_fields=["phone"])
        entry_check_in(entry=entry)
    tournament_start(tournament=tournament, by=director)
    for round_number in range(1, ROUNDS + 1):
        tables = Table.objects.filter(round__tournament=tournament, round__number=round_number)
        for table in tables.select_related("game").order_by("number"):
            _settle(table.game, director, hands=_random_hands(rng))
        if round_number < ROUNDS:
            round_start_next(tournament=tournament, by=director)
    progressive_finish(tournament=tournament, by=director)
    evening = timezone.make_aware(datetime.datetime.combine(day, datetime.time(19, 0)))
    _backdate(tournament, evening)
    return tournament


def _series(director, events: list[Tournament]) -> Series:
    series = Series.objects.filter(name=SERIES_NAME, director=director).first()
    if series is None:
        series = series_create(
            actor=director,
            name=SERIES_NAME,
            format=Tournament.Format.PROGRESSIVE,
            points=[10, 8, 6, 5, 4, 3, 2, 1],
            best_of=6,
            min_events=4,
        )
    counted = set(series.series_events.values_list("tournament_id", flat=True))
    for event in events:
        if event.pk not in counted:
            series_add_event(actor=director, series=series, tournament=event)
    return series


def _merge_kit(director) -> PlayerMerge | None:
    """Kit's two records: the club's, with her phone, and the one typed at the door."""
    kit = Player.objects.filter(name="Kit Carter", merged_into=None).order_by("pk").first()
    typed = Player.objects.filter(name=TYPED_AT_THE_DOOR, merged_into=None).order_by("pk").first()
    if kit is None:
        return None
    if typed is None:  # merged already (today's demo loaded again): that merge stands
        return PlayerMerge.objects.filter(kept=kit, undone_at=None).order_by("-pk").first()
    if not kit.phone:
        Player.objects.filter(pk=kit.pk).update(phone=KITS_PHONE)
        kit.phone = KITS_PHONE
    return player_merge(
        actor=director, kept=kit, merged=typed, reason="Same phone: typed under her full name"
    )


def loading():  # type: ignore[no-untyped-def]
    """Around the whole demo load (its cards commit at the end): one rebuild, in `load`,
    instead of a re-rating per card."""
    from people.receivers import paused

    return paused()


def load() -> list[str]:
    director = get_user_model().objects.get(username="director")
    today = timezone.localdate()
    rng = random.Random(21)
    events = [
        _night(director, today - datetime.timedelta(weeks=NIGHTS + 1 - n), n, rng)
        for n in range(1, NIGHTS + 1)
    ]
    series = _series(director, events)
    merge = _merge_kit(director)
    rated = ratings_rebuild()
    pat = Player.objects.filter(name="Pat Player", merged_into=None).order_by("pk").first()
    if pat is not None:
        ProfileChoice.objects.update_or_create(
            player=pat,
            defaults={"show_results": True, "show_statistics": True, "show_rating": True},
        )
    rated_players = Player.objects.filter(~Q(rating=None)).count()
    lines = [
        "The club across nights (people):",
        f"  season ladder {series.name}: {reverse('people:ladder', args=[series.slug])} "
        f"({NIGHTS} past Tuesday progressives, best 6 count, 4 to qualify)",
        f"  ratings: {rated} games rated for {rated_players} players",
    ]
    if pat is not None:
        lines.append(
            f"  Pat Player's profile (all public): {reverse('people:profile', args=[pat.pk])}"
        )
    if merge is not None:
        lines.append(
            f"  merged duplicate: {TYPED_AT_THE_DOOR} into Kit Carter "
            "(undo at /people/merges/ as 'director')"
        )
    return lines
