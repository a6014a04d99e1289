"""The activity log: one "who did what, when, to which object" timeline per league and tournament.

Services of the apps above write it in their own transaction (`activity.services`); pages
read it through `activity.selectors` and render it with `activity.views.activity_page`.
This app imports nothing of ours: league, tournaments and scoring depend on it, never back.
"""
