"""Quick reactions over HTTP, on the in-memory store and on PostgreSQL: a seated player
says a phrase of the fixed list and the others' streams carry it; a phrase not in the
list, a spectator and a flood are refused; and a reaction changes nothing in the game,
hides nothing and leaves the export verifiable."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL, open_store
from events.verify import verify_export
from tests.api_support import (
    Client,
    Table,
    make_app,
    open_table,
    play_to_the_end,
    read_sse,
    wait_for_score,
)


@pytest.fixture(params=["memory", "postgres"])
def app(request: pytest.FixtureRequest) -> Iterator[Flask]:
    if request.param == "memory":
        app = make_app(MEMORY_URL, store=open_store(MEMORY_URL), sse_keepalive=0.2)  # type: ignore[arg-type]
    else:
        app = make_app(request.getfixturevalue("pg_schema_url"), sse_keepalive=0.2)
    yield app
    app.extensions["ttr"].close()


def react(client: Client, table: Table, seat: int, reaction: str) -> Any:
    return client.post(f"/v1/games/{table.game_id}/reactions", token=table.tokens[seat],
                       json={"reaction": reaction})


def events_of(client: Client, table: Table, token: str) -> list[dict[str, Any]]:
    page = client.get(f"/v1/games/{table.game_id}/events?after=0&limit=5000", token=token).json
    return page["events"]  # type: ignore[index,no-any-return]


def test_a_seated_players_reaction_reaches_the_other_players_stream(client: Client) -> None:
    table = open_table(client, "usa", 2)
    sent: list[threading.Thread] = []

    def react_once_the_snapshot_is_in(messages: list[dict[str, str]]) -> bool:
        if not sent and any(m.get("event") == "snapshot" for m in messages):
            other = client.fork()
            sent.append(threading.Thread(target=react, args=(other, table, 0, "well_played")))
            sent[0].start()
        return any(m.get("event") == "reaction_sent" for m in messages)

    response = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[1],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    messages = read_sse(response, react_once_the_snapshot_is_in)[1]
    for thread in sent:
        thread.join()
    [heard] = [json.loads(m["data"]) for m in messages if m.get("event") == "reaction_sent"]
    assert heard["data"] == {"seat": 0, "reaction": "well_played"}
    assert heard["actor"]["seat"] == 0


def test_a_reaction_not_in_the_list_is_refused_naming_the_rule(client: Client) -> None:
    table = open_table(client, "usa", 2)
    refused = react(client, table, 0, "you_are_slow")
    assert refused.status_code == 422
    assert refused.json["code"] == "unknown_reaction" and refused.json["rule"]
    assert not any(e["type"] == "reaction_sent" for e in events_of(client, table, table.tokens[0]))


def test_a_spectator_cannot_react(client: Client) -> None:
    table = open_table(client, "usa", 2)
    onlooker = client.new_user("Onlooker")
    refused = client.post(f"/v1/games/{table.game_id}/reactions", token=onlooker,
                          json={"reaction": "good_luck"})
    assert refused.status_code == 403 and refused.json["code"] == "not_seated"


def test_reactions_beyond_the_limit_are_refused_with_when_to_try_again(client: Client) -> None:
    table = open_table(client, "usa", 2)
    # a few in a row pass; the bucket refills slowly, so a run of ten cannot all pass
    answers = [react(client, table, 0, "thinking") for _ in range(10)]
    refused = [a for a in answers if a.status_code == 429]
    assert answers[0].status_code == 200 and refused
    assert int(refused[0].headers["Retry-After"]) >= 1
    assert refused[0].json["type"].endswith("rate-limited")
    # the limit is the player's own: the other player still reacts
    assert react(client, table, 1, "oops").status_code == 200


def test_a_reaction_changes_nothing_in_the_game_and_hides_nothing(client: Client) -> None:
    table = open_table(client, "usa", 2)
    before = client.get(f"/v1/games/{table.game_id}", token=table.tokens[1]).json
    said = react(client, table, 0, "good_luck").json
    after = client.get(f"/v1/games/{table.game_id}", token=table.tokens[1]).json
    assert said["version"] == before["version"] + 1  # type: ignore[index]
    # (the same view but for its version, and the time of the table's last activity)
    unchanged = {"version": None, "last_activity": None}
    assert {**after, **unchanged} == {**before, **unchanged}  # type: ignore[dict-item]
    [recorded] = [e for e in events_of(client, table, client.new_user("Onlooker"))
                  if e["type"] == "reaction_sent"]
    assert recorded["data"] == {"seat": 0, "reaction": "good_luck"} and recorded["hidden"] == []


def test_a_game_with_reactions_still_verifies_and_after_the_end_only_farewells_are_said(
        client: Client) -> None:
    table = open_table(client, "usa", 2)
    assert react(client, table, 1, "good_luck").status_code == 200
    play_to_the_end(client, table)
    wait_for_score(client, table)
    late = react(client, table, 0, "hurry")
    assert late.status_code == 422 and late.json["code"] == "reaction_after_end"
    assert react(client, table, 0, "good_game").status_code == 200
    export = client.get(f"/v1/games/{table.game_id}/export", token=table.tokens[0])
    lines = export.data.decode().splitlines()
    records = [json.loads(line) for line in lines if line]
    assert [r["data"]["reaction"] for r in records if r["type"] == "reaction_sent"] == [
        "good_luck", "good_game"]
    assert records[-1]["type"] == "reaction_sent"  # said after the score
    verdict = verify_export(lines)
    assert verdict.ok, verdict
    assert verdict.events == len(records) and verdict.score_matches
