import signal
import sys

# Ctrl-C while the interpreter imports the command line: exit 130 without a traceback
signal.signal(signal.SIGINT, lambda signum, frame: sys.exit(130))

from grounding.cli import run  # noqa: E402

signal.signal(signal.SIGINT, signal.default_int_handler)
run()
