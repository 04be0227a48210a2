"""The league pages name a rule set in the reader's language, as the
tournament pages do, never by its code."""

from __future__ import annotations

import pytest

from tests.integration.leagues.data import make_league

pytestmark = pytest.mark.django_db


def test_the_settings_form_offers_rule_sets_by_name(client, organiser):
    league = make_league(organiser, is_public=True)
    client.force_login(organiser)
    page = client.get(f"/manage/leagues/{league.slug}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
    assert ">Règles de compétition chinoises (MCR)</option>" in page.content.decode()


def test_the_ema_page_names_the_rule_set(client, organiser):
    league = make_league(organiser, is_public=True)
    fr = client.get(f"/leagues/{league.slug}/ema/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Règles de compétition chinoises (MCR)" in fr.content.decode()
    assert " mcr " not in fr.content.decode()
    en = client.get(f"/leagues/{league.slug}/ema/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Mahjong Competition Rules (MCR)" in en.content.decode()
