"""The venue's WSGI server: waitress, pure Python, on Windows, macOS and Linux.

One process with several threads: the tablets' requests mostly wait on
SQLite's lock or the network, and one process keeps the local memory cache
and the jobs thread shared by every request.
"""

from __future__ import annotations

from typing import Any

from waitress.server import create_server

THREADS = 8
"""Requests served at once; more would only queue on SQLite's write lock."""

CONNECTIONS = 500
"""Open connections at once: a hall of 30 tablets and a few hundred phones."""


def make_server(host: str, port: int, threads: int = THREADS) -> Any:
    """A waitress server bound now (so a port in use fails before the banner),
    served by ``run_server``."""
    from config.wsgi import application

    raise_open_files_limit(CONNECTIONS + 100)
    return create_server(
        application,
        host=host,
        port=port,
        threads=threads,
        # Every tablet and phone keeps its connection open between polls:
        # waitress's default of 100 would turn the 101st away.
        backlog=1024,
        connection_limit=CONNECTIONS,
        ident="Muraille",
    )


def raise_open_files_limit(wanted: int) -> None:
    """Let the process open ``wanted`` files (connections, the database):
    macOS starts a terminal's programs at 256. Nothing to do on Windows."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


def run_server(server: Any) -> None:
    """Serve until Ctrl-C (KeyboardInterrupt), then close the socket."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
