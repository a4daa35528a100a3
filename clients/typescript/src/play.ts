/**
 * A whole game of Ticket to Ride through the API, with openapi-fetch and the types
 * openapi-typescript generates from openapi.yaml (src/schema.d.ts): two players sign
 * up, one creates a game and the other takes the second seat, each plays the moves the
 * server lists until the game ends; then the score, and the export read line by line
 * as events.
 *
 *     npm run build && node build/play.js http://127.0.0.1:8000 [map]
 *
 * It prints one JSON line: the game, how many actions it took, the winners and how
 * many events the export holds. Any refusal stops it with the problem the server sent.
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
type Command = Schemas["Command"];
type Event = Schemas["Event"];
type Api = Client<paths>;

const base = process.argv[2] ?? process.env["TTR_URL"] ?? "http://127.0.0.1:8000";
const map: Schemas["MapName"] = (process.argv[3] as Schemas["MapName"] | undefined) ?? "usa";

/** What the server answered, or a stop naming the problem it sent instead. */
function answer<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** `fetch` that waits out a rate limit: on 429 it sleeps `Retry-After` seconds, then
 * sends the request again (the `RateLimit` header says what is left before that). */
async function patientFetch(request: Request): Promise<Response> {
  for (;;) {
    const response = await fetch(request.clone());
    if (response.status !== 429) return response;
    const seconds = Number(response.headers.get("Retry-After") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, 1000 * seconds));
  }
}

async function signUp(name: string): Promise<{ id: string; api: Api }> {
  const anonymous = createClient<paths>({ baseUrl: base, fetch: patientFetch });
  const user = answer("sign up", await anonymous.POST("/v1/users", { body: { name } }));
  // one token per player: the account's first token (a bot would use a narrower one)
  const api = createClient<paths>({
    baseUrl: base, fetch: patientFetch, headers: { Authorization: `Bearer ${user.token}` },
  });
  return { id: user.id, api };
}

/** A small seeded random choice, so that a run can be repeated. */
function chooser(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

/** Claims first (the game ends sooner), the fewest tickets kept, never resign. */
function choose(moves: Command[], pick: (n: number) => number): Command {
  const open = moves.filter((m) => m.type !== "resign");
  const claims = open.filter((m) => m.type === "claim_route" || m.type === "build_station"
    || m.type === "pay_tunnel");
  if (claims.length > 0 && pick(100) < 85) return claims[pick(claims.length)]!;
  const keeps = open.flatMap((m) => (m.type === "keep_tickets" ? [m] : []));
  if (keeps.length > 0) {
    return keeps.reduce((a, b) => (b.tickets.length < a.tickets.length ? b : a));
  }
  const draws = open.filter((m) => m.type === "draw_card");
  if (draws.length > 0 && pick(100) < 90) return draws[pick(draws.length)]!;
  return open[pick(open.length)] ?? moves[0]!;
}

/** One event of an export's NDJSON (each line is an `Event`: narrow it on `type`). */
function parseEvent(line: string): Event {
  return JSON.parse(line) as Event;
}

async function main(): Promise<void> {
  const alice = await signUp("Alice");
  const bob = await signUp("Bob");
  const created = answer("create a game",
    await alice.api.POST("/v1/games", { body: { map, seats: 2 } }));
  const gameId = created.id;
  const path = { path: { game_id: gameId } };
  answer("take a seat", await bob.api.POST("/v1/games/{game_id}/players",
    { params: path, body: {} }));
  let game = answer("read the game", await alice.api.GET("/v1/games/{game_id}", { params: path }));
  if (game.status === "open") {
    answer("start", await alice.api.POST("/v1/games/{game_id}/start", { params: path }));
  }
  const seats = new Map<number, Api>();
  for (const player of game.players) {
    seats.set(player.seat, player.user_id === alice.id ? alice.api : bob.api);
  }
  const pick = chooser(7);
  let actions = 0;
  game = answer("read the game", await alice.api.GET("/v1/games/{game_id}", { params: path }));
  while (game.phase !== "ended") {
    if (actions >= 5000) throw new Error("the game does not end");
    const seat = game.to_act[0];
    const api = seat === undefined ? undefined : seats.get(seat);
    if (api === undefined) throw new Error(`no player to act: ${JSON.stringify(game.to_act)}`);
    const moves = answer("list moves", await api.GET("/v1/games/{game_id}/moves", {
      params: { ...path, query: { min_version: game.version } },
    }));
    const result = answer("act", await api.POST("/v1/games/{game_id}/actions", {
      params: { ...path, header: { "Idempotency-Key": `${gameId}-${actions}` } },
      body: choose(moves.moves, pick),
    }));
    game = result.game ?? answer("read the game",
      await api.GET("/v1/games/{game_id}", { params: path }));
    actions += 1;
  }
  let winners: number[] | undefined;
  for (let tries = 0; winners === undefined; tries += 1) {
    const score = await alice.api.GET("/v1/games/{game_id}/score", { params: path });
    if (score.response.status === 200 && score.data !== undefined && "winners" in score.data) {
      winners = score.data.winners;
    } else if (tries > 100) {
      throw new Error(`no score: ${score.response.status} ${JSON.stringify(score.error)}`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const exported = answer("export", await alice.api.GET("/v1/games/{game_id}/export", {
    params: path, parseAs: "text",
  }));
  const events = exported.split("\n").filter((line) => line !== "").map(parseEvent);
  const ended = events.find((e) => e.type === "game_ended");
  // narrowed on `type`: `data` is the game_ended event's
  const reason = ended?.type === "game_ended" ? ended.data.reason : undefined;
  console.log(JSON.stringify({ game: gameId, map, actions, winners, reason,
                               events: events.length }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
