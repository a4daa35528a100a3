"""The HTTP resources, one blueprint per area, and the pages that are not JSON.

Each resource module stands alone: it imports what the resources share
(`service.api.common`, the request checks of `service.api.inputs`) and its services
(`service.services`), never another resource module (`lint-imports` holds it to that).
"""

from __future__ import annotations

from flask import Flask

from service.api import (
    analysis,
    audit,
    client_pages,
    feed,
    games,
    hints,
    invitations,
    mail,
    maps,
    matches,
    notices,
    pages,
    push,
    ratings,
    reactions,
    rematches,
    session,
    shares,
    signin,
    tables,
    tokens,
    tournaments,
    users,
    vacation,
    webhooks,
)

BLUEPRINTS = [users.blp, tokens.blp, session.blp, signin.blp, maps.blp, games.blp, matches.blp,
              shares.blp, feed.blp, audit.blp, webhooks.blp, mail.blp, notices.blp, ratings.blp,
              analysis.blp, hints.blp, rematches.blp, tournaments.blp, push.blp, vacation.blp,
              reactions.blp, invitations.blp, tables.blp]


def register_pages(app: Flask) -> None:
    """The pages that are not JSON: the contract, the docs, the probes, the web client."""
    pages.register_pages(app)
    client_pages.register_client_pages(app)


__all__ = ["BLUEPRINTS", "register_pages"]
