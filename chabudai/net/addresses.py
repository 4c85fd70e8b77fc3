"""Which of this machine's addresses friends on the home network can type.

A machine has many IPv4 addresses: the Wi-Fi or Ethernet one on the home network, a VPN's
(WireGuard, Tailscale, OpenVPN), Docker's and VM bridges', link-local ones. Only the first kind
works for a friend on the same network, and the default route is no guide: with a VPN up it goes
through the VPN. :func:`lan_addresses` orders them — private ranges on real interfaces first,
then other addresses on real interfaces, then VPNs, then virtual bridges — and labels each with
its interface and network; loopback and link-local addresses are left out. It is a pure function
of ifaddr's adapter list, so tests give it made-up machines; :func:`machine_addresses` asks this
machine.
"""

from __future__ import annotations

import contextlib
import gettext
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

KINDS = ("lan", "other", "vpn", "virtual")  # the order addresses are offered in

PRIVATE = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT: Tailscale and other VPNs
VPN_NAMES = ("tun", "tap", "wg", "tailscale", "utun", "ppp", "zt", "ipsec", "nordlynx", "proton")
VIRTUAL_NAMES = (
    "docker", "br-", "virbr", "veth", "vboxnet", "vmnet", "lxcbr", "lxdbr", "cni", "podman",
    "flannel", "cali", "vethernet", "virtualbox", "vmware", "hyper-v",
)  # fmt: skip


@dataclass(frozen=True)
class LanAddress:
    """One IPv4 address of this machine, as a player would be told about it."""

    address: str  # "192.168.1.23"
    interface: str  # "wlan0", "Wi-Fi"
    network: str  # "192.168.1.0/24"
    kind: str  # one of KINDS
    default_route: bool = False  # the interface the machine's default route leaves by

    @property
    def label(self) -> str:
        """Which network this address is on, in English (the command line):
        ``"wlan0, home network 192.168.1.0/24"``."""
        return self.words()

    def words(self, tr: gettext.NullTranslations | None = None) -> str:
        """Which network this address is on, in the language of ``tr`` (English without)."""
        tr = tr or gettext.NullTranslations()
        said = {
            # Translators: an address's network card and network, as the lobby lists them
            "lan": tr.gettext("{interface}, home network {network}"),
            "other": tr.gettext("{interface}, network {network}"),
            "vpn": tr.gettext("{interface}, VPN {network}: only for friends on the same VPN"),
            "virtual": tr.gettext(
                "{interface}, virtual network {network}: only for this machine's containers and VMs"
            ),
        }[self.kind]
        return said.format(interface=self.interface, network=self.network)


def kind_of(address: ipaddress.IPv4Address, interface: str) -> str:
    name = interface.lower()
    if name.startswith(VIRTUAL_NAMES):
        return "virtual"
    if name.startswith(VPN_NAMES) or address in SHARED:
        return "vpn"
    if any(address in network for network in PRIVATE):
        return "lan"
    return "other"


def lan_addresses(adapters: Iterable[Any], route: str | None = None) -> list[LanAddress]:
    """Every usable IPv4 address in ``adapters`` (ifaddr ``Adapter``s: ``nice_name`` and ``ips``
    with ``ip`` and ``network_prefix``), best first: by :data:`KINDS`, then the default route's
    (``route``, the address it leaves from) first within a kind, then as the system lists them.
    Loopback, link-local (169.254/16) and unspecified addresses are left out."""
    found: list[LanAddress] = []
    seen: set[str] = set()
    for adapter in adapters:
        interface = str(getattr(adapter, "nice_name", "") or getattr(adapter, "name", "?"))
        for ip in adapter.ips:
            if not isinstance(ip.ip, str) or ip.ip in seen:
                continue  # IPv6 addresses are tuples in ifaddr
            try:
                address = ipaddress.IPv4Address(ip.ip)
                network = ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}", strict=False)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            seen.add(ip.ip)
            found.append(
                LanAddress(
                    address=ip.ip,
                    interface=interface,
                    network=str(network),
                    kind=kind_of(address, interface),
                    default_route=ip.ip == route,
                )
            )
    return sorted(found, key=lambda a: (KINDS.index(a.kind), not a.default_route))


def machine_addresses() -> list[LanAddress]:
    """:func:`lan_addresses` of this machine's interfaces."""
    import ifaddr  # imported here to keep the import time of ``chabudai.net`` low

    return lan_addresses(ifaddr.get_adapters(), route_address())


def route_address() -> str | None:
    """The IPv4 address of the interface holding the default route, or None. Connecting a UDP
    socket only picks the route: nothing is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737), never reached
        address = sock.getsockname()[0]
        return None if address.startswith(("127.", "0.")) else address
    return None


def advert_addresses(addresses: list[LanAddress]) -> list[str]:
    """The addresses to put in a zeroconf advert, best first: no virtual bridges (no friend can
    reach them); loopback when nothing else is left (a machine without a network)."""
    usable = [a.address for a in addresses if a.kind != "virtual"]
    return usable or ["127.0.0.1"]
