"""The public round page's table cards, each rendered once per change at
its table.

During play every hand changes the room's version, and with it the round
page's ETag: at 3,200 players the page rebuilt its 800 tables (3,200 seats,
players and results) after every hand, 0.4 s of CPU each time, while one
table had changed. Each card is kept in the cache under its table's id,
version and seating (``list_round_table_stamps``) and the language; a
change renders the cards that changed and reads the others back in one
round trip.
"""

from __future__ import annotations

from django.core.cache import cache
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tournaments.models import Round, Tournament
from tournaments.selectors.table_state import seat_cells
from tournaments.selectors.tables import list_round_table_stamps, list_round_tables

#: Seconds a card stays in the cache; a changed table makes a new key anyway.
CARD_CACHE_SECONDS = 10 * 60
CARD_TEMPLATE = "tournaments/public/_round_table.html"


def round_table_cards(tournament: Tournament, round_: Round) -> list[SafeString]:
    """Every table's card in table-number order: one query for the stamps,
    one cache read, and three queries when some card must be rendered.

    The stamps are read before the tables: a table that changes in between
    is drawn newer than its key says, never older, and the next request
    (with the new version) draws it again.
    """
    stamps = list_round_table_stamps(round_)
    language = get_language() or ""
    keys = {
        pk: f"round-card:{tournament.pk}:{tournament.slug}:{pk}:{version}:"
        f"{seating}:{language}"
        for pk, version, seating in stamps
    }
    found = cache.get_many(list(keys.values()))
    missing = {pk for pk, key in keys.items() if key not in found}
    if missing:
        tables = list_round_tables(round_)
        if len(missing) < len(keys) // 2:
            tables = tables.filter(pk__in=missing)
        card = get_template(CARD_TEMPLATE)  # looked up once, not once a card
        drawn = {
            keys[table.pk]: card.render(
                {"tournament": tournament, "table": table, "seats": seat_cells(table)}
            )
            for table in tables
            if table.pk in missing
        }
        cache.set_many(drawn, CARD_CACHE_SECONDS)
        found.update(drawn)
    # The cards are the card template's own output, escaped when rendered.
    return [mark_safe(found[keys[pk]]) for pk, _version, _seating in stamps]
