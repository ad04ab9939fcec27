"""The machine's addresses on the local network, for serving phones and screens.

``make lan`` (or ``HOST=0.0.0.0 make run``) sets ``MEDICI_LAN_PORT``; settings.py
then adds these addresses to ``ALLOWED_HOSTS`` and, unless set, points the QR codes
(``MEDICI_PUBLIC_URL``) at the first one.
``python -m medici_tourney.ops.lan PORT`` prints the addresses to open on phones.

Only IPv4 addresses: ``runserver 0.0.0.0`` listens on IPv4 alone. No Django imports
(settings.py imports this module before Django is set up).
"""

from __future__ import annotations

import ipaddress
import socket
import subprocess
import sys


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local)


def _route_address() -> list[str]:
    """The address of the interface that carries the default route: a UDP
    "connect" sends nothing, it only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("198.51.100.1", 9))  # TEST-NET-2: never reached
            return [probe.getsockname()[0]]
        except OSError:
            return []


def _hostname_addresses() -> list[str]:
    """``hostname -I`` (Linux) and the host name's own addresses."""
    found: list[str] = []
    try:
        result = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        )
        found += result.stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found += [str(info[4][0]) for info in infos]
    except OSError:
        pass
    return found


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback and link-local, the
    default route's first; empty when it is on no network."""
    addresses: list[str] = []
    for address in _route_address() + _hostname_addresses():
        if _usable(address) and address not in addresses:
            addresses.append(address)
    return addresses


def main(argv: list[str]) -> int:
    """Print where phones and screens on the network open the app."""
    port = argv[1] if len(argv) > 1 else "8000"
    addresses = lan_addresses()
    if not addresses:
        print("This machine has no local-network address: only it can open the app.")
        return 0
    print("Phones, kiosks and other laptops on this network open:")
    for address in addresses:
        print(f"    http://{address}:{port}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
