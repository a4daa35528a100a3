"""What one game stream does about spectators (`service.spectating.Gallery`): counts its
spectator in and out, keeps them counted while it goes on, busy or idle, and sends the
number watching only when it has changed."""

from __future__ import annotations

import json

from messaging.notify import LocalNotifier
from messaging.spectators import MemorySpectators
from service.spectating import Counts, Gallery, spectators_key


class Recording(MemorySpectators):
    """The in-memory spectators, noting each time a stream says it is there."""

    def __init__(self) -> None:
        super().__init__(60.0)
        self.said = 0

    def arrive(self, game_id: str, user_id: str, stream_id: str) -> None:
        self.said += 1
        super().arrive(game_id, user_id, stream_id)


def gallery(spectators: MemorySpectators, notifier: LocalNotifier, user: str | None,
            every: float = 60.0) -> Gallery:
    return Gallery(spectators, notifier, Counts(spectators, notifier, 60.0), "g_1", user, every)


def test_a_spectators_stream_counts_them_in_and_out_and_tells_the_other_streams() -> None:
    spectators, notifier = MemorySpectators(60.0), LocalNotifier()
    key = spectators_key("g_1")
    stream = gallery(spectators, notifier, "u_eve")
    assert stream.arrive() == 1 and notifier.heard_of(key) == 1
    stream.leave()
    assert spectators.count("g_1") == 0 and notifier.heard_of(key) == 2


def test_a_players_stream_counts_nobody_and_tells_nobody() -> None:
    spectators, notifier = MemorySpectators(60.0), LocalNotifier()
    stream = gallery(spectators, notifier, None)
    assert stream.arrive() == 0
    stream.leave()
    assert notifier.heard_of(spectators_key("g_1")) == 0


def test_a_stream_reports_its_presence_at_most_once_an_interval_however_busy() -> None:
    spectators, notifier = Recording(), LocalNotifier()
    stream = gallery(spectators, notifier, "u_eve", every=60.0)
    stream.arrive()
    for _ in range(100):  # a busy game: the stream goes round without a keep-alive
        stream.still_here()
    assert spectators.said == 1
    every_time = gallery(spectators, notifier, "u_ann", every=0.0)
    every_time.arrive()
    every_time.still_here()
    assert spectators.said == 3


def test_the_number_watching_is_sent_only_when_it_changes() -> None:
    spectators, notifier = MemorySpectators(60.0), LocalNotifier()
    player = gallery(spectators, notifier, None)
    player.arrive()
    key = spectators_key("g_1")
    assert player.news(notifier.watch([key])) is None
    gallery(spectators, notifier, "u_eve").arrive()
    news = player.news(notifier.watch([key]))
    assert news is not None and news.startswith(b"event: spectators\n")
    assert json.loads(news.split(b"data: ")[1]) == {"count": 1}
    assert player.news(notifier.watch([key])) is None
