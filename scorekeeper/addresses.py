"""The address other phones can open: never this machine's loopback address.

A phone scanning the share QR code cannot reach ``127.0.0.1``: when the app was opened on a
loopback address (``make run`` on a laptop, then ``localhost:8000`` in its browser), links
meant for other phones use the configured ``PUBLIC_URL``, else the address the server was
started on (``LISTEN_HOST``, which ``make run`` sets from ``HOST``) or, when it listens on every
address, this machine's LAN address (the one ``make run`` prints, see
scripts/print-address.sh), with the same port. A server started on loopback only
(``HOST=127.0.0.1 make run``) has no address to share: the share sheet says so.
"""

from __future__ import annotations

import ipaddress
import socket
import time

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
# The LAN address is looked up at most this often (a laptop may change networks).
LOOKUP_SECONDS = 60
_lookup: dict[str, tuple[float, str | None]] = {}


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine
    only: localhost, 127.0.0.0/8, ::1."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_unspecified


def lan_address() -> str | None:
    """This machine's IPv4 address on its network, or None when it has none.

    The address of the route out (a UDP "connect" sends nothing), else any non-loopback
    address of the host name, as ``hostname -I`` lists them.
    """
    now = time.monotonic()
    cached = _lookup.get("address")
    if cached is not None and now - cached[0] < LOOKUP_SECONDS:
        return cached[1]
    address = None
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            address = probe.getsockname()[0]
    except OSError:
        pass
    if not address or not _usable(address):
        address = None
        try:
            candidates = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            candidates = []
        address = next((a for a in candidates if _usable(a)), None)
    _lookup["address"] = (now, address)
    return address


def listening_on_loopback_only() -> bool:
    """Whether the server was started on a loopback address (``HOST=127.0.0.1 make run``):
    then no other phone can reach it, whatever this machine's network address is."""
    return bool(settings.LISTEN_HOST) and is_loopback(settings.LISTEN_HOST)


def _listened_address() -> str | None:
    """The one address the server listens on, when it was started on a specific one (not the
    wildcard ``0.0.0.0`` / ``::`` that means every address of this machine)."""
    host = settings.LISTEN_HOST.strip("[]")
    return host if host and _usable(host) else None


def shared_url(request: HttpRequest, path: str) -> str | None:
    """The absolute URL of ``path`` for another phone, or None when there is none it could
    open (opened on loopback with no ``PUBLIC_URL``, and the server listens on loopback only
    or this machine has no network)."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    name, port = split_domain_port(request.get_host())
    if not is_loopback(name):
        return request.build_absolute_uri(path)
    if listening_on_loopback_only():
        return None
    address = _listened_address() or lan_address()
    if address is None:
        return None
    netloc = f"{address}:{port}" if port else address
    return f"{request.scheme}://{netloc}{path}"
