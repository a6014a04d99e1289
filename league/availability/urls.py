"""The availability routes by audience (gathered in league.urls)."""

public_by_id: list = []
player_by_id: list = []
captain_by_id: list = []
staff_by_slug: list = []
public_by_slug: list = []
