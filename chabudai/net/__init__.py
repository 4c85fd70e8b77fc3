"""LAN play: the wire protocol, the authoritative table host, the client and zeroconf discovery.

Modules, each with one job (docs/PROTOCOL.md is the reference for everything on the wire):

- ``codec``: frames (4-byte length + one msgpack map), shared by host and client;
- ``protocol``: the version, message schemas, error and reject codes;
- ``table``: one table's lobby and its game, run by the engine (no sockets);
- ``workers``: where bot seats think (threads, or worker processes for searching bots);
- ``host``: the asyncio TCP server holding tables (handshake, limits, dispatch);
- ``store``: atomic table saves and ``--resume``;
- ``client``: the reconnecting client connection; ``botplayer``: a bot playing over the wire;
- ``discovery``: the zeroconf advert and browser; ``bridge``: the thread bridge for pygame;
- ``cli_host``, ``cli_tables``, ``cli_join``: the ``chabudai host|tables|join`` commands.

Nothing here imports pygame or ``game``; importing ``net`` opens no socket.
"""
