"""The hand form's empty tile picker, rendered once per language."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

#: The empty tile picker of the hand form, rendered once per language by each
#: worker (a new deployment starts new workers, so the static file names it
#: carries are always the current ones).
_BLANK_PICKERS: dict[tuple[str, bool], SafeString] = {}


def blank_tile_picker(request: HttpRequest, *, tiles_dora: bool = False) -> SafeString:
    """The hand form's tile picker with no tile picked: 34 tile buttons, the
    same bytes for every table of a kind (about 2 ms of each sheet, a third
    of it). ``tiles_dora``: the table's calculator reads a dora count
    (riichi), and MCR's "last of its kind" is not offered.

    Not kept with DEBUG on, so that an edited template shows at once.
    """
    key = (get_language() or "", tiles_dora)
    html = _BLANK_PICKERS.get(key)
    if html is None:
        context = {"tiles_json": "", "in_hand_form": True, "tiles_dora": tiles_dora}
        # The template's own output, escaped when rendered.
        html = mark_safe(
            render_to_string("scoring/_tile_picker.html", context, request)
        )
        if not settings.DEBUG:
            _BLANK_PICKERS[key] = html
    return html
