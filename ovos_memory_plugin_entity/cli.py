"""ovos-entity-memory: the owner's command line for the entity memory plugin.

Nothing but a command's own output reaches stdout. OVOS's logger writes to stdout, and
OVOS's modules may log as they load (a stable ovos-bus-client calls a deprecated
ovos-utils function at import), so logging is quieted and stdout is pointed at stderr
*before* the commands, and OVOS with them, are imported. Hence this module imports
nothing of ours or of OVOS at its top.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Iterator, List, Optional


def _logs_to_stderr() -> None:
    """Loggers made before ``main`` (in a process that imported OVOS first) move to stderr."""
    for logger in [logging.getLogger(), *[lg for lg in logging.Logger.manager.loggerDict.values()
                                          if isinstance(lg, logging.Logger)]]:
        for handler in logger.handlers:
            if isinstance(handler, logging.StreamHandler) and handler.stream in (sys.stdout, sys.__stdout__):
                handler.setStream(sys.stderr)


@contextlib.contextmanager
def quiet_logs(verbose: bool) -> Iterator[None]:
    """Unless ``verbose``, only errors are logged: OVOS's informational lines, its deprecation
    notices and the warnings of the libraries the assistant loads (ovos-persona, psycopg)
    would come before a command's own output. Whatever is logged goes to stderr: a handler
    made meanwhile (OVOS makes one per logger, on ``sys.stdout``) finds stdout pointed there.
    Put back afterwards."""
    before = logging.root.manager.disable
    if not verbose:
        logging.disable(logging.WARNING)  # OVOS's LOG honours it too (LOG.is_enabled_for)
    _logs_to_stderr()
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        logging.disable(before)


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    with quiet_logs("--verbose" in argv):
        from ovos_memory_plugin_entity.cli_commands import build_parser, run
    args = build_parser().parse_args(argv)  # --help and --version print on stdout
    args.out = sys.stdout  # the command's own output; everything else goes to stderr
    args.interactive, args.stores = sys.stdin.isatty(), []  # someone to answer "Are you sure?"; stores opened
    try:
        with quiet_logs(args.verbose):
            status = run(args)
        sys.stdout.flush()  # a reader gone (``| head``) is found here, not at exit
        return status
    except BrokenPipeError:
        # The reader has what it wanted: no traceback, and nothing more to write at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1

if __name__ == "__main__":
    sys.exit(main())
