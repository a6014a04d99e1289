"""What money's parts tell each other without importing each other's services.

`registration_left`: a registration gave up its place or its claim (withdrawn, refused,
lapsed), sent inside the transaction that changed it; `reason` is its new state and `by`
who did it (None: a task). The payments part refunds a withdrawal before the sign-up's
refund deadline.
"""

from django.dispatch import Signal

registration_left = Signal()  # sender=Registration class; registration=, reason=, by=
