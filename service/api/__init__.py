"""The HTTP resources, one blueprint per area, and the pages that are not JSON."""

from __future__ import annotations

from service.api import analysis, audit, feed, games, maps, ratings, users, webhooks
from service.api.pages import register_pages

BLUEPRINTS = [users.blp, maps.blp, games.blp, feed.blp, audit.blp, webhooks.blp,
              ratings.blp, analysis.blp]

__all__ = ["BLUEPRINTS", "register_pages"]
