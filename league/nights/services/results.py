"""A fixture's results: its games, captains' cards (through scoring), and closing it.

The home team sits N-S and the away team E-W. The home captain enters the card and the
away captain confirms or disputes it (scoring enforces who may confirm: never the
submitter). Every fixture-level write locks the fixture row first, so two captains at
once, or a double click, are served one after the other and leave one version chain.
"""

import contextvars
import datetime
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from league.nights.models import FixtureClosure, FixtureGame
from league.nights.rules import (
    fixture_card_refusals,
    fixture_closes_at,
    fixture_game_refusals,
    game_has_result,
)
from league.nights.services.result_notices import cards_awaiting_notify
from league.nights.services.score_checks import GameProblems, in_team_names
from league.nights.services.step_notices import fixture_closed_notify, one_notice_for_the_step
from league.seasons.activity import fixture_label, league_activity
from league.seasons.eligibility import answers_kept, team_play_problems
from league.seasons.models import Fixture
from league.seasons.versions import season_changed
from scoring.models import Game, Scorecard, ScorecardVersion
from scoring.services import (
    scorecard_confirm,
    scorecard_dispute,
    scorecard_settle,
    scorecard_submit,
)
from wording.when import when

LABEL_MAX = 160
REASON_MAX = 1000  # why a manager closed a fixture
# Set while a fixture-level submit runs: it sends one notice for all its cards.
_batch_notice = contextvars.ContextVar("league_batch_card_notice", default=False)


@dataclass(frozen=True)
class GameScore:
    """A captain's final score for game `number`: home (N-S) and away (E-W) points."""

    number: int
    home: int
    away: int
    timed_out: bool = False


def initial_game_count(fixture: Fixture) -> int:
    """Games created up front: all of a regular night; a series' first majority (2 of 3)."""
    if fixture.stage == Fixture.Stage.PLAYOFF:
        return fixture.games // 2 + 1
    return fixture.games


def game_label(fixture: Fixture, number: int) -> str:
    stage = (
        f"Playoffs round {fixture.week - fixture.season.weeks}"
        if fixture.stage == Fixture.Stage.PLAYOFF
        else f"Week {fixture.week}"
    )
    text = f"{fixture.season.name} · {stage} · {fixture.home} v {fixture.away} · Game {number}"
    return text[:LABEL_MAX]


def _create_game(fixture: Fixture, number: int) -> FixtureGame:
    rule_set = fixture.season.rule_set
    if rule_set is None:
        raise ValidationError("Choose the season's rule set before entering results.")
    game = Game.objects.create(
        rule_set=rule_set,
        label=game_label(fixture, number),
        ns_team_id=fixture.home_id,
        ew_team_id=fixture.away_id,
    )
    return FixtureGame.objects.create(fixture=fixture, number=number, game=game)


def _needs_work(fixture: Fixture, games: Sequence[FixtureGame], wanted: int) -> bool:
    if len(games) < wanted:
        return True
    return any(
        (fg.game.ns_team_id, fg.game.ew_team_id) != (fixture.home_id, fixture.away_id)
        for fg in games
    )


def locked_fixture(fixture: Fixture) -> Fixture:
    return (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__rule_set", "season__league", "home", "away")
        .get(pk=fixture.pk)
    )


@transaction.atomic
def fixture_games_ensure(*, fixture: Fixture, count: int | None = None) -> list[FixtureGame]:
    """The fixture's games, creating the missing ones (idempotent; safe when raced).

    A bye has none. Games whose card was never started follow the fixture's teams
    after a manager's edit; a game with a card keeps the teams it was played by.
    """
    if fixture.away_id is None:
        return []
    wanted = count or initial_game_count(fixture)
    games = list(fixture.fixture_games.select_related("game").order_by("number"))
    if not _needs_work(fixture, games, wanted):
        return games
    fixture = locked_fixture(fixture)
    by_number = {fg.number: fg for fg in fixture.fixture_games.select_related("game")}
    for number in range(1, wanted + 1):
        if number not in by_number:
            by_number[number] = _create_game(fixture, number)
    stale = []
    for fg in by_number.values():
        game = fg.game
        if (game.ns_team_id, game.ew_team_id) == (fixture.home_id, fixture.away_id):
            continue
        if Scorecard.objects.filter(game_id=game.pk).exclude(status="empty").exists():
            continue
        game.ns_team_id, game.ew_team_id = fixture.home_id, fixture.away_id
        game.label = game_label(fixture, fg.number)
        stale.append(game)
    Game.objects.bulk_update(stale, ["ns_team", "ew_team", "label"])
    return [by_number[n] for n in sorted(by_number)]


def _side_for(user: Any, fixture: Fixture) -> str:
    if permissions.is_captain_of(user, fixture.home_id):
        return "NS"
    if fixture.away_id is not None and permissions.is_captain_of(user, fixture.away_id):
        return "EW"
    if permissions.is_league_manager(user, fixture.season.league_id):
        return "NS"
    raise PermissionDenied("Only the two teams' captains or a league manager enter this card.")


def _check_playable(fixture: Fixture) -> None:
    # The same rule the scoring pages' gate asks (league.nights.selectors.games).
    problems = fixture_card_refusals(fixture)
    if problems:
        raise ValidationError(problems[0])


@contextmanager
def _one_notice_for_the_batch() -> Iterator[None]:
    token = _batch_notice.set(True)
    try:
        yield
    finally:
        _batch_notice.reset(token)


def batch_notice_pending() -> bool:
    """True inside a fixture-level submit (the receiver then leaves the notice to it)."""
    return _batch_notice.get()


@transaction.atomic
def fixture_submit_scores(
    *, fixture: Fixture, user: Any, scores: Sequence[GameScore]
) -> list[ScorecardVersion]:
    """A captain's final scores for some of the night's games, one card each.

    All or nothing: one wrong score refuses the lot, and every wrong game is told at once
    (`GameProblems`, in the fixture's team names). A double click returns the versions
    already written; the other captain gets one notice for the lot.
    """
    if not user.is_authenticated or not permissions.can_act_for_fixture(user, fixture):
        raise PermissionDenied("Only the two teams' captains or a league manager enter this card.")
    side = _side_for(user, fixture)
    fixture = locked_fixture(fixture)
    _check_playable(fixture)
    if not scores:
        raise ValidationError("Enter at least one game's score.")
    with answers_kept():  # each game's card asks the teams again: one answer each
        return _submit_each_game(fixture, user, side, scores)


def _submit_each_game(
    fixture: Fixture, user: Any, side: str, scores: Sequence[GameScore]
) -> list[ScorecardVersion]:
    problems = [
        p
        for team in (fixture.home, fixture.away)
        for p in team_play_problems(team, fixture=fixture)
    ]
    if problems:
        raise ValidationError(problems)
    games = {fg.number: fg for fg in fixture_games_ensure(fixture=fixture)}
    versions, problems_by_game = [], {}
    with _one_notice_for_the_batch():
        for score in scores:
            fg = games.get(score.number)
            if fg is None:
                problems_by_game[score.number] = ["This fixture has no such game yet."]
                continue
            refused = fixture_game_refusals(fg)
            if refused:
                problems_by_game[fg.number] = refused
                continue
            try:
                with transaction.atomic():  # a refused game leaves nothing of itself behind
                    versions.append(
                        scorecard_submit(
                            game=fg.game,
                            user=user,
                            side=side,
                            final_scores={"NS": score.home, "EW": score.away},
                            timed_out=score.timed_out,
                        )
                    )
            except ValidationError as exc:
                problems_by_game[fg.number] = [in_team_names(m, fixture) for m in exc.messages]
        if problems_by_game:
            raise GameProblems(problems_by_game)  # all or nothing: the lot rolls back
    cards_awaiting_notify(fixture=fixture, versions=versions, by=user)
    return versions


def _open_version(fg: FixtureGame) -> ScorecardVersion | None:
    card = Scorecard.objects.select_related("current_version", "game").filter(game=fg.game).first()
    if card is None or card.current_version is None:
        return None
    version = card.current_version
    version.scorecard = card
    return version if version.state == ScorecardVersion.State.PENDING else None


@transaction.atomic
def fixture_confirm_cards(*, fixture: Fixture, user: Any) -> list[ScorecardVersion]:
    """Confirm every card of the fixture waiting for this user's side."""
    if not user.is_authenticated or not permissions.can_act_for_fixture(user, fixture):
        raise PermissionDenied("Only the other team's captain confirms these cards.")
    fixture = locked_fixture(fixture)
    confirmed = []
    for fg in fixture_games_ensure(fixture=fixture):
        version = _open_version(fg)
        if version is not None and permissions.can_confirm(user, version):
            confirmed.append(scorecard_confirm(version=version, user=user))
    if not confirmed:
        raise ValidationError("No card of this fixture is waiting for your confirmation.")
    return confirmed


@transaction.atomic
def fixture_dispute_card(
    *, fixture: Fixture, number: int, user: Any, reason: str
) -> ScorecardVersion:
    """The other captain disagrees with game `number`'s card; a manager settles it."""
    if not user.is_authenticated or not permissions.can_act_for_fixture(user, fixture):
        raise PermissionDenied("Only the other team's captain disputes this card.")
    fixture = locked_fixture(fixture)
    fg = next((g for g in fixture_games_ensure(fixture=fixture) if g.number == number), None)
    version = _open_version(fg) if fg is not None else None
    if version is None:
        raise ValidationError(f"Game {number} has no card waiting for confirmation.")
    if not permissions.can_confirm(user, version):
        raise ValidationError(f"Game {number}'s card is for the other captain to dispute.")
    return scorecard_dispute(version=version, user=user, reason=reason)


def fixture_refresh_status(*, fixture: Fixture) -> Fixture:
    """A regular fixture is played once every game has a result; back to scheduled if not."""
    if fixture.stage == Fixture.Stage.PLAYOFF:
        return fixture  # a series is decided by league.playoffs.services
    if fixture.away_id is None or fixture.status not in (
        Fixture.Status.SCHEDULED,
        Fixture.Status.PLAYED,
    ):
        return fixture
    games = list(fixture.fixture_games.select_related("game__scorecard"))
    statuses = {fg.pk: getattr(getattr(fg.game, "scorecard", None), "status", None) for fg in games}
    complete = len(games) >= fixture.games and all(
        game_has_result(fg, statuses[fg.pk]) for fg in games
    )
    if hasattr(fixture, "closure"):
        complete = True
    status = Fixture.Status.PLAYED if complete else Fixture.Status.SCHEDULED
    if status != fixture.status:
        fixture.status = status
        fixture.save(update_fields=["status", "updated_at"])
        season_changed(fixture.season_id, schedule=True)  # calendars show "Played"
    return fixture


@transaction.atomic
def fixture_close(
    *, fixture: Fixture, user: Any, reason: str, now: datetime.datetime | None = None
) -> FixtureClosure:
    """A manager ends a fixture whose cards are still open after the grace period.

    A card still waiting for confirmation stands as submitted (settled in the manager's
    name with this reason); a game with no card is booked as no result. A disputed card
    must be settled first.
    """
    if not permissions.can_run_league_nights(user, fixture.season):
        raise PermissionDenied("Only a league manager can close a fixture.")
    reason = text_clean(
        reason,
        label="the reason",
        limit=REASON_MAX,
        empty="Say why the fixture is being closed: it is kept with the results.",
        lines=True,
    )
    fixture = locked_fixture(fixture)
    if fixture.stage == Fixture.Stage.PLAYOFF:
        raise ValidationError("A playoff series needs a winner: award the series instead.")
    _check_playable(fixture)
    opens = fixture_closes_at(fixture)
    if (now or timezone.now()) < opens:
        raise ValidationError(
            f"The captains have until {when(opens)} to finish "
            "their cards: close the fixture after that."
        )
    settled, empty = [], []
    with one_notice_for_the_step():  # the closure's notice tells of the settled cards
        for fg in fixture_games_ensure(fixture=fixture):
            card = Scorecard.objects.filter(game_id=fg.game_id).first()
            status = card.status if card else None
            if game_has_result(fg, status):
                continue
            if status == Scorecard.Status.DISPUTED:
                raise ValidationError(f"Game {fg.number}'s card is disputed: settle it first.")
            if status == Scorecard.Status.SUBMITTED:
                scorecard_settle(
                    scorecard=card, user=user, reason=f"Closed after the grace period: {reason}"
                )
                settled.append(fg.number)
            else:
                fg.no_result = True
                fg.save(update_fields=["no_result"])
                season_changed(fixture.season_id, results=True)
                empty.append(fg.number)
    closure = FixtureClosure.objects.create(
        fixture=fixture, closed_by=user, reason=reason, settled_games=settled, no_result_games=empty
    )
    fixture.closure = closure
    fixture_refresh_status(fixture=fixture)
    outcome = [f"settled as submitted: game {', '.join(map(str, settled))}"] if settled else []
    if empty:
        outcome.append(f"no result: game {', '.join(map(str, empty))}")
    league_activity(
        season=fixture.season,
        actor=user,
        verb=Verb.FIXTURE_CLOSED,
        target=fixture,
        label=fixture_label(fixture),
        detail=" · ".join(filter(None, [*outcome, reason])),
    )
    fixture_closed_notify(closure=closure)
    return closure
