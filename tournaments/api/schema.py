"""OpenAPI schema tweaks."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema


class MurailleAutoSchema(AutoSchema):
    """Name nested ``InputSerializer`` classes after their view.

    Views nest their input serializers (HackSoft style), so every one is
    called ``InputSerializer``; ``HandListApi.InputSerializer`` becomes the
    component ``HandListInput``.
    """

    def get_serializer_name(self, serializer: Any, direction: Any) -> str:
        cls = serializer.__class__
        qualname = cls.__qualname__
        if "." in qualname:
            owner, name = qualname.rsplit(".", 1)
            return owner.removesuffix("Api") + name.removesuffix("Serializer")
        return cls.__name__
