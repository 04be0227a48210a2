"""What a tablet is told after each of its requests, in a form tablet.js reads.

Every answer of a table link carries ``X-Muraille-Answer``, one word the
tablet maps to what its referee sees (tablet.js, ``classify``):

- ``saved``: the write is stored;
- ``already-saved``: the same write (its idempotency key) was stored
  before, its answer lost on the way: a confirmation, not an error;
- ``refused``: the form has an error, shown next to its field;
- ``conflict``: another device changed the sheet first (409, the sheet as
  it stands);
- ``gone-hand``: the hand (or penalty) the form was about no longer exists
  (404, the sheet as it stands, with a notice naming it);
- ``gone-link``: the link itself no longer exists, e.g. the organiser gave
  the table a new one (404, a page saying to scan the table's code, which
  never names the new link);
- ``busy``: too many requests (429); the database's 503 (config.middleware)
  and a proxy's 502/504 carry no header and are read from their status.

A POST answered without a word of its own is ``saved`` when its status says
success, so that every view of the sheet gets the same rule.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

HEADER = "X-Muraille-Answer"
SAVED = "saved"
ALREADY_SAVED = "already-saved"
REFUSED = "refused"
CONFLICT = "conflict"
GONE_HAND = "gone-hand"
GONE_LINK = "gone-link"
BUSY = "busy"

BY_STATUS = {400: REFUSED, 403: REFUSED, 404: GONE_HAND, 409: CONFLICT, 429: BUSY}

LINK_GONE_PAGE = "tournaments/referee/link_gone.html"


def with_answer(response: HttpResponse, answer: str) -> HttpResponse:
    """``response`` labelled with ``answer`` (one of the words above)."""
    response[HEADER] = answer
    return response


def label(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give an unlabelled answer its word from its status (POST writes only:
    a page shown is not a write saved)."""
    if HEADER in response:
        return response
    if response.status_code in BY_STATUS:
        return with_answer(response, BY_STATUS[response.status_code])
    if request.method == "POST" and response.status_code < 400:
        return with_answer(response, SAVED)
    return response


def link_gone(request: HttpRequest) -> HttpResponse:
    """The answer of a link no table has (any more): a page saying what to
    do, 404, never naming the table or its new link."""
    response = render(request, LINK_GONE_PAGE, status=404)
    response["Cache-Control"] = "no-store"
    return with_answer(response, GONE_LINK)


def hand_gone_message(number: int | None, lost: str = "") -> str:
    """What a device is told about a hand deleted on another one: which hand
    (``number``, the one the device showed, when it sent it) and, for
    ``lost`` == "correction", that the correction typed was not saved."""
    if lost == "correction":
        if number is None:
            return _(
                "This hand no longer exists: someone deleted it on another "
                "tablet; your correction was not saved."
            )
        return _(
            "Hand %(number)s no longer exists: someone deleted it on another "
            "tablet; your correction was not saved."
        ) % {"number": number}
    if number is None:
        return _("This hand no longer exists: someone deleted it on another tablet.")
    return _(
        "Hand %(number)s no longer exists: someone deleted it on another tablet."
    ) % {"number": number}
