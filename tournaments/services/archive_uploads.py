"""An uploaded event archive kept between its preview and its import.

The file itself waits in the site's file storage (``default_storage``: the
media folder, or whatever storage the site shares between its servers)
under a random name; the page carries a signed token naming that file, the
account that uploaded it and the file's SHA-256. Another account's token, an
expired one, or a file changed meanwhile are refused, and the import reads
the very bytes the preview showed. A pending file lives at most an hour:
each new upload deletes those older than that.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.core import signing
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from tournaments.services.errors import ServiceError

FOLDER = "event-imports"
MAX_AGE_S = 3600
"""A preview may be imported within an hour of the upload."""
_SALT = "tournaments.event-import"


def keep_upload(*, data: bytes, user: Any) -> str:
    """Store ``data`` until it is imported; the token for the import step."""
    _forget_old_uploads()
    name = default_storage.save(
        f"{FOLDER}/{secrets.token_urlsafe(24)}.json", ContentFile(data)
    )
    digest = hashlib.sha256(data).hexdigest()
    return signing.dumps({"name": name, "u": user.pk, "sha": digest}, salt=_SALT)


def read_upload(*, token: str, user: Any) -> tuple[str, bytes]:
    """The stored name and bytes of the token's upload.

    ``ServiceError("event_upload_expired")`` when the token is expired,
    tampered with, another account's, or its file is gone or changed.
    """
    try:
        data = signing.loads(token, salt=_SALT, max_age=MAX_AGE_S)
    except signing.BadSignature as error:
        raise ServiceError("event_upload_expired") from error
    name = str(data.get("name", ""))
    if data.get("u") != user.pk or not name.startswith(f"{FOLDER}/"):
        raise ServiceError("event_upload_expired")
    try:
        with default_storage.open(name, "rb") as stored:
            content = stored.read()
    except OSError as error:
        raise ServiceError("event_upload_expired") from error
    if hashlib.sha256(content).hexdigest() != data.get("sha"):
        raise ServiceError("event_upload_expired")
    return name, content


def forget_upload(name: str) -> None:
    """Delete an upload once imported (a second import finds it gone)."""
    default_storage.delete(name)


def _forget_old_uploads() -> None:
    try:
        _dirs, files = default_storage.listdir(FOLDER)
    except OSError:  # no upload yet: the folder does not exist
        return
    limit = timezone.now() - timedelta(seconds=MAX_AGE_S)
    for filename in files:
        name = f"{FOLDER}/{filename}"
        try:
            if default_storage.get_modified_time(name) < limit:
                default_storage.delete(name)
        except OSError:  # deleted meanwhile by another request
            continue
