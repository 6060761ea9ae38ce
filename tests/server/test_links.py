"""Reaching the family: the LAN address, ``--public-url``, the links built from them, their QR codes,
and what ``gamenight serve`` prints. No real interface is bound: the UDP probe and uvicorn are faked."""

from __future__ import annotations

import re
import socket
import urllib.parse
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno

from gamenight.server import create_app
from gamenight.server import links as links_module
from gamenight.server.links import LinkBase, lan_address, lan_url, normalise_public_url, qr_svg_data_uri

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


class FakeSocket:
    """A UDP socket that records what it was asked and answers with ``address``."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.connected: tuple[str, int] | None = None
        self.closed = False
        self.sent = 0

    def connect(self, target: tuple[str, int]) -> None:
        if self.address is None:
            raise OSError("Network is unreachable")
        self.connected = target

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return (self.address, 54321)

    def send(self, _data: bytes) -> int:  # never called: the probe sends nothing
        self.sent += 1
        return 0

    def close(self) -> None:
        self.closed = True


def probe(address: str | None) -> tuple[FakeSocket, Any]:
    fake = FakeSocket(address)
    return fake, lambda: fake


# ---- the LAN address ----------------------------------------------------------------------------


def test_lan_address_asks_the_kernel_for_the_route_to_a_private_address_and_sends_nothing() -> None:
    fake, make = probe("192.168.1.23")
    assert lan_address(make) == "192.168.1.23"
    assert fake.connected is not None and fake.connected[0].startswith("10.")
    assert fake.sent == 0 and fake.closed


def test_lan_address_is_none_without_a_network_or_with_loopback_only() -> None:
    fake, make = probe(None)
    assert lan_address(make) is None and fake.closed
    assert lan_address(probe("127.0.1.1")[1]) is None
    assert lan_address(probe("0.0.0.0")[1]) is None


def test_lan_address_with_the_real_socket_module_binds_nothing() -> None:
    found = lan_address()
    assert found is None or (re.fullmatch(r"\d+\.\d+\.\d+\.\d+", found) and not found.startswith("127."))


def test_lan_url_leaves_out_the_default_port_and_brackets_ipv6() -> None:
    assert lan_url("192.168.1.23", 8000) == "http://192.168.1.23:8000"
    assert lan_url("192.168.1.23", 80) == "http://192.168.1.23"
    assert lan_url("fd00::5", 8000) == "http://[fd00::5]:8000"


# ---- the public URL and the link base ----------------------------------------------------------------


def test_public_url_is_normalised_and_checked() -> None:
    assert normalise_public_url("https://games.example.org/") == "https://games.example.org"
    assert normalise_public_url(" http://box.local:8080 ") == "http://box.local:8080"
    for bad, why in [("games.example.org", "not a web address"), ("ftp://x.org", "not a web address"),
                     ("https://x.org/?a=1", "query"), ("https://x.org/#top", "fragment"),
                     ("https://x.org/gamenight", "path")]:
        with pytest.raises(ValueError, match=why):
            normalise_public_url(bad)


def test_links_prefer_the_public_url_then_the_lan_address_then_the_request_host() -> None:
    request = "http://127.0.0.1:8000/"
    both = LinkBase(public_url="https://games.example.org", lan_url="http://192.168.1.23:8000")
    assert both.absolute("/t/abc", request) == "https://games.example.org/t/abc"
    assert both.shared == "https://games.example.org"
    lan = LinkBase(lan_url="http://192.168.1.23:8000")
    assert lan.absolute("/t/abc", request) == "http://192.168.1.23:8000/t/abc"
    assert LinkBase().absolute("/t/abc", request) == "http://127.0.0.1:8000/t/abc"
    assert LinkBase().shared is None


# ---- the create response -------------------------------------------------------------------------------


def qr_matrix(data_uri: str) -> list[list[bool]]:
    """The modules of a segno SVG data URI, read back from its path (rows of dark runs)."""
    assert data_uri.startswith("data:image/svg+xml")
    svg = urllib.parse.unquote(data_uri.split(",", 1)[1])
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))  # type: ignore[union-attr]
    width = int(re.search(r"width=.(\d+)", svg).group(1)) // scale  # type: ignore[union-attr]
    path = re.search(r" d=.([^'\"]+)", svg).group(1)  # type: ignore[union-attr]
    grid = [[False] * width for _ in range(width)]
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([-\d. ]+)", path):
        numbers = [float(n) for n in args.split()]
        if op == "M":
            x, y = numbers
        elif op == "m":
            x, y = x + numbers[0], y + numbers[1]
        else:
            for i in range(int(numbers[0])):
                grid[int(y)][int(x) + i] = True
            x += numbers[0]
    return grid


def symbol_of(text: str, border: int = 4) -> list[list[bool]]:
    qr = segno.make(text, error="m", micro=False)
    rows = [[bool(v) for v in row] for row in qr.matrix]
    n = len(rows) + 2 * border
    margin = [[False] * n] * border
    return margin + [[False] * border + r + [False] * border for r in rows] + margin


def test_the_qr_image_is_the_symbol_of_the_link() -> None:
    link = "http://192.168.1.23:8000/t/abc?token=Zx-_9"
    assert qr_matrix(qr_svg_data_uri(link)) == symbol_of(link)
    assert qr_matrix(qr_svg_data_uri(link)) != symbol_of(link + "x")  # the reader tells links apart


@pytest.fixture
def lan_client(tmp_path: Path) -> Iterator[TestClient]:
    base = LinkBase(lan_url="http://192.168.1.23:8000")
    with TestClient(create_app(str(tmp_path / "t.db"), links=base)) as c:
        yield c


def test_created_links_and_qr_codes_are_built_on_the_lan_address(lan_client: TestClient) -> None:
    r = lan_client.post("/api/tables", json={"game": "euchre", "seats": [
        {"kind": "human"}, {"kind": "bot"}, {"kind": "human"}, {"kind": "bot"}]})
    assert r.status_code == 201, r.text
    body = r.json()
    table_id = body["table_id"]
    for seat in body["seats"]:
        if seat["kind"] == "human":
            assert seat["link"] == f"http://192.168.1.23:8000/t/{table_id}?token={seat['token']}"
            assert qr_matrix(seat["qr"]) == symbol_of(seat["link"])
        else:
            assert seat["link"] is None and seat["qr"] is None
    assert body["spectator_link"] == f"http://192.168.1.23:8000/t/{table_id}"
    assert qr_matrix(body["spectator_qr"]) == symbol_of(body["spectator_link"])
    # the link opens the seat: its path and token are the server's own
    path = urllib.parse.urlsplit(body["seats"][0]["link"])
    snap = lan_client.get(f"{path.path.replace('/t/', '/api/tables/')}?{path.query}").json()
    assert snap["seat"] == 0


def test_created_links_follow_the_request_host_without_a_configured_base(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "t.db")), base_url="http://myhost:8123") as c:
        body = c.post("/api/tables", json={"game": "euchre", "seats": [{"kind": "human"}] * 4}).json()
    assert body["seats"][1]["link"].startswith(f"http://myhost:8123/t/{body['table_id']}?token=")


# ---- gamenight serve ---------------------------------------------------------------------------------


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """``uvicorn.run`` and ``create_app`` recorded, not run."""
    import uvicorn

    from gamenight.server import app as app_module

    calls: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.update(app=app, **kw))
    monkeypatch.setattr(app_module, "tune_gc", lambda: None)
    real_create = app_module.create_app

    def create(url: str, limits: Any = None, *, links: LinkBase | None = None) -> Any:
        calls["links"] = links
        return real_create(url, limits, links=links)

    monkeypatch.setattr(app_module, "create_app", create)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return calls


def serve(*args: str) -> Any:
    from typer.testing import CliRunner

    from gamenight import cli

    return CliRunner().invoke(cli.app, ["serve", *args])


def test_serve_lan_listens_everywhere_and_prints_the_address_to_share(
        served: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links_module, "lan_address", lambda: "192.168.1.23")
    result = serve("--lan", "--port", "8123")
    assert result.exit_code == 0, result.output
    assert served["host"] == "0.0.0.0" and served["port"] == 8123
    assert served["links"] == LinkBase(lan_url="http://192.168.1.23:8123")
    assert "Share this address with the family: http://192.168.1.23:8123/" in result.output
    assert "▀" in result.output or "█" in result.output  # the QR code for a phone's camera


def test_serve_lan_without_a_network_says_so_and_still_serves(
        served: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(links_module, "lan_address", lambda: None)
    result = serve("--lan")
    assert result.exit_code == 0, result.output
    assert served["host"] == "0.0.0.0" and served["links"] == LinkBase()
    assert "No local network address was found" in result.output
    assert "Share this address" not in result.output


def test_serve_public_url_builds_links_on_it(served: dict[str, Any]) -> None:
    result = serve("--public-url", "https://games.example.org/")
    assert result.exit_code == 0, result.output
    assert served["host"] == "127.0.0.1"  # behind the proxy, on this machine only
    assert served["links"] == LinkBase(public_url="https://games.example.org")
    assert "Share this address with the family: https://games.example.org/" in result.output


def test_serve_refuses_contradictions_and_bad_addresses(served: dict[str, Any]) -> None:
    result = serve("--lan", "--host", "127.0.0.1")
    assert result.exit_code == 2 and "leave out --host" in result.output
    result = serve("--public-url", "games.example.org")
    assert result.exit_code == 2 and "not a web address" in result.output
    assert "host" not in served  # nothing was started


def test_serve_without_lan_shares_nothing_new(served: dict[str, Any]) -> None:
    result = serve()
    assert result.exit_code == 0, result.output
    assert served["host"] == "127.0.0.1" and served["links"] == LinkBase()
    assert "Share this address" not in result.output


def test_the_probe_uses_a_datagram_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[int, int]] = []
    real = socket.socket

    def spy(family: int = -1, kind: int = -1, *a: Any, **kw: Any) -> socket.socket:
        made.append((family, kind))
        return real(family, kind, *a, **kw)

    monkeypatch.setattr("gamenight.server.links.socket.socket", spy)
    lan_address()
    assert made == [(socket.AF_INET, socket.SOCK_DGRAM)]  # UDP: connect() sends no packet
