"""Signals other apps listen to (tournament brackets, league standings).

`card_confirmed` is sent after the transaction commits, whenever a version becomes a
game's confirmed result (opponent confirmation, staff settlement or correction), with
`game=` and `version=` (a `ScorecardVersion`). A correction sends it again for the new
version, so listeners recompute from `scoring.selectors.confirmed_results`.
"""

import django.dispatch

card_confirmed = django.dispatch.Signal()
