"""Chabudai: four tabletop card games against bots or with friends on one local network.

The one top-level package: ``chabudai.engines`` (the rules and the bots), ``chabudai.net`` (the
wire protocol, the table host, discovery), ``chabudai.game`` (the pygame-ce client),
``chabudai.tools`` (the ``chabudai`` command, benchmarks, generators) and ``chabudai/assets``
(the art, fonts and sounds the client loads).
"""

# The one place the version is written: pyproject.toml reads it (dynamic version), and
# ``chabudai --version``, the title screen and Settings show it. CHANGELOG.md has a section per
# version.
__version__ = "0.1.0"
