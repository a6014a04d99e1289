"""What scoring asks the league about a game (through `scoring.owners`): which league it
belongs to, whether it may take a card now, and which page its card leads back to."""

from typing import Any

from django.urls import reverse

from activity.models import Scope
from league.nights import rules
from league.nights.models import FixtureGame
from league.seasons import eligibility
from league.seasons.fixes import play_fixes
from league.seasons.models import Season
from scoring.models import Game
from scoring.owners import CardStep
from wording.when import day


def game_league_scope(game_id: int) -> tuple[str, int] | None:
    """("league", league id) for a fixture's game or a game between two league teams;
    None for a game that isn't the league's (a tournament table)."""
    league_id = (
        FixtureGame.objects.filter(game_id=game_id)
        .values_list("fixture__season__league_id", flat=True)
        .first()
    )
    if league_id is None:
        league_id = (
            Game.objects.filter(pk=game_id, ns_team__isnull=False)
            .values_list("ns_team__season__league_id", flat=True)
            .first()
        )
    return (Scope.LEAGUE, league_id) if league_id is not None else None


def rule_set_leagues(rule_set_id: int) -> set[tuple[str, int]]:
    """("league", id) for every league playing under the rule set: a season set to it, or a
    game of its teams already scored under it (a season may have moved on to another)."""
    seasons = Season.objects.filter(rule_set_id=rule_set_id).values_list("league_id")
    fixtures = FixtureGame.objects.filter(game__rule_set_id=rule_set_id).values_list(
        "fixture__season__league_id"
    )
    teams = Game.objects.filter(rule_set_id=rule_set_id, ns_team__isnull=False).values_list(
        "ns_team__season__league_id"
    )
    either = seasons.order_by().union(fixtures.order_by(), teams.order_by()).order_by()
    return {(Scope.LEAGUE, league_id) for (league_id,) in either}


def game_card_refusals(game: Any, step: CardStep) -> list[str]:
    """Scoring's gate for league games: the fixture decides, as its own page does.

    A fixture's game is refused while the fixture is a bye, cancelled, postponed, not yet
    played or (for the captains) closed, and when the game itself was forfeited or booked as
    no result; a card entered needs both teams able to play that night. A game between two
    league teams outside a fixture asks only the teams' eligibility.
    """
    fg = (
        FixtureGame.objects.select_related(
            "fixture__season", "fixture__home", "fixture__away", "fixture__closure"
        )
        .filter(game_id=game.pk)
        .first()
    )
    if fg is not None:
        fixture = fg.fixture
        problems = rules.fixture_card_refusals(fixture, staff=step == CardStep.DECIDE)
        problems = problems or rules.fixture_game_refusals(fg)
        if problems or step != CardStep.ENTER:
            return problems
        teams = [fixture.home, fixture.away]
        return [p for team in teams for p in eligibility.team_play_problems(team, fixture=fixture)]
    if step != CardStep.ENTER:
        return []
    teams = [team for team in (game.ns_team, game.ew_team) if team is not None]
    return [p for team in teams for p in eligibility.team_play_problems(team)]


def game_card_fixes(game: Any, user: Any) -> list[tuple[str, str]]:
    """Where `user` fixes what stops a league game's card (scoring shows them beside the
    gate's reasons): their waiver, their team's roster, a sub, and the fixture's page."""
    fg = (
        FixtureGame.objects.select_related(
            "fixture__season__league", "fixture__home", "fixture__away"
        )
        .filter(game_id=game.pk)
        .first()
    )
    if fg is not None:
        fixture = fg.fixture
        problems = [
            p
            for team in (fixture.home, fixture.away)
            for p in eligibility.team_play_issues(team, fixture=fixture)
        ]
        links = play_fixes(problems, user=user, season=fixture.season, fixture=fixture)
        url = reverse("league:fixture_detail", args=[fixture.pk])
        return [*links, ("Back to the fixture", url)]
    teams = [team for team in (game.ns_team, game.ew_team) if team is not None]
    if not teams:
        return []
    season = teams[0].season
    problems = [p for team in teams for p in eligibility.team_play_issues(team)]
    return list(play_fixes(problems, user=user, season=season))


def game_league_home(game: Any) -> tuple[str, str] | None:
    """The fixture a league game belongs to ("Aces v Bowers, Tue 8 Dec"); a game between
    two league teams outside a fixture leads to the first team's page; else None."""
    fg = (
        FixtureGame.objects.select_related("fixture__home", "fixture__away")
        .filter(game_id=game.pk)
        .first()
    )
    if fg is not None:
        fixture = fg.fixture
        label = f"{fixture.home} v {fixture.away}, {day(fixture.date)}"
        return label, reverse("league:fixture_detail", args=[fixture.pk])
    team = game.ns_team or game.ew_team
    return (team.name, team.get_absolute_url()) if team is not None else None
