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


def make_server(host: str, port: int, threads: int = THREADS) -> Any:
    """A waitress server bound now (so a port in use fails before the banner),
    served by ``run_server``."""
    from config.wsgi import application

    return create_server(
        application,
        host=host,
        port=port,
        threads=threads,
        # The tablets' hands queue behind each other's locks for a moment at
        # most: a backlog of 30 tablets and 100 phones needs room.
        backlog=1024,
        connection_limit=1000,
        ident="Muraille",
    )


def run_server(server: Any) -> None:
    """Serve until Ctrl-C (KeyboardInterrupt), then close the socket."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
