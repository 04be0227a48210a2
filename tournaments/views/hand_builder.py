"""The tablet's hand builder where every player's hand scores (French
classic, encyclopaedia): each player's sets entered one by one, and the
running sheet of each hand, the payments, the totals and the next East
shown as they are built.

The page's form is the ordinary hand form (``HandForm``, its ``hands``
input filled by ``static/js/hand-builder.js``); this view only previews.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.url_numbers import number_or_404
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import hand_preview_of, hand_sheets_of
from scoring.engine.tiles import parse_tiles
from scoring.messages import describe, set_label, sheet_label
from tournaments.display import signed, wind_name
from tournaments.messages import error_message
from tournaments.models import Seat, Table
from tournaments.selectors.rules import deal_of, ruleset_for
from tournaments.selectors.table_state import get_next_deal
from tournaments.selectors.tables import get_table_sheet
from tournaments.services.errors import ServiceError
from tournaments.services.hands import engine_payload
from tournaments.views.referee import TableSheetView

PREVIEW = "tournaments/referee/_hands_preview.html"


class HandsPreviewView(TableSheetView):
    """Each player's added points, doubles and total, then the payments, the
    running totals and the next hand's East, for the hand being built."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        """``?hand=<pk>``: the correction of that hand (its form's fields
        are prefixed "edit"), previewed in that hand's own deal."""
        corrected = request.GET.get("hand", "")
        form = self.hand_form(request.POST, prefix="edit" if corrected else None)
        form.is_valid()  # a hand being built is seldom valid: read what is
        data: dict[str, Any] = {"kind": form.cleaned_data.get("kind")}
        for spec in self.entry.fields:
            value = form.cleaned_data.get(spec.name)
            if value not in (None, "", [], {}):
                data[spec.name] = value
        hand_id = number_or_404(corrected) if corrected else None
        return render(request, PREVIEW, get_hands_preview(self.table, data, hand_id))


def get_hands_preview(
    table: Table, data: Mapping[str, Any], hand_id: int | None = None
) -> dict[str, Any]:
    """The preview's context: one row a player, in seat order. ``hand_id``:
    a stored hand being corrected (its deal; the totals without it)."""
    sheet = get_table_sheet(table)
    seats, hands = sheet.seats, sheet.hands
    context: dict[str, Any] = {"rows": [], "error": "", "incomplete": ""}
    corrected = next((h for h in hands if h.pk == hand_id), None)
    if corrected is not None:
        deal = deal_of(corrected)
        before = list(corrected.deltas or [0] * len(seats))
    else:
        deal = get_next_deal(table, hands) if len(seats) == 4 else None
        before = [0] * len(seats)
    ruleset, options = ruleset_for(table.round.tournament)
    builder = hand_preview_of(ruleset)
    if deal is None or builder is None:
        return context
    try:
        payload = engine_payload(data, seats, ruleset, options)
    except ServiceError as error:
        context["error"] = error_message(error)
        return context
    try:
        sheets = builder.preview_sheets(payload, deal, options)
    except EngineError as error:
        context["error"] = describe(error)
        sheets = [None] * len(seats)
    rows = [
        _row(seat, str(deal.seat_winds[i]), sheets[i], payload, i, ruleset.code)
        for i, seat in enumerate(seats)
    ]
    context["rows"] = rows
    try:
        result = ruleset.parse_result(payload, options)
        deltas = ruleset.hand_payments(result, deal, options)
        following = ruleset.next_deal(deal, result, options)
    except EngineError as error:
        context["incomplete"] = describe(error)
        return context
    itemise = hand_sheets_of(ruleset)
    scores = itemise.hand_sheets(result, deal, options)["scores"] if itemise else None
    for i, row in enumerate(rows):
        row["points"] = scores[i] if isinstance(scores, list) else None
        row["delta"] = signed(deltas[i])
        row["total"] = _score_of(seats[i]) - before[i] + deltas[i]
    context["complete"] = True
    context["next_east"] = seats[following.dealer].registration.player.name
    return context


def _score_of(seat: Seat) -> int:
    result = getattr(seat, "result", None)
    return int(result.score) if result is not None else 0


def _row(
    seat: Seat,
    wind: str,
    sheet: Any,
    payload: Mapping[str, Any],
    index: int,
    ruleset: str,
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "name": seat.registration.player.name,
        "wind": wind,
        "wind_name": wind_name(wind),
        "sheet": None,
        "lines": [],
        "doubles": [],
        "error": "",
        "typed": _typed(payload, index),
    }
    if isinstance(sheet, EngineError):
        # A seat's error is returned, not raised: it names no rule set.
        row["error"] = describe(sheet, ruleset)
    elif isinstance(sheet, Mapping):
        row["sheet"] = sheet
        row["lines"] = [_line(item) for item in _items(sheet, "additions")]
        row["doubles"] = [_double(item) for item in _items(sheet, "doublings")]
        row["doubles"] += [_double(item) for item in _items(sheet, "multipliers")]
    return row


def _typed(payload: Mapping[str, Any], index: int) -> Any:
    scores = payload.get("scores")
    return scores[index] if isinstance(scores, list) else None


def _items(sheet: Mapping[str, Any], key: str) -> Sequence[Mapping[str, Any]]:
    items = sheet.get(key)
    return items if isinstance(items, list) else []


def _line(item: Mapping[str, Any]) -> dict[str, Any]:
    """One line of added points: its words, its tiles (a set's) and points."""
    tile_set = item.get("set")
    if isinstance(tile_set, Mapping):
        # The set's own word says whether it is concealed (a brelan is).
        label = set_label(str(tile_set.get("kind")), bool(tile_set.get("concealed")))
        tiles = [str(tile) for tile in parse_tiles(str(tile_set.get("tiles")))]
    else:
        label, tiles = sheet_label(str(item.get("code"))), []
        if item.get("number"):
            label = f"{label} {item['number']}"
    return {"label": label, "tiles": tiles, "points": item.get("points")}


def _double(item: Mapping[str, Any]) -> dict[str, Any]:
    return {"label": sheet_label(str(item.get("code"))), "factor": item.get("factor")}
