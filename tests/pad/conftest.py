"""The pad's server tests run on the databases the server's tests do (SQLite and PostgreSQL)."""

from tests.server.conftest import db_url, postgres_server

__all__ = ["db_url", "postgres_server"]
