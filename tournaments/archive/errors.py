"""The one error of the event archive's reader."""

from __future__ import annotations

from typing import Any

from scoring.engine.errors import EngineError


class ArchiveError(ValueError):
    """An archive refused whole: its first problem, where it is.

    ``code`` is stable (``archive_bad_type``), ``path`` names the record
    and key at fault the way a person finds it in the file
    (``rounds[2].tables[0].hands[5].kind``) and is also in ``params`` for
    the message; ``field`` is the path too, as for the house's other errors.
    """

    def __init__(self, code: str, path: str = "", **params: Any) -> None:
        self.code = code
        self.path = path
        self.field = path or None
        self.params = {"path": path, **params}
        detail = ", ".join(f"{key}={value!r}" for key, value in sorted(params.items()))
        super().__init__(
            f"{code} at {path or '(document)'}" + (f": {detail}" if detail else "")
        )


def rule_refused(path: str, error: EngineError) -> ArchiveError:
    """The rule set's refusal (its own code as ``rule``, its parameters,
    and the rule set as ``rules``) of the record at ``path``."""
    params = {key: value for key, value in error.params.items() if key != "path"}
    if error.raised_by is not None:
        # Worded in the words of the rule set that refused it.
        params["rules"] = error.raised_by
    return ArchiveError("archive_rule_refused", path, rule=error.code, **params)
