"""Embeds: a league's standings and schedule and an event's leaderboard, framed by the sites
the league or event lists (`frame-ancestors`), with their own minimal layout."""
