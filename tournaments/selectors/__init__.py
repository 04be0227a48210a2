"""Reads: every query a page, the API, a service or a job runs to show or
plan something, in a bounded number of queries (tests assert the counts).

One module per subject: ``standings``, ``tables``, ``seating``, ``room``
(the public pages' versions and caches), ``clock``, ``exports``. Writes live
in ``tournaments.services``; selectors never write.
"""
