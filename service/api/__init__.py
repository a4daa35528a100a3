"""The HTTP resources, one blueprint per area, and the pages that are not JSON."""

from __future__ import annotations

from service.api import (
    analysis,
    audit,
    bots,
    feed,
    games,
    maps,
    ratings,
    tokens,
    users,
    webhooks,
)
from service.api.pages import register_pages

BLUEPRINTS = [users.blp, tokens.blp, maps.blp, games.blp, feed.blp, audit.blp, webhooks.blp,
              ratings.blp, analysis.blp]
BOT_RESOURCES = bots  # (they join the games blueprint: imported before it is registered)

__all__ = ["BLUEPRINTS", "register_pages"]
