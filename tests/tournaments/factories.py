"""Tournament test helpers: events of each format with checked-in entries, and card results."""

from scoring.models import RuleSet, Scorecard
from scoring.services import scorecard_settle
from tests.factories import TournamentFactory, director_user
from tournaments.models import Entry, Tournament
from tournaments.services import entry_check_in, entry_register, tournament_start
from tournaments.stage_data import cold_butt_data


def rule_set(slug: str) -> RuleSet:
    return RuleSet.objects.get(slug=slug)


def progressive(players: int = 8, rounds: int = 3, checked_in: bool = True, **kwargs) -> Tournament:
    kwargs.setdefault("director", director_user())
    tournament = TournamentFactory(
        format=Tournament.Format.PROGRESSIVE,
        rule_set=rule_set("progressive"),
        rounds=rounds,
        **kwargs,
    )
    for n in range(players):
        entry = entry_register(
            tournament=tournament, player_name=f"{tournament.slug} player {n + 1}"
        )
        if checked_in:
            entry_check_in(entry=entry)
    return tournament


def teams(fmt: str, count: int, slug: str, checked_in: bool = True, **kwargs) -> Tournament:
    kwargs.setdefault("director", director_user())
    tournament = TournamentFactory(format=fmt, rule_set=rule_set(slug), **kwargs)
    for n in range(count):
        entry = entry_register(
            tournament=tournament,
            player_name=f"{tournament.slug} a{n + 1}",
            partner_name=f"{tournament.slug} b{n + 1}",
            team_name=f"Team {n + 1}",
        )
        if checked_in:
            entry_check_in(entry=entry)
    return tournament


def bracket(count: int = 4, **kwargs) -> Tournament:
    return teams(Tournament.Format.PARTNER_BRACKET, count, "classic-tens", **kwargs)


def double_elimination(count: int = 4, **kwargs) -> Tournament:
    return teams(Tournament.Format.DOUBLE_ELIMINATION, count, "classic-tens", **kwargs)


def heats_event(count: int = 6, **kwargs) -> Tournament:
    kwargs.setdefault("stages", cold_butt_data())
    return teams(Tournament.Format.HEATS, count, "cold-butt", **kwargs)


def started(tournament: Tournament) -> Tournament:
    tournament_start(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    return tournament


def settle(game, scores: dict, user=None):
    """Enter a confirmed result the way a director settles a card."""
    card, _ = Scorecard.objects.get_or_create(game=game)
    return scorecard_settle(
        scorecard=card, user=user or director_user(), reason="Card handed in", final_scores=scores
    )


def entry_named(tournament: Tournament, team_name: str) -> Entry:
    return tournament.entries.get(team_name=team_name)
