"""What a referee's fingers do on the tablet's forms, shared by the tablet's
browser tests."""

from __future__ import annotations

from playwright.sync_api import Page


def record(page: Page, winner: int, discarder: int, points: int) -> None:
    """Record a win on a discard by points, through the new-hand form."""
    form = page.locator("form[data-new-hand]")
    form.locator("input[name='kind'][value='discard']").check(force=True)
    form.locator(f"input[name='winner'][value='{winner}']").check(force=True)
    form.locator(f"input[name='discarder'][value='{discarder}']").check(force=True)
    form.locator("input[name='fan_total']").fill(str(points))
    form.locator("button[type='submit']").click()
