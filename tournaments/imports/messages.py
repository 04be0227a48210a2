"""Translated sentences for the problem codes of the player import.

The only Django-aware module of ``tournaments.imports``: the parsers return
codes and parameters, this module turns them into the user's language.
"""

from __future__ import annotations

from typing import Any

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from tournaments.imports.players import ImportProblem

IMPORT_MESSAGES: dict[str, Any] = {
    "file_too_large": _(
        "The file is too large (%(size)s); the limit is %(limit)s. A player "
        "list needs far less: save only its first sheet as CSV or XLSX."
    ),
    "empty_file": _("The file is empty."),
    "unknown_format": _(
        "Files of type “%(extension)s” cannot be read. Save the list as an "
        "Excel workbook (.xlsx) or as CSV (.csv)."
    ),
    "bad_encoding": _(
        "The file is not readable text. Save it as “CSV UTF-8” or as an Excel "
        "workbook (.xlsx)."
    ),
    "unreadable_csv": _("The CSV file is malformed. Save it again as CSV UTF-8."),
    "unreadable_xlsx": _(
        "The Excel file is damaged or protected by a password. Open it, save "
        "it again as .xlsx without a password, and retry."
    ),
    "too_many_rows": _("The file has more than %(limit)s rows of players."),
    "no_name_column": _(
        "No column of names was found. The first row must title the columns: "
        "“Name”, or “First name” and “Last name” (“Nom”, “Prénom”). "
        "Columns found: %(columns)s."
    ),
    "no_rows": _("The file has a header row but no players."),
    "missing_name": _("A player needs a name."),
    "name_too_long": _(
        "This name is too long: a first or last name has at most %(max)s characters."
    ),
    "cell_too_long": _(
        "Row %(row)s has a cell of more than %(limit)s characters: a player "
        "list needs far less."
    ),
    "xlsx_too_large": _(
        "The workbook unpacks to more than %(limit)s of data: save only the "
        "player list, as CSV or XLSX."
    ),
    "duplicate_in_file": _("This player already appears on row %(first_row)s."),
    "malformed_ema_number": _(
        "EMA number “%(value)s” is not made of up to 8 digits; leave it empty "
        "for a player who is not an EMA member."
    ),
    "ema_number_conflict": _(
        "EMA number %(ema_number)s belongs to %(known)s, a known player of "
        "another name: correct the number or the name."
    ),
    "malformed_country": _(
        "Country “%(value)s” is unknown: use a 3-letter code such as FRA."
    ),
}


def problem_message(problem: ImportProblem) -> str:
    """The problem as a sentence in the active language."""
    params = dict(problem.params)
    for key in ("size", "limit"):
        if problem.code in ("file_too_large", "xlsx_too_large") and key in params:
            params[key] = filesizeformat(params[key])
    template = IMPORT_MESSAGES.get(problem.code)
    if template is None:
        return problem.code
    return str(template) % params
