from django.urls import path

from scoring.views import actions, disputes, entry, games, printing, rulesets

app_name = "scoring"
urlpatterns = [
    path("games/<int:game_id>/", games.game_detail, name="game_detail"),
    path("games/<int:game_id>/print/", printing.game_print, name="game_print"),
    path("games/<int:game_id>/entry/", entry.game_entry, name="game_entry"),
    path("games/<int:game_id>/entry/hand/", entry.entry_add_hand, name="entry_add_hand"),
    path("games/<int:game_id>/entry/undo/", entry.entry_undo, name="entry_undo"),
    path("games/<int:game_id>/entry/clear/", entry.entry_clear, name="entry_clear"),
    path("games/<int:game_id>/entry/options/", entry.entry_options, name="entry_options"),
    path("games/<int:game_id>/entry/copy/", entry.entry_copy_card, name="entry_copy_card"),
    path("games/<int:game_id>/entry/submit/", entry.entry_submit, name="entry_submit"),
    path("games/<int:game_id>/entry/final/", entry.entry_submit_final, name="entry_submit_final"),
    path("games/<int:game_id>/confirm/", actions.game_confirm, name="game_confirm"),
    path("games/<int:game_id>/confirm/code/", actions.game_confirm_code, name="game_confirm_code"),
    path("games/<int:game_id>/dispute/", actions.game_dispute, name="game_dispute"),
    path("games/<int:game_id>/settle/", actions.game_settle, name="game_settle"),
    path("games/<int:game_id>/correct/", actions.game_correct, name="game_correct"),
    path("disputes/", disputes.dispute_queue, name="dispute_queue"),
    path("rule-sets/", rulesets.ruleset_list, name="ruleset_list"),
    path("rule-sets/<slug:slug>/", rulesets.ruleset_detail, name="ruleset_detail"),
    path("rule-sets/<slug:slug>/copy/", rulesets.ruleset_copy_view, name="ruleset_copy"),
    path("rule-sets/<slug:slug>/edit/", rulesets.ruleset_edit, name="ruleset_edit"),
    path("rule-sets/<slug:slug>/print/", printing.ruleset_print, name="ruleset_print"),
]
