"""The only code that writes tournament data.

Each public function is one transaction. Functions that change a score lock
the Table row first (``select_for_update``), validate through the rule set,
write an ``AuditEvent`` and rebuild the table's ``SeatResult`` rows before the
transaction commits. Row locks follow one order (tournament, seating plan,
round, table, hand): see ``tables`` and docs/locking.md. Modules: ``hands``
(hands, penalties, tables), ``setup`` (tournaments, players, rounds),
``seating`` (plans and swaps).
"""
