"""An organiser's API key, the one a laptop at the venue publishes with."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from rest_framework.authtoken.models import Token


@transaction.atomic
def replace_api_token(*, user: Any) -> Token:
    """Give ``user`` a new key; the old one stops working at once.

    Replacing is the only way to change a key: one that was shown on a
    shared screen or left on a venue laptop is revoked by taking a new one.
    """
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)
