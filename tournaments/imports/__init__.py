"""Spreadsheet imports: bytes in, rows and problems out, without Django.

``players.parse_player_file`` is the entry point; ``messages`` (the only
Django-aware module here) turns problem codes into translated sentences.
"""
