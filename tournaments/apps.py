from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from scoring.owners import (
            register_card_gate,
            register_game_home,
            register_game_scope,
            register_rule_set_users,
            register_side_codes,
        )
        from tournaments import receivers  # noqa: F401  (connects the signal handlers)
        from tournaments.selectors.games import (
            game_card_refusals,
            game_side_codes,
            game_tournament_home,
            game_tournament_scope,
            rule_set_tournaments,
        )
        from tournaments.services import invitations as entrant_invitations

        register_card_gate("tournaments", game_card_refusals)
        register_game_scope("tournaments", game_tournament_scope)
        register_side_codes("tournaments", game_side_codes)
        register_game_home("tournaments", game_tournament_home)  # the scorecard's link back
        register_rule_set_users("tournaments", rule_set_tournaments)  # who may edit a rule set
        entrant_invitations.register()  # what accepting an invitation to an event does
