"""The databases the server tests run on: an SQLite file, and a real PostgreSQL server.

``db_url`` is parametrized: a test that takes it runs once on a fresh SQLite file and once on a
fresh database in a PostgreSQL server that the test session starts itself (Debian's ``postgresql``
package: ``initdb`` and ``postgres`` from ``/usr/lib/postgresql/<version>/bin``), in a temporary
folder, listening on a unix socket there only. PostgreSQL refuses to run as root, so under root
the server runs as the ``postgres`` user (or ``nobody``) and owns its folder. It starts on the
first test that needs it, at most once per test process, and stops at the end of the session.

Without the binaries or the ``psycopg`` driver the PostgreSQL variants skip, saying why; in CI
(``CI=true``) they fail instead, so a machine that lost PostgreSQL cannot pass for one that has it.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import psycopg
    from starlette.testclient import TestClient

#: the role the tests connect as (a superuser of the throwaway cluster, trusted on its socket)
PG_ROLE = "gamenight"
#: seconds PostgreSQL may take to accept connections
PG_START_TIMEOUT_S = 60.0


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def unavailable(reason: str) -> None:
    """Skip a PostgreSQL variant locally; in CI, fail it: CI must really test PostgreSQL."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the PostgreSQL tests must run; .ci/run installs postgresql)")
    pytest.skip(reason)


def _version_key(folder: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", folder.parent.name)) or (0,)


def find_pg_bin() -> Path | None:
    """The folder holding ``initdb`` and ``postgres``: the newest of Debian's versions, else PATH's."""
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key, reverse=True)
    on_path = shutil.which("initdb")
    candidates = [*debian, *([Path(on_path).resolve().parent] if on_path else [])]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    return None


def unprivileged_user() -> pwd.struct_passwd | None:
    """Who runs PostgreSQL: ourselves unless we are root, which initdb and postgres refuse."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise RuntimeError("running as root, and there is neither a 'postgres' nor a 'nobody' user")


@dataclass
class PostgresServer:
    """A throwaway PostgreSQL cluster; ``new_database`` hands out a fresh database's URL."""

    folder: Path
    proc: subprocess.Popen[bytes]

    @property
    def socket_dir(self) -> Path:
        return self.folder / "socket"

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{PG_ROLE}@/{database}?host={self.socket_dir}"

    def _admin(self) -> psycopg.Connection[Any]:
        import psycopg

        return psycopg.connect(host=str(self.socket_dir), user=PG_ROLE, dbname="postgres", autocommit=True)

    def new_database(self) -> str:
        name = f"t_{uuid.uuid4().hex[:16]}"
        with self._admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        with self._admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def log(self) -> str:
        path = self.folder / "postgres.log"
        return path.read_text(errors="replace") if path.exists() else ""


def start_postgres(bin_dir: Path, settings: tuple[str, ...] = ()) -> PostgresServer:
    """initdb a cluster in a new temporary folder and start ``postgres`` on a socket inside it;
    ``settings`` (``name=value``) override the defaults below (a bench needs more connections)."""
    user = unprivileged_user()
    folder = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
    data, sockets = folder / "data", folder / "socket"
    data.mkdir(mode=0o700)
    sockets.mkdir(mode=0o700)
    as_user: dict[str, Any] = {}
    if user is not None:
        for path in (folder, data, sockets):
            os.chown(path, user.pw_uid, user.pw_gid)
        as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C"}
    log_path = folder / "postgres.log"
    with log_path.open("ab") as log:
        initdb = subprocess.run(
            [str(bin_dir / "initdb"), "-D", str(data), "-U", PG_ROLE, "--auth=trust", "--encoding=UTF8",
             "--locale=C", "--no-sync"],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env, check=False, **as_user)
        if initdb.returncode != 0:
            text = log_path.read_text(errors="replace")
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"initdb failed ({initdb.returncode}):\n{text}")
        proc = subprocess.Popen(
            [str(bin_dir / "postgres"), "-D", str(data), "-k", str(sockets), "-c", "listen_addresses=",
             "-c", "max_connections=60", "-c", "shared_buffers=32MB",
             *(arg for setting in settings for arg in ("-c", setting))],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env, **as_user)
    server = PostgresServer(folder, proc)
    try:
        wait_until_ready(server)
    except BaseException:
        stop_postgres(server)
        raise
    return server


def wait_until_ready(server: PostgresServer) -> None:
    import psycopg

    deadline = time.monotonic() + PG_START_TIMEOUT_S
    while True:
        if server.proc.poll() is not None:
            raise RuntimeError(f"postgres exited with {server.proc.returncode}:\n{server.log()}")
        try:
            with server._admin():
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"postgres did not accept connections:\n{server.log()}") from None
            time.sleep(0.1)


def stop_postgres(server: PostgresServer) -> None:
    """Immediate shutdown, then remove the folder. SIGQUIT skips the shutdown checkpoint, which
    a cluster about to be deleted does not need and which can take seconds on a busy machine:
    pytest-xdist interrupts a worker whose session end takes over 5 s."""
    if server.proc.poll() is None:
        server.proc.send_signal(signal.SIGQUIT)
        try:
            server.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait(timeout=10)
    shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("the psycopg driver is not installed (pip install -e '.[postgres]')")
    bin_dir = find_pg_bin()
    if bin_dir is None:
        unavailable("PostgreSQL's initdb and postgres were not found (apt-get install postgresql)")
        raise AssertionError("unreachable")
    server = start_postgres(bin_dir)
    try:
        yield server
    finally:
        stop_postgres(server)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: an SQLite file, or a database of its own in the test PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = server.new_database()
    try:
        yield server.url(name)
    finally:
        server.drop_database(name)


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A fresh SQLite file for one test's server."""
    return str(tmp_path / "tables.db")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """The app in process on that file, with the default limits."""
    from starlette.testclient import TestClient as Client

    from gamenight.server import create_app

    with Client(create_app(db)) as c:
        yield c
