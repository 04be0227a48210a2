"""The laptop's addresses on the hall's network, for the tablets' links.

``lan_addresses`` lists what the venue prints at its start (every IPv4
address but the loopback); ``lan_address`` is the one a link carries.
"""

from __future__ import annotations

import ipaddress
import socket

import ifaddr

_NO_ROUTE_PROBE = ("10.255.255.255", 9)
"""Any address outside the laptop: a UDP socket "connected" to it sends
nothing, but the system picks the interface and address it would use."""


def lan_addresses() -> list[str]:
    """Every non-loopback IPv4 address of the laptop, private ones first (the
    hall's router gives one of those), each once."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and _usable(ip.ip) and ip.ip not in found:
                found.append(ip.ip)
    return sorted(found, key=lambda ip: not ipaddress.IPv4Address(ip).is_private)


def lan_address() -> str:
    """The address tablets reach the laptop at: the one of the interface the
    system routes through (the router's network), else the first of
    ``lan_addresses``, else the laptop's name (no network at all: a link
    still names the laptop, never 127.0.0.1)."""
    routed = _routed_address()
    if routed is not None:
        return routed
    addresses = lan_addresses()
    return addresses[0] if addresses else socket.gethostname()


def _routed_address() -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_NO_ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:  # no route at all: the laptop is on no network
        return None
    return address if _usable(address) else None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified)


def urls(addresses: list[str], port: int) -> list[str]:
    """``http://<ip>:<port>/`` for each address."""
    return [f"http://{address}:{port}/" for address in addresses]
