"""Seasons: leagues, seasons, skill levels, venues, teams, rosters, waivers and the schedule."""
