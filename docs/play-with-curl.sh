#!/usr/bin/env bash
# Play one whole game of MAP through the REST API with curl and jq, as README.md's
# "A first game with curl" does: every player picks among its legal moves at random.
#
#   docs/play-with-curl.sh MAP [PLAYERS]     (usa, europe or nordic; 2 players by default)
#
# The server is TTR_URL (default http://127.0.0.1:8000); TTR_SEED seeds the random
# choices (printed, so a game can be played again the same way). Prints a line every 50
# actions and, at the end, one line per player: seat, name, total, and whether they won.
set -euo pipefail

MAP=${1:?usage: play-with-curl.sh MAP [PLAYERS]}
PLAYERS=${2:-2}
URL=${TTR_URL:-http://127.0.0.1:8000}
SEED=${TTR_SEED:-$$}
RANDOM=$SEED
for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "play-with-curl.sh: needs $tool" >&2; exit 2; }
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# api METHOD PATH TOKEN [BODY]: the answer's body goes to $TMP/body, its status to
# $STATUS and its Retry-After to $WAIT (TOKEN "": none). 429 waits and tries again;
# any other error prints the problem and ends the script.
api() {
  local args=(-s --max-time 30 -X "$1" "$URL$2" -D "$TMP/headers" -o "$TMP/body"
              -w '%{http_code}')
  if [ -n "$3" ]; then args+=(-H "Authorization: Bearer $3"); fi
  if [ $# -ge 4 ]; then args+=(-H 'Content-Type: application/json' -d "$4"); fi
  while :; do
    if ! STATUS=$(curl "${args[@]}"); then
      echo "play-with-curl.sh: $URL is not answering" >&2
      exit 1
    fi
    WAIT=""
    case $STATUS in
      202 | 429) WAIT=$(sed -n 's/^retry-after: *\([0-9]*\).*/\1/ip' "$TMP/headers") ;;
    esac
    if [ "$STATUS" != 429 ]; then break; fi
    sleep "${WAIT:-1}"
  done
  if [ "$STATUS" -ge 400 ]; then
    echo "play-with-curl.sh: $1 $2 answered $STATUS" >&2
    jq . "$TMP/body" >&2 2>/dev/null || cat "$TMP/body" >&2
    exit 1
  fi
}

# 1. one account per player; the first creates the game, the others take the seats
declare -a TOKEN  # by seat
for ((i = 0; i < PLAYERS; i++)); do
  api POST /v1/users "" "{\"name\": \"Player $i\"}"
  read -r T ID < <(jq -r '"\(.token) \(.id)"' "$TMP/body")
  if [ "$i" = 0 ]; then
    api POST /v1/games "$T" "{\"map\": \"$MAP\", \"seats\": $PLAYERS}"
    G=$(jq -r .id "$TMP/body")
  else
    api POST "/v1/games/$G/players" "$T" '{}'
  fi
  TOKEN[$(jq --arg id "$ID" '.players[] | select(.user_id == $id) | .seat' "$TMP/body")]=$T
done
echo "game $G: $MAP, $PLAYERS players (TTR_SEED=$SEED)"

# 2. until the game ends, the first seat in to_act sends one of its legal moves. STEP
#    reads an answer: its phase, the first seat to act, and one of its moves at random
#    (resign only when it is the only one). An action's answer holds the actor's moves
#    now: a seat that acts again (second card, tunnel, tickets) needs no GET …/moves.
STEP='((.moves // []) | map(select(.type != "resign"))) as $m
  | (if $m == [] then .moves[0] else $m[$r % ($m | length)] end) as $move
  | "\(.phase) \(.to_act[0] // "-") \($move | tojson)"'
read -r PHASE NEXT MOVE < <(jq -r --argjson r "$RANDOM" "$STEP" "$TMP/body")
LAST=""
ACTIONS=0
while [ "$PHASE" != ended ]; do
  if [ "$NEXT" = - ]; then echo "play-with-curl.sh: no one to act in $PHASE" >&2; exit 1; fi
  SEAT=$NEXT
  if [ "$SEAT" != "$LAST" ]; then
    api GET "/v1/games/$G/moves" "${TOKEN[$SEAT]}"
    read -r _ _ MOVE < <(jq -r --argjson r "$RANDOM" "$STEP" "$TMP/body")
  fi
  api POST "/v1/games/$G/actions" "${TOKEN[$SEAT]}" "$MOVE"
  read -r PHASE NEXT MOVE < <(jq -r --argjson r "$RANDOM" "$STEP" "$TMP/body")
  LAST=$SEAT
  ACTIONS=$((ACTIONS + 1))
  if [ $((ACTIONS % 50)) = 0 ]; then
    echo "$ACTIONS actions, version $(jq .version "$TMP/body"), phase $PHASE"
  fi
done
echo "ended after $ACTIONS actions"

# 3. the final score (202 while it is being computed: ask again after Retry-After, for
#    a minute at most)
for ((tries = 0; ; tries++)); do
  api GET "/v1/games/$G/score" "${TOKEN[0]}"
  if [ "$STATUS" != 202 ]; then break; fi
  if [ "$tries" -ge 60 ]; then echo "play-with-curl.sh: no score after a minute" >&2; exit 1; fi
  sleep "${WAIT:-1}"
done
jq -r '.players[] | "seat \(.seat) \(.name): \(.score.total) points"
                    + (if .winner then " (winner)" else "" end)' "$TMP/body"
