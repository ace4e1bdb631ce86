"""Where `meeple server` keeps its matches: SQLite by default, PostgreSQL for several processes.

A match is stored as what makes it up — game, options, secret seed, seats — and one row per
move, `(match, ply)` unique, so a match is (seed, moves) exactly as a record is, and two server
processes can never both write the same ply: the second insert fails and its move is refused.
Every write commits before the server acknowledges it, so a `kill -9` loses nothing that a
client was told had happened. A move, a forfeit and a seat taken or given up are also flushed to
the disk before they are acknowledged (SQLite ``synchronous=FULL``), so a power cut loses none
either; the writes a crowd of strangers can cause — matches created, spectator tokens, expiry,
bot leases — are written without waiting for the disk (SQLite ``synchronous=NORMAL`` in WAL mode,
PostgreSQL ``synchronous_commit=off``): a `kill -9` loses none of them, a power cut only those
since the last flushed write, and a person's move never queues behind their flushes.

Seat and spectator tokens, seat invites and a match's host key are stored as SHA-256 digests: a
copy of the database names none of them.

The schema only grows: a column added later (a seat's name and invite, a match's privacy and
host key) is added to an older database file when the store opens it (`MIGRATIONS`).
The seed is stored (the server must replay), so the database is as secret as a save file.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from typing import Any, Sequence

from attrs import frozen

from ..errors import MeepleError
from .fanout import CHANNEL, payload

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        rematch_of TEXT,
        rematch TEXT,
        forfeit TEXT,
        created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seats (
        match_id TEXT NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        label TEXT NOT NULL,
        token TEXT UNIQUE,
        PRIMARY KEY (match_id, seat))""",
    """CREATE TABLE IF NOT EXISTS spectators (
        token TEXT PRIMARY KEY,
        match_id TEXT NOT NULL REFERENCES matches(id))""",
    """CREATE TABLE IF NOT EXISTS moves (
        match_id TEXT NOT NULL REFERENCES matches(id),
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (match_id, ply))""",
    # A match the server ended because nobody came or nobody stayed (meeple.server.limits).
    """CREATE TABLE IF NOT EXISTS expired (
        match_id TEXT PRIMARY KEY REFERENCES matches(id),
        reason TEXT NOT NULL)""",
    # Which server process drives a match's bots (several processes on one database): a lease
    # until `expires` (seconds since the epoch, by the database's clock), renewed while its owner
    # lives, taken over by another process once it lapses.
    """CREATE TABLE IF NOT EXISTS drivers (
        match_id TEXT PRIMARY KEY REFERENCES matches(id),
        owner TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL)""",
)

#: Columns added after the first release, as (table, column, declaration): `Store` adds each one
#: an existing database lacks (ALTER TABLE ... ADD COLUMN), then creates `INDEXES`.
MIGRATIONS = (
    ("matches", "private", "INTEGER NOT NULL DEFAULT 0"),  # not listed in the lobby: joinable by invite only
    ("matches", "host", "TEXT"),  # the digest of the creator's host key (hands seats on)
    ("seats", "name", "TEXT NOT NULL DEFAULT ''"),  # what the person at the seat is called
    ("seats", "invite", "TEXT"),  # the digest of the seat's invite (None: no invite takes it)
)
INDEXES = ("CREATE UNIQUE INDEX IF NOT EXISTS seats_invite ON seats (invite)",)

#: "Now" in seconds since the epoch by the database's own clock: one clock for every process.
NOW = {"sqlite": "((julianday('now') - 2440587.5) * 86400.0)",
       "postgresql": "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"}


class StoreError(MeepleError):
    """The database refused or failed a write."""


class PlyTaken(StoreError):
    """Another writer (a second server process) stored this ply first: the move is refused."""


class SeatLost(StoreError):
    """The token a move was made with no longer holds its seat (given up, perhaps taken again)."""


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


@frozen
class StoredMatch:
    id: str
    game: str
    players: int
    options: dict
    seed: int
    seats: tuple[str, ...]  # "open", "human" or a bot spec, by seat
    holders: tuple[str | None, ...]  # by seat: the digest of the token holding it (None: open or a bot)
    moves: tuple[tuple[int, dict], ...]  # (seat, action JSON) by ply
    rematch: str | None
    forfeit: dict | None  # {"seat": n, "reason": "..."} when a bot lost by failing
    expired: str | None = None  # why the server ended the match (nobody came, nobody stayed)
    spectators: int = 0  # spectator tokens issued
    names: tuple[str, ...] = ()  # by seat: what its person is called ("" if nobody said)
    private: bool = False  # not in the lobby: its seats are taken by invite only
    host: str | None = None  # the digest of the creator's host key


class Store:
    """The server's tables through one DB-API connection (sqlite3 or psycopg 3)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.lock = threading.Lock()
        self.reader: Any = None  # SQLite: a second connection for reads (PostgreSQL: the one connection)
        self.read_lock = threading.Lock()
        if url.startswith(("postgresql://", "postgres://")):
            try:
                import psycopg
            except ImportError:
                raise StoreError("a postgresql:// database needs psycopg: pip install 'meeple[server]'") from None
            self.kind, self.mark = "postgresql", "%s"
            self._integrity = psycopg.errors.UniqueViolation
            try:
                self.connection = psycopg.connect(url, autocommit=False)
            except psycopg.Error as exc:
                raise StoreError(f"cannot open {redact(url)}: {str(exc).strip().splitlines()[0]}") from None
        else:
            path = url.removeprefix("sqlite:///")
            self.kind, self.mark = "sqlite", "?"
            self._integrity = sqlite3.IntegrityError
            try:
                self.connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
                self.connection.execute("PRAGMA journal_mode=WAL")
                self.connection.execute("PRAGMA synchronous=FULL")
                self.connection.execute("PRAGMA foreign_keys=ON")
                # Reads on a connection of their own: in WAL mode they never wait for a commit's
                # fsync, so the event loop reading a token is not held up by a move being stored.
                self.reader = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            except sqlite3.Error as exc:
                raise StoreError(f"cannot open database {path}: {exc}") from None
        with self.transaction() as cursor:
            for statement in SCHEMA:
                cursor.execute(statement)
            self._migrate(cursor)

    def _migrate(self, cursor) -> None:
        """Add the columns of `MIGRATIONS` a database written by an older server lacks."""
        for table, column, declaration in MIGRATIONS:
            cursor.execute(f"SELECT * FROM {table} WHERE 1 = 0")
            if column not in {description[0] for description in cursor.description}:
                cursor.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
        for statement in INDEXES:
            cursor.execute(statement)

    # -- plumbing -------------------------------------------------------------------------------

    def transaction(self, flushed: bool = True):
        """`with store.transaction() as cursor:` one transaction; `flushed=False` for a write
        that need not wait for the disk (see the module's docstring)."""
        return _Transaction(self, flushed)

    def _sql(self, text: str) -> str:
        return text.replace("?", self.mark)

    def _query(self, text: str, params: Sequence[Any] = ()) -> list[tuple]:
        if self.reader is None:
            with self.transaction() as cursor:
                cursor.execute(self._sql(text), params)
                return cursor.fetchall()
        with self.read_lock:
            return self.reader.execute(self._sql(text), params).fetchall()

    def close(self) -> None:
        with self.lock:
            self.connection.close()
        if self.reader is not None:
            with self.read_lock:
                self.reader.close()

    # -- writes ---------------------------------------------------------------------------------

    def create_match(self, match_id: str, game: str, players: int, options: dict, seed: int,
                     seats: Sequence[str], tokens: dict[int, str], created: float,
                     rematch_of: str | None = None, *, names: Sequence[str] = (),
                     invites: dict[int, str] | None = None, private: bool = False, host: str | None = None) -> None:
        """Store a new match: its seats' labels, the tokens of the seats taken (`tokens`), names,
        invites (by seat) and host key (`host`, already a digest when it comes from a rematch's
        first match: it is stored as given if it is 64 hex digits)."""
        invites = invites or {}
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql("INSERT INTO matches (id, game, players, options, seed, rematch_of, created, "
                                     "private, host) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                           (match_id, game, players, json.dumps(options, sort_keys=True), str(seed), rematch_of,
                            created, int(private), host))
            for seat, label in enumerate(seats):
                token, invite = tokens.get(seat), invites.get(seat)
                cursor.execute(self._sql("INSERT INTO seats (match_id, seat, label, token, name, invite) "
                                         "VALUES (?, ?, ?, ?, ?, ?)"),
                               (match_id, seat, label, None if token is None else digest(token),
                                names[seat] if seat < len(names) else "", None if invite is None else digest(invite)))
            if rematch_of is not None:
                cursor.execute(self._sql("UPDATE matches SET rematch = ? WHERE id = ? AND rematch IS NULL"),
                               (match_id, rematch_of))
                if cursor.rowcount != 1:
                    raise StoreError("this match already has a rematch")

    def take_seat(self, match_id: str, seat: int, token: str, name: str = "", invite: str | None = None) -> bool:
        """Give an open seat to `token` (with its person's `name`, if any, and a new `invite`:
        whoever had the seat's old invite no longer takes it); False if someone took it first
        (any process)."""
        with self.transaction() as cursor:
            cursor.execute(self._sql("UPDATE seats SET label = 'human', token = ?, "
                                     "name = CASE WHEN ? = '' THEN name ELSE ? END, invite = ? "
                                     "WHERE match_id = ? AND seat = ? AND label = 'open'"),
                           (digest(token), name, name, None if invite is None else digest(invite), match_id, seat))
            return cursor.rowcount == 1

    def claim_seat(self, match_id: str, seat: int, invite: str, token: str, name: str = "") -> bool:
        """Give `seat` to `token` if `invite` is still the seat's invite, whoever held the seat:
        the old token stops holding it. False if the invite no longer opens it (reopened, handed
        to a bot)."""
        with self.transaction() as cursor:
            cursor.execute(self._sql("UPDATE seats SET label = 'human', token = ?, "
                                     "name = CASE WHEN ? = '' THEN name ELSE ? END "
                                     "WHERE match_id = ? AND seat = ? AND invite = ?"),
                           (digest(token), name, name, match_id, seat, digest(invite)))
            return cursor.rowcount == 1

    def free_seat(self, match_id: str, seat: int, token: str, label: str = "open") -> bool:
        """Give `seat` up if `token` still holds it: it becomes `label` (`open`, or `away` in a
        started match: it waits for its invite); False if the token does not hold it (given up
        already, perhaps taken again by someone else: that holder keeps it)."""
        with self.transaction() as cursor:
            cursor.execute(self._sql("UPDATE seats SET label = ?, token = NULL "
                                     "WHERE match_id = ? AND seat = ? AND token = ?"),
                           (label, match_id, seat, digest(token)))
            return cursor.rowcount == 1

    def hand_seat(self, match_id: str, seat: int, label: str, holder: str | None, invite: str | None) -> bool:
        """The host hands `seat` on: it becomes `label` (a bot spec, `open` or `away`) with a new
        `invite` (None: none), its token dead; only if the seat is still held by `holder` (a
        digest; None: nobody). False if it changed meanwhile."""
        held = "token IS NULL" if holder is None else "token = ?"
        with self.transaction() as cursor:
            cursor.execute(self._sql(f"UPDATE seats SET label = ?, token = NULL, invite = ? "
                                     f"WHERE match_id = ? AND seat = ? AND {held}"),
                           (label, None if invite is None else digest(invite), match_id, seat,
                            *(() if holder is None else (holder,))))
            return cursor.rowcount == 1

    def add_spectator(self, match_id: str, token: str) -> None:
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql("INSERT INTO spectators (token, match_id) VALUES (?, ?)"), (digest(token), match_id))

    def expire(self, match_id: str, reason: str) -> None:
        """End a match for `reason` (it waited or idled too long); a second call changes nothing."""
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql("INSERT INTO expired (match_id, reason) VALUES (?, ?) "
                                     "ON CONFLICT (match_id) DO NOTHING"), (match_id, reason))
            self._notify(cursor, match_id, 0)

    def set_forfeit(self, match_id: str, seat: int, reason: str) -> None:
        with self.transaction() as cursor:
            cursor.execute(self._sql("UPDATE matches SET forfeit = ? WHERE id = ?"),
                           (json.dumps({"seat": seat, "reason": reason}), match_id))

    def add_move(self, match_id: str, ply: int, seat: int, action: dict, token: str | None = None) -> None:
        """Commit one move (on PostgreSQL, with its notification to the other processes); PlyTaken
        if that ply is already stored (by another process). With `token` (a person's move), SeatLost
        unless that token holds `seat` when the move commits: the seat row is read in the same
        transaction (on PostgreSQL `FOR SHARE`, so giving the seat up waits for the commit; SQLite
        writes one transaction at a time), so a token given up on another process cannot slip a
        move in for the seat's next holder."""
        try:
            with self.transaction() as cursor:
                if token is not None:
                    cursor.execute(self._sql("SELECT token FROM seats WHERE match_id = ? AND seat = ?"
                                             + (" FOR SHARE" if self.kind == "postgresql" else "")), (match_id, seat))
                    row = cursor.fetchone()
                    if row is None or row[0] != digest(token):
                        raise SeatLost(f"this token no longer holds seat {seat} of match {match_id}")
                cursor.execute(self._sql("INSERT INTO moves (match_id, ply, seat, action) VALUES (?, ?, ?, ?)"),
                               (match_id, ply, seat, json.dumps(action, sort_keys=True)))
                self._notify(cursor, match_id, ply)
        except self._integrity:
            raise PlyTaken(f"move {ply} of match {match_id} was already made") from None

    # -- who drives each match's bots (several processes) -------------------------------------

    def drive(self, match_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the lease on driving `match_id`'s bots for `seconds`: True if `owner`
        holds it now (it was free, lapsed, or already `owner`'s), False if another process does."""
        now = NOW[self.kind]
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql(f"INSERT INTO drivers (match_id, owner, expires) VALUES (?, ?, {now} + ?) "
                                     f"ON CONFLICT (match_id) DO UPDATE SET owner = excluded.owner, "
                                     f"expires = excluded.expires "
                                     f"WHERE drivers.owner = excluded.owner OR drivers.expires < {now}"),
                           (match_id, owner, seconds))
            return cursor.rowcount == 1

    def renew_drives(self, owner: str, seconds: float) -> None:
        """Extend every lease `owner` holds by `seconds` from now (its heartbeat)."""
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql(f"UPDATE drivers SET expires = {NOW[self.kind]} + ? WHERE owner = ?"),
                           (seconds, owner))

    def lapsed_drives(self) -> list[str]:
        """The matches whose driver's lease has lapsed (it died, or let them go)."""
        return [row[0] for row in self._query(f"SELECT match_id FROM drivers WHERE expires < {NOW[self.kind]} "
                                              f"ORDER BY match_id")]

    def let_go(self, owner: str) -> None:
        """`owner` stops (shutting down): its leases lapse at once, for another process to take."""
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql("UPDATE drivers SET expires = 0 WHERE owner = ?"), (owner,))

    def end_drive(self, match_id: str) -> None:
        """A finished match needs no driver."""
        with self.transaction(flushed=False) as cursor:
            cursor.execute(self._sql("DELETE FROM drivers WHERE match_id = ?"), (match_id,))

    def notify(self, match_id: str, ply: int) -> None:
        """Tell the other server processes that `match_id` changed (a seat taken or given up, a
        forfeit, a rematch) while at move `ply`; nothing to do on SQLite (one process)."""
        if self.kind == "postgresql":
            with self.transaction() as cursor:
                self._notify(cursor, match_id, ply)

    def _notify(self, cursor, match_id: str, ply: int) -> None:
        """NOTIFY inside the caller's transaction: delivered when it commits, never if it fails.
        The payload is a match id and a move number only (`fanout.payload`): nothing hidden."""
        if self.kind == "postgresql":
            cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload(match_id, ply)))

    # -- reads ----------------------------------------------------------------------------------

    def find_token(self, token: str) -> tuple[str, int | None] | None:
        """(match, seat) for a seat token, (match, None) for a spectator's, None if unknown."""
        hashed = digest(token)
        rows = self._query("SELECT match_id, seat FROM seats WHERE token = ?", (hashed,))
        if rows:
            return rows[0][0], rows[0][1]
        rows = self._query("SELECT match_id FROM spectators WHERE token = ?", (hashed,))
        return (rows[0][0], None) if rows else None

    def find_invite(self, invite: str) -> tuple[str, int] | None:
        """(match, seat) that `invite` opens, None if it opens none (never issued, or replaced)."""
        rows = self._query("SELECT match_id, seat FROM seats WHERE invite = ?", (digest(invite),))
        return (rows[0][0], rows[0][1]) if rows else None

    def match_ids(self) -> list[str]:
        """Every match not expired, oldest first."""
        return [row[0] for row in self._query("SELECT id FROM matches WHERE id NOT IN (SELECT match_id FROM expired) "
                                              "ORDER BY created, id")]

    def load(self, match_id: str) -> StoredMatch | None:
        rows = self._query("SELECT game, players, options, seed, rematch, forfeit, private, host FROM matches "
                           "WHERE id = ?", (match_id,))
        if not rows:
            return None
        game, players, options, seed, rematch, forfeit, private, host = rows[0]
        moves = self.moves_from(match_id, 0)
        labels, holders, names = self.seats(match_id)  # read after the moves: who held each seat since
        expired = self._query("SELECT reason FROM expired WHERE match_id = ?", (match_id,))
        spectators = self._query("SELECT COUNT(*) FROM spectators WHERE match_id = ?", (match_id,))[0][0]
        return StoredMatch(match_id, game, players, json.loads(options), int(seed), labels, holders,
                           tuple(moves), rematch, None if forfeit is None else json.loads(forfeit),
                           expired[0][0] if expired else None, spectators, names, bool(private), host)

    def seats(self, match_id: str) -> tuple[tuple[str, ...], tuple[str | None, ...], tuple[str, ...]]:
        """Each seat's label, the digest of the token holding it (None: open, away or a bot) and
        its person's name, by seat."""
        rows = self._query("SELECT label, token, name FROM seats WHERE match_id = ? ORDER BY seat", (match_id,))
        return tuple(row[0] for row in rows), tuple(row[1] for row in rows), tuple(row[2] for row in rows)

    def moves_from(self, match_id: str, ply: int) -> list[tuple[int, dict]]:
        rows = self._query("SELECT ply, seat, action FROM moves WHERE match_id = ? AND ply >= ? ORDER BY ply",
                           (match_id, ply))
        for expected, row in enumerate(rows, start=ply):
            if row[0] != expected:
                raise StoreError(f"match {match_id}: move {expected} is missing from the database")
        return [(row[1], json.loads(row[2])) for row in rows]

    def count_moves(self) -> int:
        return self._query("SELECT COUNT(*) FROM moves")[0][0]


class _Transaction:
    """`with store.transaction() as cursor:` — one thread at a time, committed on success,
    rolled back on any error."""

    def __init__(self, store: Store, flushed: bool = True) -> None:
        self.store, self.flushed = store, flushed

    def __enter__(self):
        self.store.lock.acquire()
        try:
            self.cursor = self.store.connection.cursor()
            if self.store.kind == "sqlite":
                self.cursor.execute(f"PRAGMA synchronous={'FULL' if self.flushed else 'NORMAL'}")
                self.cursor.execute("BEGIN IMMEDIATE")
            elif not self.flushed:
                self.cursor.execute("SET LOCAL synchronous_commit TO OFF")
        except BaseException:
            self.store.lock.release()
            raise
        return self.cursor

    def __exit__(self, kind, exc, tb) -> None:
        try:
            if kind is None:
                self.store.connection.commit() if self.store.kind == "postgresql" else self.cursor.execute("COMMIT")
            else:
                self.store.connection.rollback() if self.store.kind == "postgresql" else self.cursor.execute("ROLLBACK")
        finally:
            self.store.lock.release()


def redact(url: str) -> str:
    """A database URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':', 1)[0]}:***@{host}"
    return url

