"""Pure algorithms shared by the league and tournaments apps.

Pure functions and dataclasses, no Django import (and nothing from the apps), so they are
tested in plain Python.

- ``algorithms.brackets``: single- and double-elimination brackets with standard seeding,
  byes and best-of-N series, and the places they decide (league playoffs, tournament
  partner brackets).
- ``algorithms.prizes``: prize money split over a ranking, tied places pooled.
- ``algorithms.metrics``: standings metrics as small objects (key, label, abbreviation,
  direction, explanation): the one definition of each figure the league's standings show
  or rank by, and the type of the tournament leaderboard's tiebreaks.
- ``algorithms.standings``: league standings: records, strength of schedule, tiebreaks
  and playoff seeding.
"""
