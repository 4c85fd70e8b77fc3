"""The right address for friends: each LAN address first, with the network it is on.

Made-up machines (ifaddr ``Adapter`` lists) go through :func:`lan_addresses`: private ranges on
real interfaces come first (the default route's among them first), then other addresses on real
interfaces, then VPNs (tun/wg/tailscale names, 100.64/10), then Docker and VM bridges; loopback
and link-local addresses are left out, and no advert offers a bridge no friend can reach.
"""

from __future__ import annotations

from ifaddr import IP, Adapter

from chabudai.net.addresses import advert_addresses, lan_addresses
from chabudai.net.cli_host import address_lines


def adapter(name: str, *ips: tuple[str, int]) -> Adapter:
    return Adapter(name, name, [IP(ip, prefix, name) for ip, prefix in ips])


LAPTOP_ON_A_VPN = [
    adapter("lo", ("127.0.0.1", 8)),
    adapter("docker0", ("172.17.0.1", 16)),
    adapter("tailscale0", ("100.101.7.3", 32)),
    adapter("wg0", ("10.8.0.2", 24)),
    adapter("wlan0", ("192.168.1.23", 24), ("169.254.3.9", 16)),
    adapter("eth0", ("10.0.0.5", 8)),
    adapter("br-5f1c2a", ("172.18.0.1", 16)),
]


def test_the_home_network_comes_before_vpns_and_bridges_even_when_the_vpn_is_the_route():
    found = lan_addresses(LAPTOP_ON_A_VPN, route="10.8.0.2")  # the default route: the VPN
    assert [(a.address, a.kind) for a in found] == [
        ("192.168.1.23", "lan"),
        ("10.0.0.5", "lan"),
        ("10.8.0.2", "vpn"),
        ("100.101.7.3", "vpn"),
        ("172.17.0.1", "virtual"),
        ("172.18.0.1", "virtual"),
    ]
    assert found[0].label == "wlan0, home network 192.168.1.0/24"
    assert found[2].default_route and found[2].label == (
        "wg0, VPN 10.8.0.0/24: only for friends on the same VPN"
    )
    assert (
        found[4].label
        == "docker0, virtual network 172.17.0.0/16: only for this machine's containers and VMs"
    )


def test_the_default_route_goes_first_among_the_lan_addresses():
    found = lan_addresses(LAPTOP_ON_A_VPN, route="10.0.0.5")
    assert [a.address for a in found[:2]] == ["10.0.0.5", "192.168.1.23"]


def test_adverts_leave_out_bridges_and_fall_back_to_loopback():
    assert advert_addresses(lan_addresses(LAPTOP_ON_A_VPN)) == [
        "192.168.1.23", "10.0.0.5", "100.101.7.3", "10.8.0.2"
    ]  # fmt: skip
    only_docker = [adapter("lo", ("127.0.0.1", 8)), adapter("docker0", ("172.17.0.1", 16))]
    assert advert_addresses(lan_addresses(only_docker)) == ["127.0.0.1"]


def test_windows_names_public_addresses_and_ipv6():
    machine = [
        Adapter("{GUID-1}", "vEthernet (WSL)", [IP("172.29.64.1", 20, "vEthernet (WSL)")]),
        Adapter("{GUID-2}", "Wi-Fi", [IP("192.168.0.12", 24, "Wi-Fi"), IP(("fe80::1", 0, 3), 64, "Wi-Fi")]),
        Adapter("{GUID-3}", "Ethernet", [IP("203.0.113.7", 24, "Ethernet")]),
    ]  # fmt: skip
    found = lan_addresses(machine)
    assert [(a.interface, a.kind) for a in found] == [
        ("Wi-Fi", "lan"),
        ("Ethernet", "other"),
        ("vEthernet (WSL)", "virtual"),
    ]


def test_chabudai_host_prints_every_lan_address_with_its_network():
    lines = address_lines(
        "Kitchen table (Koi-Koi, 2 seats)", lan_addresses(LAPTOP_ON_A_VPN, "10.8.0.2"), [], 47474
    )
    assert lines[0] == (
        "Kitchen table (Koi-Koi, 2 seats) at 192.168.1.23:47474 (wlan0, home network 192.168.1.0/24)"
    )
    assert lines[2].startswith("  also at 10.8.0.2:47474 (wg0, VPN")
    assert len(lines) == 4  # no Docker bridge: no friend can reach it
    assert address_lines("T", [], ["127.0.0.1"], 5000) == ["T at 127.0.0.1:5000"]
    assert "only this machine" in address_lines("T", [], [], 5000)[0]
