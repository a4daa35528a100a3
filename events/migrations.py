"""The database schema, as numbered migrations that create and upgrade it.

Each migration is a list of statements written once for both databases, with
`{json}`, `{time}`, `{bigint}` and `{bool}` standing for each dialect's column
types. `migrate` applies the missing ones in order and records them in
`schema_migrations`; it is idempotent and safe when several processes start at once
(the adapter holds a database-wide lock while it runs: an advisory lock on
PostgreSQL, an exclusive transaction on SQLite).

A migration marked `online` is instead a conversion an adapter may run in steps of
its own, each committed, while the service goes on reading and appending (the
events table's partitioning, `events.partitioning`, on PostgreSQL); an adapter with
nothing to convert runs its statements, if any, like any other migration's.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    statements: tuple[str, ...]
    online: bool = False


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "events, idempotency keys and snapshots", (
        # One row per event. (game_id, version) is the stream's order and the guard
        # against two writers appending the same version; `position` orders the
        # global feed (see the adapters for how it is assigned).
        """CREATE TABLE events (
            game_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            position {bigint} NOT NULL,
            type TEXT NOT NULL,
            schema_version INTEGER NOT NULL,
            recorded_at {time} NOT NULL,
            actor TEXT NOT NULL,
            data {json} NOT NULL,
            private {json},
            audience {json},
            PRIMARY KEY (game_id, version)
        )""",
        "CREATE UNIQUE INDEX events_by_position ON events (position)",
        # An idempotency key is scoped to a game and an actor; it remembers the
        # request it was used for and the response first given.
        """CREATE TABLE idempotency_keys (
            game_id TEXT NOT NULL,
            actor TEXT NOT NULL,
            key TEXT NOT NULL,
            request_hash TEXT NOT NULL,
            first_version INTEGER NOT NULL,
            last_version INTEGER NOT NULL,
            response {json},
            created_at {time} NOT NULL,
            PRIMARY KEY (game_id, actor, key)
        )""",
        # The latest snapshot of each game's state: only an optimisation.
        """CREATE TABLE snapshots (
            game_id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            format TEXT NOT NULL,
            state {json} NOT NULL,
            saved_at {time} NOT NULL
        )""",
    )),
    Migration(2, "users and the games index", (
        """CREATE TABLE users (
            user_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            token_sha256 TEXT NOT NULL UNIQUE,
            admin {bool} NOT NULL DEFAULT FALSE,
            created_at {time} NOT NULL
        )""",
        """CREATE TABLE games (
            game_id TEXT PRIMARY KEY,
            map TEXT NOT NULL,
            status TEXT NOT NULL,
            private {bool} NOT NULL,
            seats INTEGER NOT NULL,
            seats_taken INTEGER NOT NULL,
            created_by TEXT NOT NULL,
            created_at {time} NOT NULL,
            version INTEGER NOT NULL,
            last_activity {time} NOT NULL,
            deadline {time},
            turn_time_limit INTEGER
        )""",
        "CREATE INDEX games_by_status ON games (status, last_activity)",
        "CREATE INDEX games_by_deadline ON games (deadline)",
        """CREATE TABLE game_players (
            game_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            to_act {bool} NOT NULL,
            out TEXT,
            PRIMARY KEY (game_id, user_id)
        )""",
        "CREATE INDEX game_players_by_user ON game_players (user_id, game_id)",
    )),
    Migration(3, "webhooks, their deliveries and delivery attempts", (
        # One webhook per user. The secret is kept as given: signing needs it.
        """CREATE TABLE webhooks (
            user_id TEXT PRIMARY KEY,
            url TEXT NOT NULL,
            secret TEXT NOT NULL,
            created_at {time} NOT NULL,
            updated_at {time} NOT NULL
        )""",
        # One row per message to one user. (user, game, version, kind) is unique, so a
        # fan-out that runs twice creates nothing twice (a ping has no game: NULLs never
        # collide). `body` is the exact text sent (and signed), the same on every
        # attempt; `claimed_until`: a delivery job is sending it until then.
        """CREATE TABLE webhook_deliveries (
            delivery_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            game_id TEXT,
            version INTEGER,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            created_at {time} NOT NULL,
            next_attempt_at {time},
            claimed_until {time},
            body TEXT NOT NULL,
            UNIQUE (user_id, game_id, version, kind)
        )""",
        "CREATE INDEX webhook_deliveries_by_user ON webhook_deliveries (user_id, created_at)",
        "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) "
        "WHERE status = 'pending'",
        """CREATE TABLE webhook_attempts (
            delivery_id TEXT NOT NULL,
            number INTEGER NOT NULL,
            attempted_at {time} NOT NULL,
            status_code INTEGER,
            error TEXT,
            duration_ms INTEGER NOT NULL,
            PRIMARY KEY (delivery_id, number)
        )""",
    )),
    Migration(4, "named tokens with scopes; closed accounts", (
        # A user holds any number of tokens; each is kept as its SHA-256 only, with the
        # scopes it grants (space-separated, as OAuth writes them). A revoked token's
        # row is deleted: nothing about it is worth keeping.
        """CREATE TABLE tokens (
            token_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            name TEXT NOT NULL,
            scopes TEXT NOT NULL,
            token_sha256 TEXT NOT NULL UNIQUE,
            created_at {time} NOT NULL,
            last_used_at {time},
            expires_at {time}
        )""",
        "CREATE INDEX tokens_by_user ON tokens (user_id, created_at)",
        # each account's one token so far becomes its first named token, with every
        # scope: existing clients keep working
        "INSERT INTO tokens (token_id, user_id, name, scopes, token_sha256, created_at) "
        "SELECT 't_' || user_id, user_id, 'account', 'play read webhooks admin', "
        "token_sha256, created_at FROM users",
        # users without their token column (SQLite cannot drop a UNIQUE column: the
        # table is copied), and with the moment the account was closed
        """CREATE TABLE users_4 (
            user_id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            admin {bool} NOT NULL DEFAULT FALSE,
            created_at {time} NOT NULL,
            closed_at {time}
        )""",
        "INSERT INTO users_4 (user_id, name, admin, created_at) "
        "SELECT user_id, name, admin, created_at FROM users",
        "DROP TABLE users",
        "ALTER TABLE users_4 RENAME TO users",
    )),
    Migration(5, "bot accounts", (
        # A bot's level (`domain.stand_ins.BOT_LEVELS`); NULL for a person. Bots are users
        # like any other (`events.accounts.AccountTables.add_bot`), holding no usable token.
        "ALTER TABLE users ADD COLUMN bot TEXT",
    )),
    Migration(6, "ratings, players' results and their statistics", (
        # Finding the scored games in the order they reached the log.
        "CREATE INDEX events_scored ON events (position) WHERE type = 'game_scored'",
        # Everything below is a projection of the log (`events.ratings`): `ttr ratings
        # rebuild` recomputes it all. The cursor is the position of the last
        # `game_scored` projected; its one row is also the projection's lock.
        "CREATE TABLE rating_cursor (id INTEGER PRIMARY KEY, position {bigint} NOT NULL)",
        "INSERT INTO rating_cursor (id, position) VALUES (1, 0)",
        """CREATE TABLE rated_games (
            game_id TEXT PRIMARY KEY,
            position {bigint} NOT NULL,
            map TEXT NOT NULL,
            rated {bool} NOT NULL,
            finished_at {time} NOT NULL
        )""",
        # One row per player of a scored game, with their skill before and after it
        # (NULL after: the game was not rated).
        """CREATE TABLE player_results (
            game_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            map TEXT NOT NULL,
            position {bigint} NOT NULL,
            finished_at {time} NOT NULL,
            player_rank INTEGER NOT NULL,
            winner {bool} NOT NULL,
            out {bool} NOT NULL,
            total INTEGER NOT NULL,
            tickets_kept INTEGER NOT NULL,
            tickets_completed INTEGER NOT NULL,
            longest_path_bonus {bool} NOT NULL,
            mu_before DOUBLE PRECISION NOT NULL,
            sigma_before DOUBLE PRECISION NOT NULL,
            games_before INTEGER NOT NULL,
            mu_after DOUBLE PRECISION,
            sigma_after DOUBLE PRECISION,
            PRIMARY KEY (game_id, user_id)
        )""",
        "CREATE INDEX player_results_by_user ON player_results (user_id, position)",
        "CREATE INDEX player_results_by_user_map ON player_results (user_id, map, position)",
        """CREATE TABLE ratings (
            map TEXT NOT NULL,
            user_id TEXT NOT NULL,
            bot {bool} NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (map, user_id)
        )""",
        "CREATE INDEX ratings_board ON ratings (map, bot, rating DESC, user_id)",
        "CREATE INDEX ratings_by_user ON ratings (user_id)",
        """CREATE TABLE user_stats (
            user_id TEXT NOT NULL,
            map TEXT NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            total_score {bigint} NOT NULL,
            tickets_kept INTEGER NOT NULL,
            tickets_completed INTEGER NOT NULL,
            longest_path_bonuses INTEGER NOT NULL,
            PRIMARY KEY (user_id, map)
        )""",
        """CREATE TABLE user_routes (
            user_id TEXT NOT NULL,
            route TEXT NOT NULL,
            claims INTEGER NOT NULL,
            PRIMARY KEY (user_id, route)
        )""",
    )),
    Migration(7, "why a game was unrated for a player; recent games between players", (
        # `domain.rating_rules.Reason` (NULL: the game moved the player's rating). A
        # projection column: `ttr ratings rebuild` fills it for the games scored before.
        "ALTER TABLE player_results ADD COLUMN unrated_reason TEXT",
        # The repeat rule's look-up: a player's games within a window of time.
        "CREATE INDEX player_results_by_user_time ON player_results (user_id, finished_at)",
    )),
    Migration(8, "sign-in codes and shares of games", (
        # A sign-in link's one-time code, kept as its SHA-256 only (`events.signin_codes`):
        # whose it is, the token that made it (revoking that one voids the code), the
        # name and scopes of the token it becomes; `used_at` is set when it is redeemed.
        """CREATE TABLE signin_codes (
            code_sha256 TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            maker_token_id TEXT NOT NULL,
            token_name TEXT NOT NULL,
            scopes TEXT NOT NULL,
            created_at {time} NOT NULL,
            expires_at {time} NOT NULL,
            used_at {time}
        )""",
        "CREATE INDEX signin_codes_by_expiry ON signin_codes (expires_at)",
        # A read-only capability for one game (`events.shares`), kept as its SHA-256
        # only; revoking it deletes the row.
        """CREATE TABLE game_shares (
            share_id TEXT PRIMARY KEY,
            game_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            share_sha256 TEXT NOT NULL UNIQUE,
            created_at {time} NOT NULL,
            expires_at {time} NOT NULL
        )""",
        "CREATE INDEX game_shares_by_game ON game_shares (game_id, user_id, created_at)",
    )),
    Migration(9, "quick match requests", (
        # A request for a game (`events.matches`): what it asks for, the asker's rating
        # then, and its state: waiting, matched (with the game it sits at and that game's
        # map) or cancelled.
        # `bots_at`/`bot_level`: when bots take the seats still empty, if asked.
        """CREATE TABLE match_requests (
            request_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            map TEXT,
            min_players INTEGER NOT NULL,
            max_players INTEGER NOT NULL,
            rated {bool} NOT NULL,
            turn_time_limit INTEGER,
            rating DOUBLE PRECISION,
            bot_level TEXT,
            bots_at {time},
            created_at {time} NOT NULL,
            state TEXT NOT NULL,
            game_id TEXT,
            table_map TEXT,
            seat_name TEXT NOT NULL
        )""",
        "CREATE INDEX match_requests_waiting ON match_requests (state, created_at)",
        "CREATE INDEX match_requests_by_user ON match_requests (user_id, state)",
        "CREATE INDEX match_requests_by_game ON match_requests (game_id)",
    )),
    Migration(10, "rematch answers", (
        # A player's answer to the rematch of a finished game (`events.rematches`); the
        # first answer's time is when the offer was made.
        """CREATE TABLE rematch_answers (
            game_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            accepted {bool} NOT NULL,
            answered_at {time} NOT NULL,
            PRIMARY KEY (game_id, user_id)
        )""",
    )),
    Migration(11, "tournament logs", (
        # One row per event of a tournament's log (`events.tournaments`); the games of
        # its rounds, to find the tournament when a game's score arrives.
        """CREATE TABLE tournament_events (
            tournament_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            type TEXT NOT NULL,
            data {json} NOT NULL,
            recorded_at {time} NOT NULL,
            PRIMARY KEY (tournament_id, version)
        )""",
        "CREATE INDEX tournament_events_by_type ON tournament_events (type, tournament_id)",
        """CREATE TABLE tournament_games (
            game_id TEXT PRIMARY KEY,
            tournament_id TEXT NOT NULL,
            round INTEGER NOT NULL
        )""",
    )),
    Migration(12, "e-mail addresses, mail links, notice settings and the notice outbox", (
        # A player's verified address (`events.mail_addresses`), never kept in clear:
        # `sealed` is the address encrypted with a server key, `lookup` a keyed hash of
        # it (sign-in by e-mail finds the account by it; one account per address).
        # `failures` counts sends in a row that failed for good; `disabled_at`: set
        # after too many, until the player adds an address again.
        """CREATE TABLE mail_addresses (
            user_id TEXT PRIMARY KEY,
            sealed TEXT NOT NULL,
            lookup TEXT NOT NULL UNIQUE,
            verified_at {time} NOT NULL,
            failures INTEGER NOT NULL DEFAULT 0,
            disabled_at {time}
        )""",
        # One-time links sent by mail (`purpose`: verify an address, sign in), kept as
        # their SHA-256 only; a verification link carries the address it would verify.
        """CREATE TABLE mail_links (
            link_sha256 TEXT PRIMARY KEY,
            purpose TEXT NOT NULL,
            user_id TEXT NOT NULL,
            sealed TEXT,
            lookup TEXT,
            created_at {time} NOT NULL,
            expires_at {time} NOT NULL,
            used_at {time}
        )""",
        "CREATE INDEX mail_links_by_expiry ON mail_links (expires_at)",
        # What a player wants to be told, and how (`events.notice_outbox`: a JSON
        # document, `referee.notice_choice` reads it).
        """CREATE TABLE notice_settings (
            user_id TEXT PRIMARY KEY,
            settings {json} NOT NULL,
            updated_at {time} NOT NULL
        )""",
        # The outbox (`events.notice_outbox`): one row per notice, recipient and channel
        # (`notice_key` is unique: a decision taken twice stores nothing twice); sent at
        # `due_at` or later, marked sent after it was handed over.
        """CREATE TABLE notice_deliveries (
            delivery_id TEXT PRIMARY KEY,
            notice_key TEXT NOT NULL UNIQUE,
            user_id TEXT NOT NULL,
            channel TEXT NOT NULL,
            kind TEXT NOT NULL,
            game_id TEXT,
            version INTEGER,
            data {json} NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            created_at {time} NOT NULL,
            due_at {time} NOT NULL,
            claimed_until {time},
            sent_at {time}
        )""",
        "CREATE INDEX notice_deliveries_due ON notice_deliveries (status, due_at)",
        "CREATE INDEX notice_deliveries_by_user ON notice_deliveries (user_id, status)",
    )),
    Migration(13, "push subscriptions", (
        # A browser's push subscription for a user (`events.push_subscriptions`): one per
        # user and endpoint (the same browser subscribing again replaces its keys).
        """CREATE TABLE push_subscriptions (
            subscription_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            endpoint TEXT NOT NULL,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            created_at {time} NOT NULL,
            UNIQUE (user_id, endpoint)
        )""",
    )),
    Migration(14, "vacations", (
        # A player's declared days away (`events.vacations`): `ends_at` as declared,
        # `ended_at` once ended early; `applied`: what its player's games were last
        # made to agree with (ahead, away, over), so the sweep finds one whose start or
        # end passed while its job was lost.
        """CREATE TABLE vacations (
            vacation_id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            starts_at {time} NOT NULL,
            ends_at {time} NOT NULL,
            created_at {time} NOT NULL,
            ended_at {time},
            applied TEXT NOT NULL
        )""",
        "CREATE INDEX vacations_by_user ON vacations (user_id, starts_at)",
        "CREATE INDEX vacations_unapplied ON vacations (applied, starts_at)",
    )),
    Migration(15, "computer analysis of finished games", (
        # Each finished game's win chances and key moments (`events.win_chances`), as
        # JSON text: written once by the analysis job, read by the analysis endpoint.
        """CREATE TABLE game_win_chances (
            game_id TEXT PRIMARY KEY,
            budget DOUBLE PRECISION NOT NULL,
            body TEXT NOT NULL,
            computed_at {time} NOT NULL
        )""",
    )),
    # On PostgreSQL the events table becomes one partitioned by hash of the game id,
    # copied in batches while the service runs (`events.partitioning`); SQLite's one
    # file has nothing to gain from it and keeps its table.
    Migration(16, "events partitioned by hash of the game id", (), online=True),
)

LATEST = MIGRATIONS[-1].number


def statements(migration: Migration, types: dict[str, str]) -> list[str]:
    """The migration's statements in one dialect."""
    return [s.format(**types) for s in migration.statements]
