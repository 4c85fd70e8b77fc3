"""The one-file executable's entry point: the ``chabudai`` command (the client when it is given
no subcommand). PyInstaller runs this file as a script, so it imports the package absolutely."""

import multiprocessing
import sys

from chabudai.tools.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen Windows program re-runs itself for child processes
    sys.exit(main())
