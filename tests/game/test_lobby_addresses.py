"""The lobby tells friends every address they may type, and the network each is on (issue 31,
item 3): the one to type first, then the machine's other networks (a VPN says it is one)."""

from chabudai import i18n
from chabudai.game.scenes.lobby import LobbyScene
from chabudai.game.session import Session
from chabudai.net.addresses import LanAddress

HOME = LanAddress("192.168.1.20", "wlan0", "192.168.1.0/24", "lan")
VPN = LanAddress("10.8.0.2", "wg0", "10.8.0.0/24", "vpn")


def test_hosted_networks_reach_the_lobby_best_first(offline_app):
    session = offline_app.session
    session.feed(
        {
            "t": "hosted",
            "host": "192.168.1.20",
            "port": 47474,
            "networks": [
                ["192.168.1.20", HOME],
                ["10.8.0.2", VPN],
                ["172.16.5.9", LanAddress("172.16.5.9", "eth1", "172.16.5.0/24", "lan")],
                ["10.1.1.1", LanAddress("10.1.1.1", "eth2", "10.1.1.0/24", "lan")],
            ],
        },
        lambda message: None,
    )
    lines = LobbyScene(offline_app).address_lines()
    assert lines == [
        "Others find this table on their Join screen, or type 192.168.1.20:47474"
        " (wlan0, home network 192.168.1.0/24)",
        "or 10.8.0.2:47474 (wg0, VPN 10.8.0.0/24: only for friends on the same VPN)",
        "or 172.16.5.9:47474 (eth1, home network 172.16.5.0/24)",
    ]


def test_a_hosted_item_without_networks_still_names_the_address(offline_app):
    session = offline_app.session
    session.feed({"t": "hosted", "host": "127.0.0.1", "port": 5000}, lambda message: None)
    assert session.hosted_networks == []
    assert LobbyScene(offline_app).address_lines() == [
        "Others find this table on their Join screen, or type 127.0.0.1:5000"
    ]


def test_malformed_network_entries_are_left_out():
    session = Session()
    session.feed(
        {"t": "hosted", "host": "a", "port": 1, "networks": [["a", HOME], "junk", [1, 2, 3]]},
        lambda message: None,
    )
    assert session.hosted_networks == [("a", HOME)]


def test_the_networks_are_said_in_the_players_language(offline_app):
    """The lobby words each network when it draws it: a change of language shows at once."""
    session = offline_app.session
    session.feed(
        {"t": "hosted", "host": HOME.address, "port": 47474, "networks": [[HOME.address, HOME]]},
        lambda message: None,
    )
    i18n.use_pseudo()
    try:
        (line,) = LobbyScene(offline_app).address_lines()
    finally:
        i18n.set_language("en")
    assert "(‹wlan0, home network 192.168.1.0/24›)" in line
