"""Replays: the file that keeps one game (``file``) and the folder that keeps them all (``store``).

See docs/REPLAY.md for the format. This layer sits between the engines and the network: it reads
and writes files with msgpack and checks each replay by playing it again with its engine.
"""
