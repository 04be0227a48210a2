"""Spreadsheet exports: rows in, bytes (or text) out, without Django.

``rows`` holds the dataclasses the selectors fill, ``labels`` the keys of the
translatable texts, ``standings_xlsx`` and ``standings_csv`` the builders.
"""
