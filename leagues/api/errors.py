"""The leagues' refusals in the house's error answer.

One shape and one status rule for both APIs: ``tournaments.api.errors``
says how a service's or the engine's refusal is written and which status
it gets; the words come from the leagues' catalogue (``leagues.messages``,
which falls back on the tournaments' ones).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework.response import Response

from leagues.messages import error_message
from scoring.engine.errors import EngineError
from tournaments.api.errors import error_body, refusal_status
from tournaments.services.errors import ServiceError

#: What the leagues' services and the engine they call may refuse with.
REFUSALS = (ServiceError, EngineError)

MERGE_REFUSED = _(
    "A merge needs the organiser's right over every event of both players."
)


def refused(error: ServiceError | EngineError) -> Response:
    """The answer to a refusal: the house's body and status."""
    return Response(error_body(error, error_message), status=refusal_status(error))
