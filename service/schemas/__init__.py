"""The request and response shapes, as marshmallow schemas: they validate what clients
send and generate the schemas of `openapi.yaml`.

Responses are built as plain dicts by `service.views` (the hot paths skip a second
serialisation); the tests hold every response to these schemas through the spec.

One module per subject (`problems`, `users`, `maps`, `games`, `play`, `feeds`,
`webhooks`, `audit`, and `base` for what they share); every schema is importable from
here. A schema's class name (less `Schema`) is its name in the spec, so names stay
unique across the modules. `events` (each event type's data) and `contract` (what
generated clients need) amend the spec `build_spec` makes.
"""

from service.schemas.audit import (
    FirstFailureSchema,
    VerdictSchema,
)
from service.schemas.base import (
    STATUSES,
    StrictSchema,
)
from service.schemas.feeds import (
    MAX_POSITION,
    EventPageSchema,
    EventsArgsSchema,
    UserEventPageSchema,
)
from service.schemas.games import (
    BotSeatSchema,
    CardMap,
    FinalRoundSchema,
    GameCreatedSchema,
    GameListEntrySchema,
    GameListSchema,
    GameSchema,
    ImportArgsSchema,
    LobbyArgsSchema,
    MyGamesArgsSchema,
    NewGameSchema,
    OptionsSchema,
    PendingSchema,
    PlayerViewSchema,
    ScorePendingSchema,
    ScoreSchema,
    TakeSeatSchema,
    TicketViewSchema,
    TunnelSchema,
    TurnSchema,
    YouSchema,
)
from service.schemas.maps import (
    MapListSchema,
    MapSchema,
    MapSummarySchema,
    RouteSchema,
    RulesSchema,
    TicketSchema,
)
from service.schemas.play import (
    ActionResultSchema,
    ActorSchema,
    EventSchema,
    MovesArgsSchema,
    MovesSchema,
)
from service.schemas.problems import (
    ProblemSchema,
)
from service.schemas.users import (
    NewUserSchema,
    UserCreatedSchema,
    UserSchema,
)
from service.schemas.webhooks import (
    DELIVERY_STATUSES,
    WEBHOOK_KINDS,
    AttemptSchema,
    DeliveriesArgsSchema,
    DeliveryListSchema,
    DeliverySchema,
    NewWebhookSchema,
    WebhookSchema,
)

__all__ = [
    "FirstFailureSchema",
    "VerdictSchema",
    "STATUSES",
    "StrictSchema",
    "ProblemSchema",
    "NewUserSchema",
    "UserCreatedSchema",
    "UserSchema",
    "MapListSchema",
    "MapSchema",
    "MapSummarySchema",
    "RouteSchema",
    "RulesSchema",
    "TicketSchema",
    "CardMap",
    "FinalRoundSchema",
    "GameCreatedSchema",
    "GameListEntrySchema",
    "GameListSchema",
    "GameSchema",
    "ImportArgsSchema",
    "LobbyArgsSchema",
    "MyGamesArgsSchema",
    "BotSeatSchema",
    "NewGameSchema",
    "OptionsSchema",
    "PendingSchema",
    "PlayerViewSchema",
    "ScorePendingSchema",
    "ScoreSchema",
    "TakeSeatSchema",
    "TicketViewSchema",
    "TunnelSchema",
    "TurnSchema",
    "YouSchema",
    "ActionResultSchema",
    "ActorSchema",
    "EventSchema",
    "MovesArgsSchema",
    "MovesSchema",
    "MAX_POSITION",
    "EventPageSchema",
    "EventsArgsSchema",
    "UserEventPageSchema",
    "DELIVERY_STATUSES",
    "WEBHOOK_KINDS",
    "AttemptSchema",
    "DeliveriesArgsSchema",
    "DeliveryListSchema",
    "DeliverySchema",
    "NewWebhookSchema",
    "WebhookSchema",
]
