"""The only code that writes tournament data.

Each public function is one transaction. Functions that change a score lock
the Table row first (``select_for_update``), validate through the rule set,
write an ``AuditEvent`` and rebuild the table's ``SeatResult`` rows before the
transaction commits. Modules: ``hands`` (hands, penalties, tables),
``setup`` (tournaments, players, rounds), ``seating`` (plans and swaps).
"""
