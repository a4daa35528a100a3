"""The one table of the API's operations: for each (method, OpenAPI path), the name
generated clients call it by (`operationId`) and the scope a token needs for it.

Both readers take it from here: `service.scopes` (the scope asked of a token, and the
spec's `x-scope`) and `service.schemas.contract` (the spec's `operationId`). Adding an
endpoint means adding its line here; `tests/unit/test_tokens.py` and
`tests/unit/test_contract_for_generators.py` fail until it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from events.accounts import SCOPES

NO_SCOPE = ""  # open to anyone: no scope asked of a token sent along


@dataclass(frozen=True, slots=True)
class Operation:
    operation_id: str  # the generated function's name
    scope: str  # what a token must grant (`NO_SCOPE`: nothing)


OPERATIONS: dict[tuple[str, str], Operation] = {
    ("POST", "/v1/users"): Operation("create_user", NO_SCOPE),
    ("GET", "/v1/users/me"): Operation("get_me", "read"),
    ("DELETE", "/v1/users/me"): Operation("close_account", "admin"),
    ("POST", "/v1/users/me/tokens"): Operation("create_token", "admin"),
    ("GET", "/v1/users/me/tokens"): Operation("list_tokens", "admin"),
    ("DELETE", "/v1/users/me/tokens/{token_id}"): Operation("revoke_token", "admin"),
    ("POST", "/v1/signin-codes"): Operation("create_signin_code", "admin"),
    ("POST", "/v1/signin"): Operation("sign_in", NO_SCOPE),
    ("POST", "/v1/session"): Operation("start_session", "read"),
    ("DELETE", "/v1/session"): Operation("end_session", NO_SCOPE),
    ("GET", "/v1/maps"): Operation("list_maps", NO_SCOPE),
    ("GET", "/v1/maps/{map_name}"): Operation("get_map", NO_SCOPE),
    ("GET", "/v1/games"): Operation("list_open_games", "read"),
    ("POST", "/v1/games"): Operation("create_game", "play"),
    ("GET", "/v1/users/me/games"): Operation("list_my_games", "read"),
    ("GET", "/v1/games/{game_id}"): Operation("get_game", "read"),
    ("POST", "/v1/games/{game_id}/players"): Operation("take_seat", "play"),
    ("GET", "/v1/games/{game_id}/invitation"): Operation("get_invitation", "read"),
    ("POST", "/v1/matches"): Operation("request_match", "play"),
    ("GET", "/v1/matches/{request_id}"): Operation("get_match", "read"),
    ("DELETE", "/v1/matches/{request_id}"): Operation("cancel_match", "play"),
    ("GET", "/v1/games/{game_id}/rematch"): Operation("get_rematch", "read"),
    ("POST", "/v1/games/{game_id}/rematch"): Operation("accept_rematch", "play"),
    ("DELETE", "/v1/games/{game_id}/rematch"): Operation("decline_rematch", "play"),
    ("POST", "/v1/games/{game_id}/start"): Operation("start_game", "play"),
    ("POST", "/v1/games/{game_id}/bots"): Operation("add_bot", "play"),
    ("POST", "/v1/games/{game_id}/return"): Operation("return_to_seat", "play"),
    ("GET", "/v1/games/{game_id}/moves"): Operation("get_moves", "read"),
    ("GET", "/v1/games/{game_id}/table"): Operation("get_table", "read"),
    ("POST", "/v1/games/{game_id}/actions"): Operation("act", "play"),
    ("POST", "/v1/games/{game_id}/hints"): Operation("ask_hint", "play"),
    ("POST", "/v1/games/{game_id}/reactions"): Operation("send_reaction", "play"),
    ("GET", "/v1/games/{game_id}/states/{version}"): Operation("get_state", "read"),
    ("GET", "/v1/games/{game_id}/score"): Operation("get_score", "read"),
    ("GET", "/v1/games/{game_id}/events"): Operation("get_game_events", "read"),
    ("GET", "/v1/users/me/events"): Operation("get_my_events", "read"),
    ("GET", "/v1/games/{game_id}/export"): Operation("export_game", "read"),
    ("POST", "/v1/games/{game_id}/shares"): Operation("share_game", "read"),
    ("GET", "/v1/games/{game_id}/shares"): Operation("list_shares", "read"),
    ("DELETE", "/v1/games/{game_id}/shares/{share_id}"): Operation("revoke_share", "read"),
    ("POST", "/v1/verify"): Operation("verify_export", NO_SCOPE),
    ("POST", "/v1/games/import"): Operation("import_game", "admin"),
    ("PUT", "/v1/users/me/mail-address"): Operation("set_mail_address", "admin"),
    ("GET", "/v1/users/me/mail-address"): Operation("get_mail_address", "admin"),
    ("DELETE", "/v1/users/me/mail-address"): Operation("remove_mail_address", "admin"),
    ("POST", "/v1/mail-address/verify"): Operation("verify_mail_address", NO_SCOPE),
    ("POST", "/v1/signin/mail"): Operation("ask_signin_mail", NO_SCOPE),
    ("POST", "/v1/signin/mail-code"): Operation("sign_in_by_mail", NO_SCOPE),
    ("GET", "/v1/users/me/notice-settings"): Operation("get_notice_settings", "read"),
    ("PUT", "/v1/users/me/notice-settings"): Operation("set_notice_settings", "admin"),
    ("POST", "/v1/unsubscribe/{token}"): Operation("unsubscribe", NO_SCOPE),
    ("PUT", "/v1/users/me/webhook"): Operation("set_webhook", "webhooks"),
    ("GET", "/v1/users/me/webhook"): Operation("get_webhook", "webhooks"),
    ("DELETE", "/v1/users/me/webhook"): Operation("delete_webhook", "webhooks"),
    ("GET", "/v1/users/me/webhook/deliveries"): Operation("list_deliveries", "webhooks"),
    ("POST", "/v1/users/me/webhook/ping"): Operation("ping_webhook", "webhooks"),
    ("GET", "/v1/push-key"): Operation("get_push_key", NO_SCOPE),
    # being told of your turns, as reading them is: a read-only token may do it
    ("POST", "/v1/users/me/push-subscriptions"): Operation("add_push_subscription", "read"),
    ("GET", "/v1/users/me/push-subscriptions"): Operation("list_push_subscriptions", "read"),
    ("DELETE", "/v1/users/me/push-subscriptions/{subscription_id}"): Operation(
        "remove_push_subscription", "read"),
    ("GET", "/v1/users/me/vacation"): Operation("get_vacation", "read"),
    ("POST", "/v1/users/me/vacation"): Operation("declare_vacation", "play"),
    ("DELETE", "/v1/users/me/vacation"): Operation("end_vacation", "play"),
    ("GET", "/v1/leaderboards/{map_name}"): Operation("get_leaderboard", "read"),
    ("GET", "/v1/users/{user_id}"): Operation("get_profile", "read"),
    ("GET", "/v1/users/{user_id}/games"): Operation("list_player_games", "read"),
    ("GET", "/v1/games/{game_id}/analysis"): Operation("get_analysis", "read"),
    ("GET", "/v1/games/{game_id}/ratings"): Operation("get_game_ratings", "read"),
    ("POST", "/v1/tournaments"): Operation("create_tournament", "play"),
    ("GET", "/v1/tournaments"): Operation("list_tournaments", "read"),
    ("GET", "/v1/tournaments/{tournament_id}"): Operation("get_tournament", "read"),
    ("POST", "/v1/tournaments/{tournament_id}/entrants"): Operation("join_tournament", "play"),
    ("DELETE", "/v1/tournaments/{tournament_id}/entrants/{entrant_id}"): Operation(
        "leave_tournament", "play"),
    ("POST", "/v1/tournaments/{tournament_id}/start"): Operation("start_tournament", "play"),
    ("GET", "/v1/tournaments/{tournament_id}/log"): Operation("get_tournament_log", "read"),
}
assert {o.scope for o in OPERATIONS.values()} <= {NO_SCOPE, *SCOPES}
assert len({o.operation_id for o in OPERATIONS.values()}) == len(OPERATIONS)
