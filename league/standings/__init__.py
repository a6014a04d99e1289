"""Standings: live tables from results, weekly published snapshots."""
