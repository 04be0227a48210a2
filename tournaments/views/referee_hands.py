"""A hand already on a table's sheet, from its tablet: correct, delete, or
confirm the points of a hand whose winds changed. The sheet's other views
and how their answers work are in ``referee``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoring.engine.types import PER_PLAYER, FieldKind, ResultForm
from tournaments.forms import (
    HandCorrectionForm,
    VersionForm,
)
from tournaments.messages import error_message
from tournaments.models import Hand
from tournaments.services import hand_checks
from tournaments.services import hands as services
from tournaments.views.referee import (
    ERRORS,
    TableSheetView,
    add_service_error,
)


def correction_initial(
    hand: Hand, entry: ResultForm, players: list[tuple[int, str]]
) -> dict[str, Any]:
    """The correction form's values: the stored result's inputs, seats given
    back as Player ids (``players`` in seat order, East first)."""
    initial: dict[str, Any] = {
        "kind": hand.kind,
        "version": hand.version,
        "seat_winds": hand.seat_winds,
        "prevalent_wind": hand.prevalent_wind,
    }
    player_at = [player_id for player_id, _name in players]
    for spec in entry.fields:
        value = hand.result.get(spec.name)
        if spec.kind == FieldKind.SEAT and value is not None:
            value = player_at[value]
        elif spec.kind == FieldKind.SEATS:
            value = [player_at[seat] for seat in value or ()]
        elif spec.kind in PER_PLAYER:
            # Stored in seat order; the form keys them by player.
            values = value if isinstance(value, list) else []
            value = {player_at[i]: v for i, v in enumerate(values) if v is not None}
        initial[spec.name] = value
    return initial


class HandCorrectView(TableSheetView):
    """GET opens the correction form of one hand; POST stores the correction."""

    def get_hand(self) -> Hand | None:
        """The hand, or None once deleted (from another device)."""
        return (
            Hand.objects.select_related(
                "winner__registration", "discarder__registration"
            )
            .filter(table=self.table, pk=self.kwargs["pk"])
            .first()
        )

    def deleted(self) -> HttpResponse:
        return self.hand_gone("correction" if self.request.method == "POST" else "")

    def fresh_form(self, hand: Hand) -> HandCorrectionForm:
        return self.hand_form(
            form_class=HandCorrectionForm,
            prefix="edit",
            initial=correction_initial(hand, self.entry, self.player_choices),
        )

    def get(self, request: HttpRequest, token: str, pk: int) -> HttpResponse:
        hand = self.get_hand()
        if hand is None:
            return self.deleted()
        return self.render_sheet(edit_form=self.fresh_form(hand), edit_hand=hand)

    def post(self, request: HttpRequest, token: str, pk: int) -> HttpResponse:
        hand = self.get_hand()
        if hand is None:
            return self.deleted()
        form = self.hand_form(
            request.POST, form_class=HandCorrectionForm, prefix="edit"
        )
        if not form.is_valid():
            return self.render_sheet(status=400, edit_form=form, edit_hand=hand)
        try:
            hand = services.correct_hand(
                hand_id=hand.pk,
                expected_version=form.cleaned_data["version"],
                result=form.result(),
                **self.winds_changes(form, hand),
                **self.service_context(),
            )
        except ERRORS as error:
            return self.refused(form, hand, error)
        return self.done(table=hand.table)

    @staticmethod
    def winds_changes(form: HandCorrectionForm, hand: Hand) -> dict[str, str]:
        """Only winds that differ: sending them would freeze the default rotation."""
        changes = {}
        seat_winds = (form.cleaned_data.get("seat_winds") or "").upper()
        if seat_winds and seat_winds != hand.seat_winds:
            changes["seat_winds"] = seat_winds
        prevalent = form.cleaned_data.get("prevalent_wind")
        if prevalent and prevalent != hand.prevalent_wind:
            changes["prevalent_wind"] = prevalent
        return changes

    def refused(self, form: Any, hand: Hand, error: Any) -> HttpResponse:
        """A stale edit reloads the hand as it now stands, with the message."""
        if getattr(error, "status_code", 400) == 409:
            hand = self.get_hand()
            if hand is None:
                return self.deleted()
            return self.render_sheet(
                status=409,
                edit_form=self.fresh_form(hand),
                edit_hand=hand,
                edit_error=error_message(error),
            )
        status = add_service_error(form, error)
        return self.render_sheet(status=status, edit_form=form, edit_hand=hand)


class HandActionView(TableSheetView):
    """A POST on one hand that carries only its version (delete, confirm):
    the hand gone, a stale version and a refusal are answered alike."""

    def act(self, hand: Hand, version: int) -> None:
        raise NotImplementedError

    def done_message(self, hand: Hand) -> str:
        raise NotImplementedError

    anchor_to_hand = False

    def post(self, request: HttpRequest, token: str, pk: int) -> HttpResponse:
        hand = Hand.objects.filter(table=self.table, pk=pk).first()
        if hand is None:
            return self.hand_gone()
        form = VersionForm(request.POST)
        if not form.is_valid() or form.cleaned_data["version"] is None:
            return self.render_sheet(status=400, delete_error=_("Reload the page."))
        try:
            self.act(hand, form.cleaned_data["version"])
        except ERRORS as error:
            stale = self.stale(error)
            if stale is not None:
                return stale
            status = getattr(error, "status_code", 400)
            return self.render_sheet(status=status, delete_error=error_message(error))
        messages.success(request, self.done_message(hand))
        if self.anchor_to_hand:
            return self.done(anchor=f"hand-{hand.number}")
        return self.done()


class HandDeleteView(HandActionView):
    def act(self, hand: Hand, version: int) -> None:
        services.delete_hand(
            hand_id=hand.pk, expected_version=version, **self.service_context()
        )

    def done_message(self, hand: Hand) -> str:
        return _("Hand %(number)s was deleted.") % {"number": hand.number}


class HandConfirmView(HandActionView):
    """The referee keeps the typed points of a hand whose winds changed
    (``Hand.needs_check``): the sheet's mark goes."""

    anchor_to_hand = True

    def act(self, hand: Hand, version: int) -> None:
        hand_checks.confirm_hand(
            hand_id=hand.pk, expected_version=version, **self.service_context()
        )

    def done_message(self, hand: Hand) -> str:
        return _("Hand %(number)s: its points are confirmed.") % {"number": hand.number}
