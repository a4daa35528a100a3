"""The HTTP resources, one blueprint per area, and the pages that are not JSON."""

from __future__ import annotations

from service.api import audit, feed, games, maps, tokens, users, webhooks
from service.api.pages import register_pages

BLUEPRINTS = [users.blp, tokens.blp, maps.blp, games.blp, feed.blp, audit.blp, webhooks.blp]

__all__ = ["BLUEPRINTS", "register_pages"]
