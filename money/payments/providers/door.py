"""Pay at the door: the default, with no outside call. Staff take the money (cash or
other) and mark it paid; a refund is money handed back over the table, done when recorded."""

from money.payments.providers.base import RefundResult


class DoorProvider:
    name = "door"

    def refund(
        self, *, key: str, payment_ref: str, amount_cents: int, metadata: dict[str, str]
    ) -> RefundResult:
        return RefundResult(ref="", done=True)
