"""The agents by name, and the levels a game's creator chooses from."""

from __future__ import annotations

from collections.abc import Callable

from bots.agent import Agent
from bots.agents.long_route import LongRouteAgent
from bots.agents.one_step import OneStepAgent
from bots.agents.random_agent import RandomAgent
from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong import StrongAgent

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "one-step": OneStepAgent,
    "long-route": LongRouteAgent,
    "route-focus": RouteFocusAgent,
    "strong": StrongAgent,
}
LEVELS: dict[str, str] = {"easy": "one-step", "medium": "route-focus", "hard": "strong"}


def agent_named(name: str) -> Agent:
    """A fresh agent by its name (KeyError if there is none)."""
    return AGENTS[name]()


def agent_for_level(level: str) -> Agent:
    """The agent behind a level: easy, medium or hard (KeyError otherwise)."""
    return agent_named(LEVELS[level])
