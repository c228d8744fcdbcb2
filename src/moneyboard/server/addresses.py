"""Where learners reach this server: the laptop's address on the room's network.

A trainer opens the console on the laptop itself (``http://localhost:8000``), but a phone
cannot use "localhost": the join banner, the QR code and the start-up message must give the
address the laptop has on the classroom's Wi-Fi (``http://192.168.1.23:8000``).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

#: Private-network addresses to "connect" a UDP socket to, only to learn which of this
#: machine's addresses would be used to reach them (no packet is sent).
_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), the likeliest first."""
    found: list[str] = []

    def keep(address: str) -> None:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and address not in found:
            found.append(address)

    for probe in _PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probing:
                probing.connect((probe, 9))
                keep(probing.getsockname()[0])
        except OSError:
            continue
    if found:
        return found
    # No route to any private network: the names this machine gives itself, if any (asked
    # only now, as it may wait on a name server).
    try:
        for *_, where in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            keep(str(where[0]))
    except OSError:
        pass
    return found


def learners_url(host: str, port: int, addresses: list[str] | None = None) -> str | None:
    """The address learners' phones open, for a server listening on ``host``: this machine's
    network address when it listens on every network (``0.0.0.0``), ``host`` itself when it
    is one reachable address, ``None`` when it listens on loopback only.

    >>> learners_url("0.0.0.0", 8000, ["192.168.1.23"])
    'http://192.168.1.23:8000'
    >>> learners_url("127.0.0.1", 8000, ["192.168.1.23"]) is None
    True
    >>> learners_url("10.0.0.5", 80, [])
    'http://10.0.0.5:80'
    """
    if host in ("0.0.0.0", "::", ""):
        found = network_addresses() if addresses is None else addresses
        return f"http://{found[0]}:{port}" if found else None
    if _is_loopback(host):
        return None
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def join_base(request_base: str, learners: str | None) -> str:
    """The base of the links learners follow (the QR code, the join banner): the address
    the page was opened at, unless that is this machine's loopback ("localhost", which a
    phone cannot reach), then the learners' address when there is one.

    >>> join_base("http://localhost:8000/", "http://192.168.1.23:8000")
    'http://192.168.1.23:8000'
    >>> join_base("http://192.168.1.23:8000/", None)
    'http://192.168.1.23:8000'
    """
    base = request_base.rstrip("/")
    host = urlsplit(base).hostname or ""
    if learners and _is_loopback(host):
        return learners
    return base


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
