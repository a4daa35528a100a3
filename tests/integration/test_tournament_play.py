"""A tournament plays to its end on both databases, its jobs run in-process and its bots
with no pause: 12 bots, 4 rounds at tables of 4. Its standings rebuilt from the log
and the games' own scores equal the stored ones, and no pair meets more often than the
pairing allows (docs/tournaments.md: 12 meetings a player over 11 others, so twice)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

import pytest

from domain.commands import Resign
from domain.standings import TableResult, standings
from domain.swiss import meetings
from domain.tournament_log import Tournament, TournamentCreated, TournamentEvent
from events import SqlStore
from events.store import VersionConflict
from referee import tournaments
from referee.tournaments import Entrant
from tests.worker_support import make_context
from worker.context import WorkerContext
from worker.inline_jobs import InlineJobs

HOST = "u_host"


@pytest.fixture
def ctx(store: SqlStore) -> Iterator[WorkerContext]:
    """A context whose jobs run in this process, the bots' pause off."""
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], retry_intervals=(0.05, 0.1, 0.2), sweep_every=None)
    holder.append(make_context(store, jobs=jobs))
    try:
        yield holder[0]
    finally:
        jobs.close()


def _played(ctx: WorkerContext, players: int = 12, rounds: int = 4) -> Tournament:
    created = TournamentCreated("Bot cup", HOST, "usa", 4, rounds, None, False,
                                _start(ctx).isoformat(), False, True)
    tournament_id = tournaments.create_tournament(ctx.referee, created)
    for n in range(players):
        tournaments.join(ctx.referee, tournament_id, HOST, Entrant("", f"Bot {n}", "easy"))
    tournaments.advance(ctx.referee, tournament_id, _start(ctx))
    assert isinstance(ctx.jobs, InlineJobs)
    assert ctx.jobs.wait_idle(600)
    return tournaments.tournament(ctx.referee, tournament_id)


def _start(ctx: WorkerContext) -> datetime:
    """A start time far enough ahead that its job does not start the tournament while
    the test is still adding entrants (the test starts it by calling `advance`)."""
    return ctx.clock().replace(microsecond=0) + timedelta(hours=1)


@pytest.fixture
def played(ctx: WorkerContext) -> Tournament:
    return _played(ctx)


def test_a_twelve_bot_tournament_plays_its_four_rounds_to_the_end(played: Tournament) -> None:
    assert played.finished is not None
    assert [len(r.tables) for r in played.rounds] == [3, 3, 3, 3]
    assert len(played.results) == 12


def test_its_standings_rebuilt_from_the_games_equal_the_stored_ones(
        ctx: WorkerContext, played: Tournament) -> None:
    results = []
    for paired in played.rounds:
        for table, game_id in zip(paired.tables, paired.games, strict=True):
            scored = ctx.log.load(game_id).score or ()
            results.append(TableResult(dict(zip(table, (int(line["score"]["total"])
                                                       for line in scored), strict=True))))
    rebuilt = [s.entrant for s in standings(played.entrants, results)]
    assert played.finished is not None and rebuilt == list(played.finished.standings)


def test_a_player_who_resigns_their_game_is_withdrawn_with_no_points(
        ctx: WorkerContext) -> None:
    created = TournamentCreated("Cup", HOST, "usa", 4, 2, None, False,
                                _start(ctx).isoformat(), False, True)
    tournament_id = tournaments.create_tournament(ctx.referee, created)
    tournaments.join(ctx.referee, tournament_id, "u_ann", Entrant("u_ann", "Ann"))
    for n in range(3):
        tournaments.join(ctx.referee, tournament_id, HOST, Entrant("", f"Bot {n}", "easy"))
    [game_id] = tournaments.advance(ctx.referee, tournament_id, _start(ctx)).rounds[0].games
    ctx.referee.act(game_id, "u_ann", Resign(), kind="resign", request_hash="h")
    assert isinstance(ctx.jobs, InlineJobs) and ctx.jobs.wait_idle(600)
    state = tournaments.tournament(ctx.referee, tournament_id)
    assert "u_ann" in state.withdrawn and state.finished is not None
    assert len(state.rounds[-1].tables[0]) == 3  # the bots play on without her
    assert next(s for s in state.standings() if s.entrant == "u_ann").points == 0


def test_no_pair_meets_more_than_twice(played: Tournament) -> None:
    assert max(meetings([r.tables for r in played.rounds]).values()) <= 2


def test_a_round_is_paired_even_when_another_process_appended_first(
        ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables' games scored at once: the job that loses the race still decides on
    the longer log (it may be the one that saw the round complete)."""
    created = TournamentCreated("Cup", HOST, "usa", 4, 1, None, False,
                                _start(ctx).isoformat(), False, True)
    tournament_id = tournaments.create_tournament(ctx.referee, created)
    for name in ("ann", "bob", "cid", "dee"):
        tournaments.join(ctx.referee, tournament_id, f"u_{name}", Entrant(f"u_{name}", name))
    store = ctx.referee.ctx.store
    real_append = store.append_tournament
    raced: list[int] = []

    def lose_the_first_race(tid: str, events: Sequence[TournamentEvent], version: int) -> None:
        if not raced:
            raced.append(version)
            raise VersionConflict(tid, version, version + 1)
        real_append(tid, events, version)

    monkeypatch.setattr(store, "append_tournament", lose_the_first_race)
    state = tournaments.advance(ctx.referee, tournament_id, _start(ctx))
    assert raced and len(state.rounds) == 1
    assert len(tournaments.tournament(ctx.referee, tournament_id).rounds) == 1
