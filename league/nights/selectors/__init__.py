"""Reads of league nights that pages and tasks share."""
