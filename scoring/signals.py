"""Signals other apps listen to (tournament brackets, league standings, people's ratings).

`card_confirmed` is sent after the transaction commits, whenever a version becomes a
game's confirmed result (opponent confirmation, staff settlement or correction), with
`game=` and `version=` (a `ScorecardVersion`). A correction sends it again for the new
version, so listeners recompute from `scoring.selectors.confirmed_results`.

`game_players_changed` is sent after the transaction commits when who sat in some games
changed without their cards changing (a league fixture's line-up recorded or corrected),
with `game_ids=` (a list of game ids): listeners reread the games' seats.
"""

import django.dispatch

card_confirmed = django.dispatch.Signal()
game_players_changed = django.dispatch.Signal()
