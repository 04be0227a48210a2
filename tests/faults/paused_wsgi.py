"""The app as gunicorn serves it, with one test-only hook: a request that
carries ``X-Fault-Pause: before`` or ``after`` stops before the app reads it,
or after the app answered (its transaction committed) and before the answer
is sent. The worker writes its pid to ``FAULT_PAUSE_DIR/<pid>`` and waits
there for the test to kill it. Never served outside tests/faults."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from config.wsgi import application as served

PAUSE_S = 60.0


def application(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
    where = environ.get("HTTP_X_FAULT_PAUSE", "")
    if where == "before":
        _pause()
    answer = served(environ, start_response)
    if where == "after":
        body = b"".join(answer)  # the view ran to its end: the hand is committed
        _pause()
        return [body]
    return answer


def _pause() -> None:
    Path(os.environ["FAULT_PAUSE_DIR"], str(os.getpid())).touch()
    time.sleep(PAUSE_S)
