"""Writes of league nights: results, forfeits, escalation, reschedules."""
