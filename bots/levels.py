"""The agents by name, and the agent behind each level a game's creator chooses from.

The levels themselves are the domain's (`domain.stand_ins.BOT_LEVELS`, weakest first);
this module only says which agent plays each of them.
"""

from __future__ import annotations

from collections.abc import Callable

from bots.agent import Agent
from bots.agents.expert import ExpertAgent
from bots.agents.long_route import LongRouteAgent
from bots.agents.one_step import OneStepAgent
from bots.agents.random_agent import RandomAgent
from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong import StrongAgent
from domain.stand_ins import BOT_LEVELS

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "one-step": OneStepAgent,
    "long-route": LongRouteAgent,
    "route-focus": RouteFocusAgent,
    "strong": StrongAgent,
    "expert": ExpertAgent,
}
# the agent of each of the domain's levels, in their order (a level added there without
# an agent here fails on import, not in a game)
LEVELS: dict[str, str] = dict(zip(BOT_LEVELS, ("one-step", "route-focus", "strong", "expert"),
                                  strict=True))


def agent_named(name: str) -> Agent:
    """A fresh agent by its name (KeyError if there is none)."""
    return AGENTS[name]()


def agent_for_level(level: str) -> Agent:
    """The agent behind one of the domain's `BOT_LEVELS` (KeyError otherwise)."""
    return agent_named(LEVELS[level])
