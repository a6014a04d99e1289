"""The site's front pages that gather every part: home, the staff desk, a player's teams.

It sits above league and tournaments (it reads both), so neither imports it.
"""
