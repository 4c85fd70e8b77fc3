"""The tools' name for :class:`chabudai.net.usage.UsageError`, the one bad-command-line error."""

from chabudai.net.usage import UsageError

__all__ = ["UsageError"]
