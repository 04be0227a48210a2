"""Content negotiation that reads ``?format=`` as its schema documents it."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework.negotiation import DefaultContentNegotiation


class ExactContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, where ``?format=`` with no value names no format
    (404, as an unknown one): DRF ignored it, though the schema documents
    the parameter as an enum of the view's formats."""

    def select_renderer(
        self, request: Any, renderers: Any, format_suffix: str | None = None
    ) -> Any:
        name = self.settings.URL_FORMAT_OVERRIDE
        if name and not format_suffix and request.query_params.get(name) == "":
            raise Http404
        return super().select_renderer(request, renderers, format_suffix)
