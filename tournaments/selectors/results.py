"""Confirmed results from scoring, in the shapes the tournament formats need."""

from collections.abc import Iterable

from scoring.selectors import confirmed_results


def game_winners(game_ids: Iterable[int]) -> dict[int, str]:
    """Game id -> winning side ("NS"/"EW") for confirmed games that have a winner."""
    results = confirmed_results(list(game_ids))
    return {game_id: r.winner for game_id, r in results.items() if r.winner in ("NS", "EW")}


def game_scores(game_ids: Iterable[int]) -> dict[int, tuple[int, int, float]]:
    """Game id -> (N-S total, E-W total, finishing order) for confirmed partnership games.

    The order is the confirmed version's id: versions are written as cards come in, so the
    card handed in first counts as the team that reached the target first.
    """
    results = confirmed_results(list(game_ids))
    return {
        game_id: (r.ns_total or 0, r.ew_total or 0, float(r.version_id))
        for game_id, r in results.items()
    }


def confirmed_game_ids(game_ids: Iterable[int]) -> set[int]:
    return set(confirmed_results([g for g in game_ids if g is not None]))
