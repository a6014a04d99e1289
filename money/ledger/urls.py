"""Routes of this part (included by money.urls, namespace "money"): a season's or an event's
ledger, then its actions by the ledger's id."""

from django.urls import path

from money.ledger import views, views_pots

LEDGER = "ledger/<int:pk>/"

urlpatterns = [
    path("ledger/events/<slug:slug>/", views.ledger_event, name="ledger_event"),
    path("ledger/leagues/<slug:league>/<slug:season>/", views.ledger_season, name="ledger_season"),
    path(LEDGER + "lines.csv", views.ledger_csv, name="ledger_csv"),
    path(LEDGER + "purse/", views.ledger_purse, name="ledger_purse"),
    path(LEDGER + "lines/new/", views.ledger_line_add, name="ledger_line_add"),
    path(LEDGER + "lines/<int:entry>/correct/", views.ledger_correct, name="ledger_correct"),
    path(LEDGER + "close/", views.ledger_close, name="ledger_close"),
    path(LEDGER + "pots/new/", views_pots.pot_new, name="ledger_pot_new"),
    path(LEDGER + "pots/<int:pot>/buy-ins/", views_pots.pot_buy_ins, name="ledger_buy_ins"),
    path(LEDGER + "pots/<int:pot>/pay-out/", views_pots.pot_pay_out, name="ledger_pot_pay_out"),
    path(LEDGER + "prizes/", views_pots.prizes, name="ledger_prizes"),
]
