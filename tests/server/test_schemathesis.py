"""Schemathesis over the server's own OpenAPI schema: a bounded run of generated requests for every
operation (valid and invalid bodies, tokens and table ids, real and not), asserting that none is
answered 5xx, that every answer matches the schema, and that a refused request changes nothing at
the table it named.

Generated ids and tokens would only ever name nothing, so half the cases are pointed at a real table
(and some at a real seat's or host's token); the app runs without per-client limits so that
creating tables stays possible throughout.
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")

from gamenight.server import create_app  # noqa: E402
from gamenight.server.limits import Limits  # noqa: E402
from gamenight.server.service import TableService  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

UNLIMITED = Limits(tables_per_minute=0, moves_per_minute=0, connections_per_client=0, connections_per_table=0)
schema = schemathesis.openapi.from_dict(create_app("sqlite://", UNLIMITED).openapi())
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


class Fixture:
    """A running app with one table of four people, its tokens and host token."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        created = client.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
        self.table_id: str = created["table_id"]
        self.tokens: list[str] = [s["token"] for s in created["seats"]] + [created["host_token"]]

    @property
    def service(self) -> TableService:
        service: TableService = self.client.app.state.service  # type: ignore[attr-defined]
        return service

    def facts(self) -> tuple[int, tuple[Any, ...], int]:
        """What a refusal must leave as it was: the version, the seats (token hashes), the moves."""
        table = self.service.tables[self.table_id]
        return table.version, table.record.seats, len(table.state.moves)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fixture]:
    db = tmp_path_factory.mktemp("schemathesis") / "tables.db"
    with TestClient(create_app(str(db), UNLIMITED), client=("127.0.0.1", 50000)) as client:
        yield Fixture(client)


def aim_at_the_real_table(case: Any, fixture: Fixture) -> bool:
    """Point half the cases (chosen by what was generated, so a failure replays) at the real table,
    and half of those at one of its tokens; True if the case now names it."""
    params = case.path_parameters or {}
    if "table_id" not in params:
        return False
    digest = hashlib.sha256(repr(sorted(params.items())).encode()).digest()
    if digest[0] % 2:
        return False
    params["table_id"] = fixture.table_id
    if digest[1] % 2:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {fixture.tokens[digest[2] % 5]}"}
    return True


@schema.parametrize()  # type: ignore[untyped-decorator]  # (schemathesis's decorator is not typed)
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
def test_generated_requests_get_no_5xx_and_refusals_change_nothing(case: Any, running: Fixture) -> None:
    aimed = aim_at_the_real_table(case, running)
    before = running.facts()
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    if not kwargs.get("cookies"):  # none generated (the API takes none): nothing to send
        kwargs.pop("cookies", None)
    if isinstance(kwargs.get("data"), bytes | str):  # raw bodies (invalid JSON, other media types)
        kwargs["content"] = kwargs.pop("data")
    response = running.client.request(**kwargs)
    case.validate_response(response, checks=CHECKS)
    if aimed and response.status_code >= 400:
        assert running.facts() == before, f"{case.method} {case.formatted_path} -> {response.status_code}"


def test_the_schema_covers_every_operation() -> None:
    operations = {(op.ok().method.upper(), op.ok().path) for op in schema.get_all_operations()}
    assert {("POST", "/api/tables"), ("GET", "/api/tables/{table_id}"),
            ("POST", "/api/tables/{table_id}/moves"), ("POST", "/api/tables/{table_id}/seats/{seat}/link"),
            ("GET", "/api/tables/{table_id}/log"), ("GET", "/api/games"), ("GET", "/api/stats")} <= operations

