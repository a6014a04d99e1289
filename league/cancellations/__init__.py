"""Cancelled nights: what was called off, who is told, and where the fixtures go next."""
