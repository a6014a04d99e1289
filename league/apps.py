from django.apps import AppConfig


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"

    def ready(self) -> None:
        from accounts.permissions import register_membership_lookup
        from league.announcements import hooks as notices_hooks
        from league.availability import hooks as availability_hooks
        from league.nights.selectors.games import (
            game_card_fixes,
            game_card_refusals,
            game_league_home,
            game_league_scope,
            rule_set_leagues,
        )
        from league.nights.selectors.results import games_won
        from league.nights.services import text_replies
        from league.playoffs.gate import awarded_series_refusals
        from league.seasons import invitations as team_invitations
        from league.seasons.scores import register_fixture_scores
        from league.seasons.selectors import membership_for_user
        from league.standings import race_hooks
        from league.subs import hooks as subs_hooks
        from scoring.owners import (
            register_card_fixes,
            register_card_gate,
            register_game_home,
            register_game_scope,
            register_rule_set_users,
        )

        register_membership_lookup(membership_for_user)
        register_card_gate("league", game_card_refusals)
        register_card_gate("league.playoffs", awarded_series_refusals)  # awarded: no cards
        register_card_fixes("league", game_card_fixes)
        register_game_scope("league", game_league_scope)
        register_game_home("league", game_league_home)  # the scorecard's link back
        register_rule_set_users("league", rule_set_leagues)  # who may edit a rule set
        register_fixture_scores("nights", games_won)  # the schedule page's scores
        notices_hooks.register()  # the outbox's League filter, the emails' preferences link
        team_invitations.register()  # what accepting a captain's or player's invitation does
        text_replies.register()  # a captain confirms or disputes a card by answering its text
        availability_hooks.register()  # "IN 4821" answers the night's reminder
        subs_hooks.register()  # "YES 4821" takes a sub request; a sub may score their fixture
        race_hooks.register()  # clinch and elimination recomputed when results change
        # Connect the signal handlers of each capability.
        from league.nights import receivers as nights_receivers  # noqa: F401
        from league.playoffs import receivers as playoffs_receivers  # noqa: F401
