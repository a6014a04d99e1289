"""Outbound webhooks: events from the apps, signed deliveries through their own outbox.

docs/api.md ("Webhooks") describes what a receiver gets and how it verifies it.
"""
