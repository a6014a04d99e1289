"""What league nights announce to the capabilities built on them (playoffs listen).

Nights never import playoffs: a playoff series decides itself when these arrive.
"""

from django.dispatch import Signal

# A playoff fixture's games changed outside a card (a forfeit booked or overturned);
# sent with `fixture` and `by` inside the same transaction.
playoff_fixture_changed = Signal()

# A team left the league, removed after its forfeits or withdrawn by a manager (sent with
# `team`), inside the same transaction.
team_removed = Signal()
