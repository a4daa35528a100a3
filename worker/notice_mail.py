"""The e-mail of a notice, or of a digest of them: the game's map, the opponents, the
last move, the deadline and a link straight to the table, as a plain-text part and an
HTML part, with ``List-Unsubscribe`` and ``List-Unsubscribe-Post`` (RFC 8058: a mail
program's one-click unsubscribe POSTs to the URL, which carries an opaque token good
for that alone). No image, no tracking: nothing in a mail tells anyone it was opened.

Only what any player of the game sees goes in (an event's public data, the players'
names): never a hand, never a ticket.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from html import escape

from domain import Skill, map_entry
from events.index import GameRow
from events.notice_outbox import NoticeDelivery
from events.ratings_read import ResultRow
from events.store import Recorded
from referee.outreach import Mail

# what a player's move looks like in a mail (the event types with a seat of their own)
_MOVES = {"route_claimed": "claimed {route}", "station_built": "built a station",
          "card_taken": "took a card", "card_drawn_blind": "drew a card",
          "tickets_kept": "chose destination tickets", "tunnel_attempted": "tried a tunnel",
          "tunnel_declined": "gave up a tunnel", "passed": "passed",
          "turn_timed_out": "ran out of time", "player_resigned": "resigned",
          "player_dropped": "was dropped", "setup_tickets_returned": "chose tickets"}


@dataclass(frozen=True)
class Links:
    """Where a mail's links lead: the web client, and the one-click unsubscribe."""
    public_url: str
    unsubscribe_url: str

    def table(self, game_id: str) -> str:
        return f"{self.public_url.rstrip('/')}/play/{game_id}"

    def settings(self, user_id: str) -> str:
        return f"{self.public_url.rstrip('/')}/players/{user_id}"


@dataclass(frozen=True)
class About:
    """A game as a mail tells it."""
    game_id: str
    map: str
    opponents: list[str]
    last_move: str | None
    deadline: datetime | None
    # a finished game's line for the player: their place, points and rating change
    result: str | None = None


def about(row: GameRow, user_id: str, recent: list[Recorded]) -> About:
    """`row` as `user_id` hears of it; `recent`: the game's last events, oldest first."""
    names = {p.seat: p.name for p in row.players}
    last = None
    for event in reversed(recent):
        move = _MOVES.get(event.type)
        seat = event.data.get("seat")
        if move is not None and isinstance(seat, int):
            last = f"{names.get(seat, f'Seat {seat + 1}')} " + move.format(
                route=str(event.data.get("route", "a route")).replace("_", " "))
            break
    return About(row.game_id, map_called(row.map),
                 [p.name for p in row.players if p.user_id != user_id], last, row.deadline)


def map_called(name: str) -> str:
    """A map as a mail names it: "North America", not "usa" (its name in ids)."""
    try:
        return map_entry(name).region_name
    except KeyError:  # a map this process has not registered (a test's own)
        return name.replace("_", " ").title()


def subject(kind: str, game: About, data: dict[str, object]) -> str:
    name = str(data.get("name", "A player"))
    return {
        "your_turn": f"Your turn on {game.map}",
        "game_started": f"Your game on {game.map} has started",
        "game_scored": f"Game over on {game.map}",
        "player_left": f"{name} left your game on {game.map}",
        "player_timed_out": f"{name} ran out of time on {game.map}",
        "deadline_near": f"Your turn on {game.map}: the deadline is near",
        "stand_in_seated": f"A bot took your seat on {game.map}",
    }.get(kind, f"News of your game on {game.map}")


def _why(kind: str, data: dict[str, object]) -> list[str]:
    """What a notice adds to the game's lines, for the kinds that need telling why."""
    if kind == "stand_in_seated":
        because = ("you resigned" if data.get("reason") == "resigned"
                   else "your turns timed out too often")
        return [f"{data.get('name', 'A bot')} plays your seat: {because}. "
                "You may come back to it from the table."]
    return []


def result_line(row: ResultRow, players: int) -> str:
    """The player's result in a finished game: place, points and, once the ratings job
    has projected the game, the rating before and after it."""
    place = f"{'won' if row.winner else f'place {row.rank} of {players}'}, {row.total} points"
    before = Skill(row.mu_before, row.sigma_before, row.games_before).rating
    if row.mu_after is not None and row.sigma_after is not None:
        after = Skill(row.mu_after, row.sigma_after, row.games_before + 1).rating
        return f"{place}; rating {before:.1f} → {after:.1f} ({after - before:+.1f})"
    if row.unrated_reason is not None:
        return f"{place}; not rated ({row.unrated_reason.replace('_', ' ')})"
    return f"{place}; the rating change is on its way"


def _lines(game: About) -> list[str]:
    lines = [f"Map: {game.map}",
             f"Against: {', '.join(game.opponents) if game.opponents else 'nobody yet'}"]
    if game.result:
        lines.append(f"Your result: {game.result}")
    if game.last_move:
        lines.append(f"Last move: {game.last_move}")
    if game.deadline is not None:
        lines.append(f"Deadline: {game.deadline.strftime('%Y-%m-%d %H:%M UTC')}")
    return lines


def _headers(links: Links) -> dict[str, str]:
    return {"List-Unsubscribe": f"<{links.unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated"}


def _footer(links: Links, user_id: str) -> tuple[str, str]:
    url = links.settings(user_id)
    return (f"\n--\nWhat you are told, and how: {url}\nTo stop these mails: "
            f"{links.unsubscribe_url}\n",
            f"<hr><p>What you are told, and how: <a href=\"{escape(url)}\">your settings"
            "</a>.</p>")


def notice_mail(to: str, delivery: NoticeDelivery, game: About, links: Links) -> Mail:
    """The mail of one delivery."""
    title = subject(delivery.kind, game, delivery.data)
    table = links.table(game.game_id)
    lines = _why(delivery.kind, delivery.data) + _lines(game)
    foot_text, foot_html = _footer(links, delivery.user_id)
    text = f"{title}.\n\n" + "\n".join(lines) + f"\n\nGo to the table: {table}\n" + foot_text
    html = (f"<p><strong>{escape(title)}.</strong></p><ul>"
            + "".join(f"<li>{escape(line)}</li>" for line in lines)
            + f"</ul><p><a href=\"{escape(table)}\">Go to the table</a></p>" + foot_html)
    return Mail(to=to, subject=title, text=text, html=html, key=delivery.notice_key,
                headers=_headers(links))


def digest_mail(to: str, user_id: str, games: list[About], key: str, links: Links) -> Mail:
    """One mail gathering every game waiting for the player."""
    title = (f"{len(games)} games are waiting for you" if len(games) != 1
             else f"Your game on {games[0].map} is waiting for you")
    foot_text, foot_html = _footer(links, user_id)
    text_parts, html_parts = [], []
    for game in games:
        table = links.table(game.game_id)
        lines = _lines(game)
        text_parts.append("\n".join(lines) + f"\nGo to the table: {table}\n")
        html_parts.append("<li><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines)
                          + f"</ul><a href=\"{escape(table)}\">Go to the table</a></li>")
    text = f"{title}.\n\n" + "\n".join(text_parts) + foot_text
    html = (f"<p><strong>{escape(title)}.</strong></p><ol>" + "".join(html_parts) + "</ol>"
            + foot_html)
    return Mail(to=to, subject=title, text=text, html=html, key=key, headers=_headers(links))


@dataclass(frozen=True)
class Invitation:
    """A tournament a player was invited to, as a mail or a push tells it."""
    tournament_id: str
    name: str
    map: str
    starts_at: str
    url: str  # the tournament's page, from the site's root

    def title(self) -> str:
        return f"You are invited to the tournament {self.name}"

    def line(self) -> str:
        return f"On {self.map}, from {self.starts_at}"


def invitation_about(delivery: NoticeDelivery) -> Invitation:
    """The invitation an `invitation` delivery tells of (its data names the tournament)."""
    data = delivery.data
    tournament_id = str(data["tournament_id"])
    return Invitation(tournament_id, str(data.get("name", "")),
                      map_called(str(data.get("map", ""))),
                      str(data.get("starts_at", "")), f"/tournaments/{tournament_id}")


def invitation_mail(to: str, delivery: NoticeDelivery, invited: Invitation,
                    links: Links) -> Mail:
    """The mail of an invitation to a tournament, linking to its page."""
    title = invited.title()
    page = f"{links.public_url.rstrip('/')}{invited.url}"
    lines = [f"Map: {invited.map}", f"Starts: {invited.starts_at}"]
    foot_text, foot_html = _footer(links, delivery.user_id)
    text = (f"{title}.\n\n" + "\n".join(lines) + f"\n\nSee the tournament: {page}\n"
            + foot_text)
    html = (f"<p><strong>{escape(title)}.</strong></p><ul>"
            + "".join(f"<li>{escape(line)}</li>" for line in lines)
            + f"</ul><p><a href=\"{escape(page)}\">See the tournament</a></p>" + foot_html)
    return Mail(to=to, subject=title, text=text, html=html, key=delivery.notice_key,
                headers=_headers(links))
