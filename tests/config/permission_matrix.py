"""The site's permission matrix: for each URL pattern, which roles a GET and a POST let through.

Read by `test_permission_matrix` (every URL × every role) and `test_form_inputs` (odd values
in every address and form). The roles are those of tests/config/permission_world.py; what an
entry is made of lives in permission_entries.py, the money part's rows in
permission_matrix_money.py.
"""

from notices.unsubscribe import unsubscribe_token
from tests.config import (
    permission_matrix_api_embeds,
    permission_matrix_api_read,
    permission_matrix_api_tokens,
    permission_matrix_api_webhooks,
    permission_matrix_availability,
    permission_matrix_makeups,
    permission_matrix_race,
    permission_matrix_subs,
)
from tests.config.permission_entries import (
    ALL,
    DIRECTOR,
    EVENT_STAFF,
    MANAGER,
    NA,
    NOBODY,
    ORGANISERS,
    PLAYERS,
    STAFF_DESK,
    TEAM,
    TEAM_OWN,
    TEAM_PRIVATE,
    USERS,
    Entry,
    _event,
    _league,
    _none,
    _season,
    _with,
)
from tests.config.permission_matrix_money import MONEY_MATRIX
from tests.config.permission_world import World
from tournaments.services.check_in import check_in_token


def _team(w: World) -> dict:
    return {"pk": w.home.pk}


def _fixture(w: World) -> dict:
    return {"pk": w.fixture.pk}


def _slug(w: World) -> dict:
    return {"slug": w.league.slug}


def _league_game(w: World) -> dict:
    return {"game_id": w.league_game.pk}


def _table_game(w: World) -> dict:
    return {"game_id": w.table_game.pk}


def _ruleset(w: World) -> dict:
    return {"slug": "cca-league"}


def _league_rules(w: World) -> dict:
    return {"slug": "alpha-rules"}  # the copy league A plays under


def _ladder(w: World) -> dict:
    """Tournament T's season ladder, run by its director (made on first use)."""
    from people.models import Series, SeriesEvent

    series, _ = Series.objects.get_or_create(
        slug="tee-ladder",
        defaults={"name": "Tee ladder", "director": w.users["director"], "format": "progressive"},
    )
    SeriesEvent.objects.get_or_create(tournament=w.tournament, defaults={"series": series})
    return {"slug": series.slug}


def _event_rules(w: World) -> dict:
    return {"slug": "tee-rules"}  # the copy tournament T plays under


def _pending(w: World) -> dict:
    return {"version": w.pending.pk}


MATRIX: dict[str, Entry] = {
    # --- front pages and accounts ---
    "home": Entry(_none, ALL, ALL),
    "service_worker": Entry(_none, ALL, NA),  # /sw.js: the entry component's offline worker
    "favicon": Entry(_none, ALL, NA),  # /favicon.ico: a redirect to the icon
    "healthz": Entry(_none, ALL, NA),  # /healthz: the load balancer's probe (GET and HEAD)
    "manage": Entry(_none, STAFF_DESK, STAFF_DESK),
    "my_team": Entry(_none, USERS, USERS),
    "login": Entry(_none, ALL, ALL),
    "logout": Entry(_none, NA, ALL),
    "password_change": Entry(_none, USERS, USERS),
    "password_reset": Entry(_none, ALL, ALL),
    "password_reset_done": Entry(_none, ALL, NA),
    # A link that isn't a real token answers "This link no longer works", for everyone.
    "password_reset_confirm": Entry(lambda w: {"uidb64": "MQ", "token": "x-y"}, ALL, ALL),
    "password_reset_complete": Entry(_none, ALL, NA),
    "account": Entry(_none, USERS, USERS),
    "sign_out_everywhere": Entry(_none, USERS, USERS),
    # A link that isn't a signed invitation is not found, for everyone.
    "invitation_accept": Entry(lambda w: {"token": "not-a-token"}, NOBODY, NOBODY),
    "organisers": Entry(_none, NOBODY, NOBODY),  # site administrators only
    # --- league: public ---
    "league:league_list": Entry(_none, ALL, ALL),
    "league:league_detail": Entry(_slug, ALL, ALL),
    "league:season_detail": Entry(_season, ALL, ALL),
    "league:season_schedule": Entry(_season, ALL, ALL),
    "league:season_calendar": Entry(_season, ALL, ALL),
    "league:season_standings": Entry(_season, ALL, ALL),
    "league:season_playoffs": Entry(_season, ALL, ALL),
    "league:night_detail": Entry(_with(_season, date=lambda w: w.past.date.isoformat()), ALL, ALL),
    "league:team_detail": Entry(_team, ALL, ALL),
    "league:team_calendar": Entry(_team, ALL, ALL),
    "league:fixture_detail": Entry(_fixture, ALL, ALL),
    # --- league: a team's own people ---
    "league:team_roster_csv": Entry(_team, TEAM_PRIVATE, TEAM_PRIVATE),
    "league:roster_edit": Entry(_team, TEAM, TEAM),
    "league:team_invitations": Entry(_team, TEAM, TEAM),
    "league:team_welcome": Entry(_team, TEAM_OWN, TEAM_OWN),
    "league:sub_add": Entry(_team, TEAM, TEAM),
    # Anyone signed in may open it; only a rostered player can sign (the service refuses others).
    "league:waiver_sign": Entry(_season, USERS, USERS),
    "league:reschedule_request": Entry(_with(_team, fixture=lambda w: w.fixture.pk), TEAM, TEAM),
    "league:reschedule_respond": Entry(_with(_team, req=lambda w: w.request.pk), NA, TEAM),
    "league:fixture_submit": Entry(_fixture, NA, TEAM),
    "league:fixture_confirm": Entry(_fixture, NA, TEAM),
    "league:fixture_dispute": Entry(_fixture, NA, TEAM),
    "league:forfeit_record": Entry(_fixture, NA, TEAM),
    "league:forfeit_announce": Entry(_fixture, NA, TEAM),
    "league:fixture_lineup": Entry(_fixture, NA, TEAM),
    # --- league: its managers ---
    "league:league_create": Entry(_none, ORGANISERS, ORGANISERS),
    "league:league_activity": Entry(_league, MANAGER, MANAGER),
    "league:league_staff": Entry(_league, MANAGER, MANAGER),
    "league:season_create": Entry(_league, MANAGER, MANAGER),
    "league:season_dashboard": Entry(_season, MANAGER, MANAGER),
    "league:season_settings": Entry(_season, MANAGER, MANAGER),
    "league:season_setup": Entry(_season, MANAGER, MANAGER),
    "league:season_import": Entry(_season, MANAGER, MANAGER),
    "league:season_roster": Entry(_season, MANAGER, MANAGER),
    "league:season_invitations": Entry(_season, MANAGER, MANAGER),
    "league:waiver_paper": Entry(
        _with(_season, player=lambda w: w.home.roster.first().player_id), NA, MANAGER
    ),
    "league:sub_decide": Entry(
        _with(_season, entry=lambda w: w.home.roster.filter(role="sub").first().pk), NA, MANAGER
    ),
    "league:schedule_generate": Entry(_season, NA, MANAGER),
    "league:schedule_publish": Entry(_season, NA, MANAGER),
    "league:fixture_edit": Entry(_fixture, MANAGER, MANAGER),
    "league:team_manage": Entry(_with(_season, pk=lambda w: w.home.pk), MANAGER, MANAGER),
    "league:team_withdraw": Entry(_with(_season, pk=lambda w: w.home.pk), MANAGER, MANAGER),
    "league:venue_edit": Entry(_with(_season, pk=lambda w: w.venue.pk), MANAGER, MANAGER),
    "league:fixture_close": Entry(_fixture, NA, MANAGER),
    "league:forfeit_overturn": Entry(lambda w: {"pk": w.forfeit.pk}, NA, MANAGER),
    "league:results_queue": Entry(_season, MANAGER, MANAGER),
    "league:season_forfeits": Entry(_season, MANAGER, MANAGER),
    "league:review_decide": Entry(_with(_season, review=lambda w: 999999), NA, NOBODY),
    "league:standings_publish": Entry(_season, NA, MANAGER),
    "league:playoffs_manage": Entry(_season, MANAGER, MANAGER),
    "league:playoff_round_date": Entry(lambda w: {"pk": 999999, "number": 1}, NA, NOBODY),
    "league:playoff_award": Entry(lambda w: {"pk": 999999}, NA, NOBODY),
    "league:cancel_play": Entry(_season, MANAGER, MANAGER),
    "league:cancel_fixtures": Entry(_season, MANAGER, MANAGER),
    "league:night_move": Entry(_season, MANAGER, MANAGER),
    "league:cancellation_detail": Entry(_with(_season, pk=lambda w: 999999), NOBODY, NOBODY),
    "league:cancellation_decide": Entry(_with(_season, pk=lambda w: 999999), NOBODY, NOBODY),
    # --- notices and announcements ---
    "notices:outbox": Entry(_none, MANAGER | {"other_manager"}, MANAGER | {"other_manager"}),
    "notices:notice_detail": Entry(lambda w: {"pk": w.notice.pk}, MANAGER, MANAGER),
    "notices:notice_resend_failed": Entry(lambda w: {"pk": w.notice.pk}, NA, MANAGER),
    "notices:message_resend": Entry(lambda w: {"pk": w.message.pk}, NA, MANAGER),
    "notices:compose": Entry(_none, MANAGER | {"other_manager"}, MANAGER | {"other_manager"}),
    "notices:subscriptions": Entry(_none, USERS, USERS),
    "notices:subscribe": Entry(_slug, PLAYERS, PLAYERS),
    "notices:notice_kinds": Entry(_none, NA, USERS),  # back to the page, with a message
    # Only while texts are kept in the database (tests/notices/test_views_texts.py); the
    # suite's locmem backend leaves it not found, for everyone.
    "notices:texts": Entry(_none, NOBODY, NA),
    # Twilio's webhook: nobody without its signature (tests/notices/test_views_inbound.py).
    "notices:sms_inbound": Entry(_none, NA, NOBODY),
    # The signed link at the foot of every email: whoever holds it (test_unsubscribe.py).
    "notices:unsubscribe": Entry(lambda w: {"token": unsubscribe_token("x@example.com")}, ALL, ALL),
    "notices:announcements": Entry(_slug, ALL, ALL),
    "notices:league_feed": Entry(_slug, ALL, ALL),
    # --- scoring: a league game (fixture tonight, A1 v A2) ---
    "scoring:game_detail": Entry(_league_game, ALL, ALL),
    "scoring:game_print": Entry(_league_game, ALL, ALL),
    "scoring:game_entry": Entry(_league_game, TEAM, TEAM),
    "scoring:entry_add_hand": Entry(_league_game, NA, TEAM),
    "scoring:entry_undo": Entry(_league_game, NA, TEAM),
    "scoring:entry_clear": Entry(_league_game, NA, TEAM),
    "scoring:entry_options": Entry(_league_game, NA, TEAM),
    "scoring:entry_copy_card": Entry(_league_game, NA, TEAM, _pending),
    "scoring:entry_submit": Entry(_league_game, NA, TEAM),
    "scoring:entry_submit_final": Entry(_league_game, NA, TEAM),
    "scoring:game_confirm": Entry(_league_game, NA, TEAM, _pending),
    # A seat code typed on the phone of someone who may enter the card (a league game has
    # none: they are told so); nobody else may take a code (tests/tournaments/test_seat_codes.py).
    "scoring:game_confirm_code": Entry(_league_game, NA, TEAM, _pending),
    "scoring:game_dispute": Entry(_league_game, NA, TEAM, _pending),
    "scoring:game_settle": Entry(_league_game, MANAGER, MANAGER),
    "scoring:game_correct": Entry(_league_game, MANAGER, MANAGER),
    "scoring:dispute_queue": Entry(_none, STAFF_DESK, STAFF_DESK),
    "scoring:ruleset_list": Entry(_none, ALL, ALL),
    "scoring:ruleset_detail": Entry(_ruleset, ALL, ALL),
    "scoring:ruleset_print": Entry(_ruleset, ALL, ALL),
    "scoring:ruleset_copy": Entry(_ruleset, NA, STAFF_DESK),
    # Only those who run the league playing under a copy change it (a preset: a message).
    "scoring:ruleset_edit": Entry(_league_rules, MANAGER, MANAGER),
    # --- tournaments: public ---
    "tournaments:tournament_list": Entry(_none, ALL, ALL),
    "tournaments:detail": Entry(_event, ALL, ALL),
    "tournaments:leaderboard": Entry(_event, ALL, ALL),
    "tournaments:big_screen": Entry(_event, ALL, ALL),
    "tournaments:big_screen_panel": Entry(_event, ALL, ALL),
    "tournaments:round": Entry(_with(_event, number=lambda w: 1), ALL, ALL),
    "tournaments:round_sheet": Entry(_with(_event, number=lambda w: 1), ALL, ALL),
    "tournaments:scorecards": Entry(_with(_event, number=lambda w: 1), ALL, ALL),
    # Scorekeeper mode: the event's directors and scorekeepers enter a whole round.
    "tournaments:round_scores": Entry(_with(_event, number=lambda w: 1), EVENT_STAFF, EVENT_STAFF),
    "tournaments:scorekeeping": Entry(_event, EVENT_STAFF, EVENT_STAFF),
    "tournaments:seat_cards": Entry(_event, ALL, ALL),
    "tournaments:seat_card": Entry(_with(_event, number=lambda w: 1), ALL, ALL),
    "tournaments:heat_stage": Entry(_with(_event, number=lambda w: 1), NOBODY, NOBODY),
    "tournaments:fairness": Entry(_event, ALL, ALL),
    "tournaments:calendar": Entry(_event, ALL, ALL),
    # Anyone holding the event's signed link (the QR code at the door); a forged one is 404.
    "tournaments:self_check_in": Entry(
        _with(_event, token=lambda w: check_in_token(w.tournament)), ALL, ALL
    ),
    # --- tournaments: its directors ---
    "tournaments:create": Entry(_none, ORGANISERS, ORGANISERS),
    # The setup form's fields for the format chosen (htmx): read-only, GET only.
    "tournaments:create_fields": Entry(_none, ORGANISERS, NA),
    "tournaments:edit_fields": Entry(_event, DIRECTOR, NA),
    "tournaments:manage": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:edit": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:activity": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:invitations": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:staff": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:entry_register": Entry(_event, NA, DIRECTOR),
    "tournaments:entries_paste": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:door": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:door_counts": Entry(_event, DIRECTOR, DIRECTOR),
    "tournaments:check_in_switch": Entry(_event, NA, DIRECTOR),
    "tournaments:announce": Entry(_event, NA, DIRECTOR),
    "tournaments:entry_seed": Entry(_with(_event, number=lambda w: 1), NA, DIRECTOR),
    "tournaments:entry_action": Entry(
        _with(_event, number=lambda w: 1, action=lambda w: "withdraw"), NA, DIRECTOR
    ),
    "tournaments:start": Entry(_event, NA, DIRECTOR),
    "tournaments:flights_assign": Entry(_event, NA, DIRECTOR),
    "tournaments:round_next": Entry(_event, NA, DIRECTOR),
    "tournaments:finish": Entry(_event, NA, DIRECTOR),
    "tournaments:recheck": Entry(_event, NA, DIRECTOR),
    "tournaments:match_award": Entry(_with(_event, match_id=lambda w: 999999), NA, NOBODY),
    # --- people: season ladders (public; their director's pages) ---
    "people:ladder": Entry(_ladder, ALL, NA),
    "people:ladder_csv": Entry(_ladder, ALL, NA),
    "people:series_list": Entry(_none, ORGANISERS, ORGANISERS),
    "people:series_edit": Entry(_ladder, DIRECTOR, DIRECTOR),
    "people:series_invite": Entry(_ladder, NA, DIRECTOR),
    # --- people: merging duplicates (staff of players; an event's typed names: its director) ---
    "people:merges": Entry(_none, ORGANISERS, ORGANISERS),
    "people:merge_undo": Entry(lambda w: {"pk": 999999}, NA, NOBODY),
    "people:entry_matches": Entry(_event, DIRECTOR, DIRECTOR),
    # --- people: profiles (the name to all, the rest as chosen) and statistics (public) ---
    "people:profile": Entry(lambda w: {"pk": w.users["player"].player.pk}, ALL, NA),
    "people:my_profile": Entry(_none, USERS, USERS),  # the person's own choice
    "people:season_statistics": Entry(lambda w: {"season_id": w.season.pk}, ALL, NA),
    "people:event_statistics": Entry(_event, ALL, NA),
    **MONEY_MATRIX,
    **permission_matrix_availability.MATRIX,
    **permission_matrix_subs.MATRIX,
    **permission_matrix_makeups.MATRIX,
    **permission_matrix_race.MATRIX,
    **permission_matrix_api_read.MATRIX,
    **permission_matrix_api_tokens.MATRIX,
    **permission_matrix_api_webhooks.MATRIX,
    **permission_matrix_api_embeds.MATRIX,
}

# A tournament table's game: its staff settle, nobody from a league or another event.
TABLE_GAME_MATRIX: dict[str, Entry] = {
    "scoring:game_settle": Entry(_table_game, EVENT_STAFF, EVENT_STAFF),
    "scoring:game_correct": Entry(_table_game, EVENT_STAFF, EVENT_STAFF),
    "scoring:entry_submit_final": Entry(_table_game, NA, EVENT_STAFF),
    "scoring:game_confirm_code": Entry(
        _table_game,
        NA,
        EVENT_STAFF,
        lambda w: {"version": w.table_pending.pk, "code": w.east_code},
    ),
}


# Rule sets: a preset's edit page says to copy it; an event's copy is its directors' alone.
RULE_SET_MATRIX: dict[str, Entry] = {
    "scoring:ruleset_edit": Entry(_event_rules, DIRECTOR, DIRECTOR),
    "scoring:ruleset_copy": Entry(_event_rules, NA, STAFF_DESK),
}
PRESET_MATRIX: dict[str, Entry] = {
    "scoring:ruleset_edit": Entry(_ruleset, STAFF_DESK, STAFF_DESK),
}
