"""``{% extra_links tournament "public" %}``: the links apps above the
tournaments add to its pages (``tournaments.extensions``), as buttons."""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe

from tournaments.extensions import Place, extra_links
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def extra_links_of(tournament: Tournament, place: Place) -> SafeString:
    links = extra_links(tournament, place)
    if not links:
        return mark_safe("")
    return format_html_join(
        "", '<a class="button" href="{}">{}</a>', ((url, label) for label, url in links)
    )
