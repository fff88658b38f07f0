"""ovos-entity-memory: the owner's command line for the entity memory plugin.

Nothing but a command's own output reaches stdout. OVOS logs to stdout as its modules load, so
logging is quieted and stdout pointed at stderr *before* the commands (and OVOS) are imported.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
from typing import Iterator, List, Optional


@contextlib.contextmanager
def quiet_logs(verbose: bool) -> Iterator[None]:
    """Unless ``verbose``, only errors are logged, and to stderr (handlers made on stdout too)."""
    before = logging.root.manager.disable
    if not verbose:
        logging.disable(logging.WARNING)  # OVOS's LOG honours it too (LOG.is_enabled_for)
    # Loggers made before ``main`` (OVOS imported first) move to stderr.
    for logger in [logging.getLogger(), *[lg for lg in logging.Logger.manager.loggerDict.values()
                                          if isinstance(lg, logging.Logger)]]:
        for handler in logger.handlers:
            if isinstance(handler, logging.StreamHandler) and handler.stream in (sys.stdout, sys.__stdout__):
                handler.setStream(sys.stderr)
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
