#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The venue's settings (config/settings.py) are chosen as they load, which
    # is before the command runs: say so here, where the command name is known.
    # Its backup and restore commands work on the venue's database too.
    if sys.argv[1:2] in (["venue"], ["venue_backup"], ["venue_restore"]):
        os.environ["MURAILLE_VENUE"] = "1"
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
