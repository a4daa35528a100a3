#!/bin/bash
# Lets the streaming replica of docker-compose.cluster.yml copy this PostgreSQL: a role
# that may replicate, and the pg_hba.conf line that lets it in (the image's own lines
# say `all` databases, which does not include replication connections).
#
# The postgres image runs it once, when it makes the data directory (mounted into
# /docker-entrypoint-initdb.d). On a data directory made before, by the one-machine
# compose file, run it once by hand; it changes nothing the second time:
#     docker compose -f deploy/docker-compose.yml -f deploy/docker-compose.cluster.yml \
#         exec -u postgres postgres bash /docker-entrypoint-initdb.d/replication.sh
set -euo pipefail

: "${REPLICATION_USER:?}" "${REPLICATION_PASSWORD:?}"
PGDATA="${PGDATA:-/var/lib/postgresql/data}"

psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" \
     --dbname "${POSTGRES_DB:-postgres}" \
     -v user="$REPLICATION_USER" -v password="$REPLICATION_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE %I WITH REPLICATION LOGIN PASSWORD %L', :'user', :'password')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \gexec
SQL

line="host replication $REPLICATION_USER all scram-sha-256"
grep -qxF "$line" "$PGDATA/pg_hba.conf" || echo "$line" >> "$PGDATA/pg_hba.conf"
# the server running now (the image's temporary one, or the real one) reads it again
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" \
     --dbname "${POSTGRES_DB:-postgres}" -c "SELECT pg_reload_conf()" >/dev/null
