"""The one error type subcommands raise for a bad command-line value (printed, exit status 2)."""


class UsageError(Exception):
    """A bad command-line value found after parsing; ``chabudai`` prints it with the usage."""
