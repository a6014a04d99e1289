"""Playoffs: seed eligible teams, build brackets, play best-of-N series as playoff fixtures.

The pure `algorithms.brackets` module owns the structure. After any result the bracket
is rebuilt from its seeds and decided matches and written back, so the rows never drift
from what the module says. Each ready pairing gets a playoff `Fixture` (home = the
better seed, N-S) whose games are created as needed: two at first, the third at 1-1.
"""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from algorithms import brackets
from algorithms.standings import seed_playoffs
from inputs.bounds import date_check, text_clean
from league.nights.models import FixtureGame, PlayoffReview
from league.nights.selectors.forfeits import excluded_from_playoffs
from league.nights.services.escalation import user_or_none
from league.nights.services.results import fixture_games_ensure
from league.playoffs.models import PlayoffBracket, PlayoffMatch, PlayoffRound, PlayoffSeed
from league.playoffs.seeding import seeded_by_rating
from league.seasons.activity import league_activity, plural
from league.seasons.models import Fixture, Season, SkillLevel, Team
from league.seasons.versions import season_changed
from league.standings.selectors import NO_LEVEL, standing_rows
from scoring.models import Scorecard

DONE = (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)


@dataclass
class SeedGroup:
    """One bracket to be: its level (None when combined), name and teams in seed order."""

    level: SkillLevel | None
    name: str
    team_ids: list[int]


def playoff_seeds(season: Season) -> list[SeedGroup]:
    """Eligible teams by bracket, seeded by the season's ranking then strength of schedule,
    or, when the season seeds by rating, by their regulars' mean rating.

    Eligible: active teams (removed ones have no standings row) not excluded by the
    manager's playoff decision. `playoff_teams_per_bracket` keeps the top teams by record.
    """
    groups = _seeds_by_record(season)
    return seeded_by_rating(groups) if season.playoff_seeding == "rating" else groups


def _seeds_by_record(season: Season) -> list[SeedGroup]:
    ineligible = excluded_from_playoffs(season)
    limit = season.playoff_teams_per_bracket
    if season.playoff_grouping == Season.PlayoffGrouping.COMBINED:
        rows = standing_rows(season, combined=True).get("all", [])
        return [SeedGroup(None, "Playoffs", list(seed_playoffs(rows, ineligible, limit)))]
    computed = standing_rows(season)
    groups = []
    for level in season.skill_levels.order_by("position", "name"):
        rows = computed.get(str(level.pk), [])
        groups.append(
            SeedGroup(level, f"Level {level.name}", list(seed_playoffs(rows, ineligible, limit)))
        )
    if computed.get(NO_LEVEL):
        groups.append(
            SeedGroup(None, "No level", list(seed_playoffs(computed[NO_LEVEL], ineligible, limit)))
        )
    return groups


def rounds_needed(teams: int) -> int:
    return max((teams - 1).bit_length(), 1)


def _check_dates(season: Season, dates: Sequence[datetime.date], rounds: int) -> None:
    if len(dates) < rounds:
        raise ValidationError(f"Give a date for each of the {rounds} rounds.")
    for day in dates:
        date_check(day)
    if any(later < earlier for earlier, later in zip(dates, dates[1:], strict=False)):
        raise ValidationError("Each round's date must be on or after the previous round's.")
    if dates[0] < timezone.localdate():
        raise ValidationError("Playoff dates can't be in the past.")
    span = (dates[rounds - 1] - dates[0]).days
    if span >= season.playoff_weeks * 7:
        raise ValidationError(
            f"The playoffs take at most {season.playoff_weeks} week"
            f"{'s' if season.playoff_weeks > 1 else ''}: the rounds span {span + 1} days."
        )


@transaction.atomic
def playoffs_create(
    *, season: Season, by: Any, round_dates: Sequence[datetime.date]
) -> list[PlayoffBracket]:
    """Seed and build the season's brackets and open the first round's series."""
    if not permissions.can_run_league_nights(by, season):
        raise PermissionDenied("Only a league manager sets up the playoffs.")
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.playoff_brackets.exists():
        raise ValidationError("The playoffs are already set up.")
    if PlayoffReview.objects.filter(
        season=season, decision=PlayoffReview.Decision.PENDING
    ).exists():
        raise ValidationError("Decide the pending playoff reviews (second forfeits) first.")
    open_fixtures = Fixture.objects.filter(
        season=season,
        stage=Fixture.Stage.REGULAR,
        away__isnull=False,
        status__in=(Fixture.Status.SCHEDULED, Fixture.Status.POSTPONED),
    ).count()
    if open_fixtures:
        raise ValidationError(
            f"{open_fixtures} regular-season fixture{'s are' if open_fixtures > 1 else ' is'} "
            "still open: finish, close or cancel them before seeding the playoffs."
        )
    groups = [g for g in playoff_seeds(season) if len(g.team_ids) >= 2]
    if not groups:
        raise ValidationError("No bracket has two eligible teams.")
    rounds = max(rounds_needed(len(g.team_ids)) for g in groups)
    dates = list(round_dates)
    _check_dates(season, dates, rounds)
    created = []
    for group in groups:
        bracket = PlayoffBracket.objects.create(
            season=season,
            skill_level=group.level,
            name=group.name,
            best_of=season.playoff_best_of,
        )
        PlayoffSeed.objects.bulk_create(
            PlayoffSeed(bracket=bracket, seed=n, team_id=team)
            for n, team in enumerate(group.team_ids, start=1)
        )
        PlayoffRound.objects.bulk_create(
            PlayoffRound(bracket=bracket, number=n, date=dates[n - 1])
            for n in range(1, rounds_needed(len(group.team_ids)) + 1)
        )
        state = brackets.build_bracket(group.team_ids, best_of=bracket.best_of)
        PlayoffMatch.objects.bulk_create(
            PlayoffMatch(
                bracket=bracket,
                round=m.round,
                position=m.position,
                top_id=m.entrant_a,
                bottom_id=m.entrant_b,
                top_seed=m.seed_a,
                bottom_seed=m.seed_b,
                is_bye=m.is_bye,
                winner_id=m.winner,
            )
            for m in state.matches
        )
        _sync(bracket)
        created.append(bracket)
        league_activity(
            season=season,
            actor=by,
            verb=Verb.PLAYOFFS_CREATED,
            target=bracket,
            label=f"{season.name} · {bracket.name}",
            detail=f"{plural(len(group.team_ids), 'team')}, best of {bracket.best_of}",
        )
    return created


def _rebuild(bracket: PlayoffBracket, rows: list[PlayoffMatch]) -> brackets.Bracket:
    seeds = list(bracket.seeds.order_by("seed").values_list("team_id", flat=True))
    state = brackets.build_bracket(seeds, best_of=bracket.best_of)
    for row in sorted(rows, key=lambda r: (r.round, r.position)):
        if row.winner_id is not None and not row.is_bye:
            state = brackets.advance(state, row.pure_id, row.winner_id)
    return state


def _sync(bracket: PlayoffBracket) -> None:
    """Write the rebuilt bracket back, open ready series, crown the champion."""
    rows = list(bracket.matches.select_for_update(of=("self",)).order_by("round", "position"))
    state = _rebuild(bracket, rows)
    by_id = {m.id: m for m in state.matches}
    for row in rows:
        pure = by_id[row.pure_id]
        fields = {
            "top_id": pure.entrant_a,
            "bottom_id": pure.entrant_b,
            "top_seed": pure.seed_a,
            "bottom_seed": pure.seed_b,
            "winner_id": pure.winner,
        }
        changed = [name for name, value in fields.items() if getattr(row, name) != value]
        for name in changed:
            setattr(row, name, fields[name])
        if changed:
            row.save(update_fields=[name.removesuffix("_id") for name in changed])
    dates = dict(bracket.rounds.values_list("number", "date"))
    for row in rows:
        if row.ready and row.winner_id is None and row.fixture_id is None:
            _open_series(bracket, row, dates.get(row.round) or timezone.localdate())
    final = brackets.champion(state)
    if final is not None and bracket.champion_id != final:
        bracket.champion_id, bracket.decided_at = final, timezone.now()
        bracket.save(update_fields=["champion", "decided_at"])


def _open_series(bracket: PlayoffBracket, match: PlayoffMatch, date: datetime.date) -> None:
    season = bracket.season
    fixture = Fixture.objects.create(
        season=season,
        stage=Fixture.Stage.PLAYOFF,
        week=season.weeks + match.round,
        date=date,
        skill_level=bracket.skill_level,
        home_id=match.top_id,
        away_id=match.bottom_id,
        games=bracket.best_of,
    )
    match.fixture = fixture
    match.save(update_fields=["fixture"])
    season_changed(season, schedule=True)  # the series is on the calendars
    fixture_games_ensure(fixture=fixture)


def _series_winners(match: PlayoffMatch, games: list[FixtureGame]) -> list[int]:
    """Each decided game's winner in order (forfeits included), up to the series' end."""
    winners: list[int] = []
    for fg in games:
        card = getattr(fg.game, "scorecard", None)
        version = card.current_version if card is not None else None
        if fg.forfeited_by_id is not None:
            winner = match.bottom_id if fg.forfeited_by_id == match.top_id else match.top_id
        elif card is not None and card.status in DONE and version is not None and version.winner:
            winner = match.top_id if version.winner == "NS" else match.bottom_id
        else:
            continue
        winners.append(winner)
        if brackets.series_winner(winners, match.bracket.best_of) is not None:
            break
    return winners


@transaction.atomic
def playoff_record_series(*, fixture: Fixture, by: Any = None) -> PlayoffMatch | None:
    """A game of a series got its result: count it, then advance or add the next game."""
    match = (
        PlayoffMatch.objects.select_for_update(of=("self",))
        .select_related("bracket__season")
        .filter(fixture=fixture)
        .order_by("pk")
        .first()
    )
    if match is None or match.winner_id is not None:
        return match
    games = list(
        FixtureGame.objects.filter(fixture=fixture)
        .select_related("game__scorecard__current_version")
        .order_by("number")
    )
    winners = _series_winners(match, games)
    match.top_wins, match.bottom_wins = winners.count(match.top_id), winners.count(match.bottom_id)
    match.save(update_fields=["top_wins", "bottom_wins"])
    winner = brackets.series_winner(winners, match.bracket.best_of)
    if winner is not None:
        _decide(match, winner)
        return match
    open_games = [g for g in games if _undecided(g)]
    if not open_games and len(games) < match.bracket.best_of:
        fixture_games_ensure(fixture=fixture, count=len(games) + 1)
    return match


def _undecided(fg: FixtureGame) -> bool:
    if fg.forfeited_by_id is not None or fg.no_result:
        return False
    card = getattr(fg.game, "scorecard", None)
    return card is None or card.status not in DONE


def _decide(match: PlayoffMatch, winner: int) -> None:
    match.winner_id = winner
    match.save(update_fields=["winner"])
    if match.fixture_id:
        Fixture.objects.filter(pk=match.fixture_id).update(
            status=Fixture.Status.PLAYED, updated_at=timezone.now()
        )
        season_changed(match.bracket.season_id, schedule=True)
    _sync(match.bracket)


@transaction.atomic
def playoff_match_award(*, match: PlayoffMatch, winner: Team, by: Any, reason: str) -> PlayoffMatch:
    """A manager decides a series the games can't (a team that can't field players)."""
    if not permissions.can_run_league_nights(by, match.bracket.season):
        raise PermissionDenied("Only a league manager awards a playoff series.")
    reason = text_clean(
        reason,
        label="the reason",
        limit=PlayoffMatch._meta.get_field("award_reason").max_length,
        empty="Say why the series is awarded: it is shown on the bracket.",
    )
    match = (
        PlayoffMatch.objects.select_for_update(of=("self",))
        .select_related("bracket")
        .get(pk=match.pk)
    )
    if match.winner_id is not None:
        raise ValidationError("That series is already decided.")
    if not match.ready:
        raise ValidationError("That series is still waiting for a team.")
    if winner.pk not in (match.top_id, match.bottom_id):
        raise ValidationError(f"{winner} isn't playing in that series.")
    match.awarded_by, match.award_reason = user_or_none(by), reason
    match.save(update_fields=["awarded_by", "award_reason"])
    _decide(match, winner.pk)
    league_activity(
        season=match.bracket.season,
        actor=by,
        verb=Verb.SERIES_AWARDED,
        target=match,
        label=f"{match.bracket.season.name} · {match}",
        detail=f"to {winner} · {match.award_reason}",
    )
    return match


def playoffs_team_removed(*, team: Team) -> None:
    """A team removed from the league loses its open series to its opponent."""
    for match in (
        PlayoffMatch.objects.filter(winner__isnull=True, is_bye=False)
        .filter(bracket__season_id=team.season_id)
        .select_related("bracket")
    ):
        if match.ready and team.pk in (match.top_id, match.bottom_id):
            match.award_reason = f"{team} was removed from the league."
            match.save(update_fields=["award_reason"])
            _decide(match, match.bottom_id if match.top_id == team.pk else match.top_id)


@transaction.atomic
def playoff_round_set_date(
    *, bracket: PlayoffBracket, number: int, date: datetime.date, by: Any
) -> PlayoffRound:
    """Move a round (any day will do); its series not yet started move with it."""
    if not permissions.can_run_league_nights(by, bracket.season):
        raise PermissionDenied("Only a league manager schedules the playoffs.")
    rounds = {
        r.number: r for r in bracket.rounds.select_for_update(of=("self",)).order_by("number")
    }
    if number not in rounds:
        raise ValidationError("That round isn't in this bracket.")
    dates = [rounds[n].date if n != number else date for n in sorted(rounds)]
    _check_dates(bracket.season, dates, len(dates))
    playoff_round = rounds[number]
    playoff_round.date = date
    playoff_round.save(update_fields=["date"])
    for match in bracket.matches.filter(round=number, winner__isnull=True, fixture__isnull=False):
        started = Scorecard.objects.filter(game__fixture_game__fixture_id=match.fixture_id).exclude(
            status=Scorecard.Status.EMPTY
        )
        if started.exists():
            continue
        fixture = Fixture.objects.get(pk=match.fixture_id)
        taken = (
            fixture.table_id is not None
            and Fixture.objects.filter(table_id=fixture.table_id, date=date)
            .exclude(pk=fixture.pk)
            .exclude(status__in=(Fixture.Status.CANCELLED, Fixture.Status.POSTPONED))
            .exists()
        )
        fixture.date, fixture.table_id = date, None if taken else fixture.table_id
        fixture.save(update_fields=["date", "table", "updated_at"])
        season_changed(bracket.season_id, schedule=True)
    return playoff_round
