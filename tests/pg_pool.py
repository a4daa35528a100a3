"""Migrated PostgreSQL schemas handed out again and again, emptied between tests.

Every PostgreSQL test wants a store of its own. Making a schema and migrating it to the
latest version (sixteen partitions of the log among the rest) costs far more than the
test itself, and the PostgreSQL tests run one after another (`tests/conftest.py` says
why), so that cost adds up to minutes. A schema a test has finished with is emptied
instead — one ``TRUNCATE … RESTART IDENTITY`` of every table, then the rows the
migrations themselves wrote put back — and handed to the next test.

A schema goes back to the pool only if it still has the shape the migrations gave it:
a test that altered, converted or half-migrated it leaves it to be dropped. A test that
is about migrating itself asks for an empty schema (`fresh_schema`).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from events import open_store

# how the catalogue describes a schema's tables, columns, indexes and constraints: a
# schema whose description differs from the migrated one is not handed out again
_SHAPE = """
SELECT coalesce(string_agg(entry, ',' ORDER BY entry), '') FROM (
    SELECT c.relname || ':' || c.relkind::text || ':' || coalesce(string_agg(
        a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text,
        ';' ORDER BY a.attnum), '') AS entry
    FROM pg_class c
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = %(schema)s::regnamespace
    GROUP BY c.oid, c.relname, c.relkind
    UNION ALL
    SELECT 'constraint:' || conname || ':' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = %(schema)s::regnamespace
) AS shape
"""

# the tables to empty: partitions go with their parent
_TABLES = """
SELECT relname FROM pg_class
WHERE relnamespace = %s::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
  AND relname <> 'schema_migrations'
ORDER BY relname
"""


def drop_schema(admin_url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def with_search_path(url: str, schema: str) -> str:
    """`url` with every connection's search_path set to `schema`."""
    import urllib.parse

    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query)
    query.append(("options", f"-csearch_path={schema}"))
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


@contextmanager
def fresh_schema(admin_url: str) -> Iterator[str]:
    """A PostgreSQL URL whose connections live in a new, empty schema (dropped after)."""
    import psycopg

    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_search_path(admin_url, schema)
    finally:
        drop_schema(admin_url, schema)


@dataclass
class SchemaPool:
    """Migrated schemas of one test session, each lent to one test at a time."""

    admin_url: str
    free: list[str] = field(default_factory=list)
    lent: set[str] = field(default_factory=set)
    shape: str | None = None
    # what the migrations wrote into their tables (a cursor's first row, say): put back
    # after every emptying, in COPY's own format
    seeds: dict[str, bytes] = field(default_factory=dict)

    @contextmanager
    def schema(self) -> Iterator[str]:
        """A URL on a migrated, empty schema of the pool's, emptied again after."""
        name = self.free.pop() if self.free else self._new()
        self.lent.add(name)
        try:
            yield with_search_path(self.admin_url, name)
        finally:
            self.lent.discard(name)
            if self._emptied(name):
                self.free.append(name)
            else:
                drop_schema(self.admin_url, name)

    def close(self) -> None:
        for name in [*self.free, *self.lent]:
            drop_schema(self.admin_url, name)
        self.free.clear()
        self.lent.clear()

    def _new(self) -> str:
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        store = open_store(with_search_path(self.admin_url, name))
        try:
            store.migrate()
        finally:
            store.close()
        if self.shape is None:
            self._learn(name)
        return name

    def _learn(self, name: str) -> None:
        """The migrated shape and the rows the migrations wrote, read off a new schema."""
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            self.shape = conn.execute(_SHAPE, {"schema": name}).fetchone()[0]  # type: ignore[index]
            for (table,) in conn.execute(_TABLES, (name,)).fetchall():
                data = bytearray()
                with conn.cursor().copy(f"COPY (SELECT * FROM {name}.{table}) TO STDOUT") as copy:
                    for chunk in copy:
                        data += chunk
                if data:
                    self.seeds[table] = bytes(data)

    def _emptied(self, name: str) -> bool:
        """Empty the schema for the next test; False if it cannot be (then drop it)."""
        import psycopg

        try:
            with psycopg.connect(self.admin_url, autocommit=True) as conn:
                if conn.execute(_SHAPE, {"schema": name}).fetchone()[0] != self.shape:  # type: ignore[index]
                    return False
                tables = [row[0] for row in conn.execute(_TABLES, (name,)).fetchall()]
                with conn.transaction():
                    # a connection the test left inside a transaction would hold the
                    # tables: then the schema is dropped rather than waited on for ever
                    conn.execute("SET LOCAL lock_timeout = '2s'")
                    conn.execute("TRUNCATE " + ", ".join(f"{name}.{t}" for t in tables)
                                 + " RESTART IDENTITY CASCADE")
                    for table, data in self.seeds.items():
                        with conn.cursor().copy(f"COPY {name}.{table} FROM STDIN") as copy:
                            copy.write(data)
        except psycopg.Error:
            return False
        return True
