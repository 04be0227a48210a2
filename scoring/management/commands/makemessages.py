"""``makemessages`` that also reads the engine's ``N_`` marker.

The pure engine has no Django, so a rule set marks its words with
``scoring.engine.words.N_`` (a ``gettext_noop`` of its own); xgettext finds
them only when told the keyword. Apps' commands override Django's own, so
``manage.py makemessages`` (the Makefile's ``messages``) runs this one.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
