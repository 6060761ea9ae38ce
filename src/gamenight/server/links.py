"""How the family reaches the server: the address to share, the links built from it, their QR codes.

A link is only worth sharing if the person receiving it can open it. The base every shared link is
built from is, in order of preference:

1. the ``--public-url`` the server was started with (it sits behind a proxy or a tunnel, and only
   the operator knows the address the world sees);
2. the machine's address on the local network when it was started with ``--lan`` (the browser
   that creates the table is often on the server machine itself, at ``127.0.0.1``, an address no
   phone can open);
3. otherwise the address the creating browser used (``Host``), which is right whenever that
   browser is on the same network as the people it shares with.

The local-network address is found without sending anything: a UDP socket "connected" to a private
address makes the kernel choose the interface it would route through, and no packet leaves.
"""

from __future__ import annotations

import socket
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass

import segno

#: an address in a private range (RFC 1918) that no home network uses for a host: connecting a UDP
#: socket to it only asks the kernel which interface would route there
PROBE_ADDRESS = ("10.255.255.255", 1)


def lan_address(make_socket: Callable[[], socket.socket] | None = None) -> str | None:
    """This machine's IPv4 address on the local network, or ``None`` if it has none but loopback.

    ``make_socket`` (tests) makes the UDP socket; nothing is sent on it."""
    try:
        sock = make_socket() if make_socket else socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return None
    try:
        sock.connect(PROBE_ADDRESS)
        address = str(sock.getsockname()[0])
    except OSError:  # no network at all: no route to a private address
        return None
    finally:
        sock.close()
    if address.startswith("127.") or address == "0.0.0.0":
        return None
    return address


def normalise_public_url(text: str) -> str:
    """``--public-url``: an http(s) address with a host, without a trailing slash; ``ValueError``
    with a sentence saying what is wrong otherwise."""
    parsed = urllib.parse.urlsplit(text.strip())
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise ValueError(f"{text!r} is not a web address: give one like https://games.example.org")
    if parsed.query or parsed.fragment:
        raise ValueError(f"{text!r} has a query or a fragment: give just the address people open")
    if parsed.path not in ("", "/"):
        # every page and file is served from the root: a proxy must pass the whole path through
        raise ValueError(f"{text!r} has a path: gamenight is served from the root of its address, "
                         "so give the address without one")
    return f"{parsed.scheme}://{parsed.netloc}"


def lan_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}" if port != 80 else f"http://{host}"


@dataclass(frozen=True, slots=True)
class LinkBase:
    """Where shared links point: the public URL, else the LAN address, else the request's own."""

    public_url: str | None = None
    lan_url: str | None = None

    def base(self, request_base: str) -> str:
        """The base for links answered to a request that came in at ``request_base``."""
        return (self.public_url or self.lan_url or request_base).rstrip("/")

    def absolute(self, path: str, request_base: str) -> str:
        return self.base(request_base) + path

    @property
    def shared(self) -> str | None:
        """The address to tell people, if the server knows it (else: whatever the browser used)."""
        return self.public_url or self.lan_url


def seat_path(table_id: str, token: str) -> str:
    """The private page of a seat (the token opens it)."""
    return f"/t/{table_id}?token={urllib.parse.quote(token, safe='')}"


def spectator_path(table_id: str) -> str:
    return f"/t/{table_id}"


def qr_svg_data_uri(text: str) -> str:
    """A QR code of ``text`` as an SVG ``data:`` URI (the pages allow ``data:`` images), with the
    quiet zone the standard asks for and medium error correction, so a phone reads it off a screen."""
    return str(segno.make(text, error="m", micro=False).svg_data_uri(scale=4, border=4))


__all__ = [
    "LinkBase",
    "lan_address",
    "lan_url",
    "normalise_public_url",
    "qr_svg_data_uri",
    "seat_path",
    "spectator_path",
]
