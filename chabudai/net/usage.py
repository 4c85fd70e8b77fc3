"""The one error type subcommands raise for a bad command-line value (printed, exit status 2).

It lives in ``net`` because the headless commands (``chabudai host``, ``join``, ``tables``) raise
it and ``net`` imports nothing above itself; ``chabudai.tools`` raises the same class.
"""


class UsageError(Exception):
    """A bad command-line value found after parsing; ``chabudai`` prints it with the usage."""
