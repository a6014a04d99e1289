"""Progressive-euchre rotations: who partners and opposes whom, round by round.

Pure Python: no Django import, and nothing from the rest of ``tournaments``.

- ``generate_rotation(players, rounds, seed=0, played=(), sit_out_rule="sit_out")``
  returns every round: the ``played`` ones unchanged, then new ones.
- ``rotation_quality(players, rounds_list)`` -> ``Quality``; ``lower_bounds(n, rounds)``
  and ``sit_outs_are_fair(players, rounds_list)`` to judge it.
- ``rotation_to_dict(n_players, rounds)`` -> the JSON-ready dict of the
  ``rotation`` management command.

Modules: ``generate`` (entry points), ``types`` (``Round``, ``Table``, ``Quality``),
``quality`` (metrics and bounds), ``build`` (new rounds), ``plans`` (starting
schedules), ``joint`` (sit-outs and partners chosen together, for redraws),
``designs`` and ``extend`` (whist designs), ``stored`` (tables computed offline by
``offline/`` and kept in ``tables/``), ``search`` (annealing).
"""

from tournaments.rotation.generate import SIT_OUT_RULES, generate_rotation, rotation_to_dict
from tournaments.rotation.quality import lower_bounds, rotation_quality, sit_outs_are_fair
from tournaments.rotation.types import Quality, Round, Table

__all__ = [
    "SIT_OUT_RULES",
    "Quality",
    "Round",
    "Table",
    "generate_rotation",
    "lower_bounds",
    "rotation_quality",
    "rotation_to_dict",
    "sit_outs_are_fair",
]
