"""Writes on payments: card checkouts and their webhooks, staff marking paid at the door,
refunds (staff's, and a withdrawal's before the deadline), the receipts they send."""
