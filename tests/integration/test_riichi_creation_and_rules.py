"""A riichi tournament from the creation form to its rules page (issue 12,
item 4): the rule set and its named settings are offered from the registry,
the service starts from the preset, and the rules page asks for every
setting the way the rule set describes it (choices, flags, uma)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.options import PRESETS
from tests.integration.page_factories import organised_table
from tournaments.models import Tournament
from tournaments.services import hands, setup

pytestmark = pytest.mark.django_db

NEW = {
    "name": "Riichi Open",
    "start_date": "2026-12-05",
    "end_date": "2026-12-06",
    "city": "Lyon",
    "country": "FRA",
    "rounds_count": 4,
    "session_minutes": 90,
    "seating_mode": "random",
}


@pytest.fixture
def staff(client, organiser):
    client.force_login(organiser)
    return client


def test_the_creation_form_offers_the_rule_sets_and_their_presets(staff):
    page = staff.get(reverse("staff:tournament-create")).content.decode()
    assert '<option value="riichi">Riichi (Japanese)</option>' in page
    assert 'value="riichi:ema"' in page and "EMA riichi rules (2016)" in page
    assert 'value="riichi:modern"' in page


@pytest.mark.parametrize("preset", ["ema", "modern"])
def test_a_riichi_tournament_starts_from_its_preset(staff, preset):
    data = {**NEW, "ruleset": "riichi", "preset": f"riichi:{preset}"}
    response = staff.post(reverse("staff:tournament-create"), data)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Riichi Open")
    assert tournament.ruleset == "riichi"
    assert tournament.ruleset_options == PRESETS[preset]
    assert tournament.rounds.count() == 4
    # The preset is a valid set of settings of the rule set.
    RIICHI.clean_options(tournament.ruleset_options)


def test_the_ema_preset_says_what_the_ema_rules_say():
    ema = RIICHI.clean_options(PRESETS["ema"])
    assert (ema.start_points, ema.return_points) == (30_000, 30_000)  # no oka
    assert ema.uma == (15, 5, -5, -15)
    assert ema.tenpai_payment == 3_000
    assert (ema.chombo, ema.chombo_points) == ("deduction", 20_000)
    assert ema.multiple_ron == "triple"
    assert not ema.west_extension and not ema.red_fives and ema.open_tanyao
    modern = RIICHI.clean_options(PRESETS["modern"])
    assert (modern.start_points, modern.return_points) == (25_000, 30_000)
    assert modern.limits == "modern" and modern.tenpai_payment == 3_000
    assert modern.dobon and modern.red_fives


def test_a_preset_of_another_rule_set_is_refused_on_the_form(staff):
    data = {**NEW, "ruleset": "mcr", "preset": "riichi:ema"}
    response = staff.post(reverse("staff:tournament-create"), data)
    assert response.status_code == 400
    assert "These settings are for another rule set." in response.content.decode()
    assert not Tournament.objects.exists()


def test_without_a_rule_set_the_tournament_plays_mcr(staff):
    response = staff.post(reverse("staff:tournament-create"), NEW)
    assert response.status_code == 302
    assert Tournament.objects.get().ruleset == "mcr"


def test_the_service_refuses_an_unknown_preset_and_checks_the_options(organiser):
    from scoring.engine.errors import EngineError

    with pytest.raises(EngineError) as caught:
        setup.create_tournament(
            name="X", actor=organiser, ruleset="riichi", preset="pantheon"
        )
    assert (caught.value.code, caught.value.field) == ("unknown_option", "preset")
    with pytest.raises(EngineError) as caught:
        setup.create_tournament(
            name="X",
            actor=organiser,
            ruleset="riichi",
            preset="ema",
            ruleset_options={"return_points": 20_000},
        )
    assert caught.value.code == "return_below_start"
    # Explicit options override the preset's.
    tournament = setup.create_tournament(
        name="Y",
        actor=organiser,
        ruleset="riichi",
        preset="ema",
        ruleset_options={"tenpai_payment": 0},
    )
    assert tournament.ruleset_options["tenpai_payment"] == 0
    assert tournament.ruleset_options["chombo"] == "deduction"


def rules_post(options):
    """The rules page's POST for ``options`` (a flag is sent only when on)."""
    data = {}
    for key, value in options.items():
        if isinstance(value, bool):
            if value:
                data[key] = "on"
        elif isinstance(value, list):
            data[key] = " / ".join(str(number) for number in value)
        elif value is None:
            data[key] = ""
        else:
            data[key] = value
    data["tiebreak_1"] = "table_points"
    data["tiebreak_2"] = "score"
    return data


@pytest.fixture
def riichi_table(organiser):
    return organised_table(organiser, ruleset="riichi")


def test_the_rules_page_asks_for_each_setting_as_the_rule_set_describes_it(
    staff, riichi_table
):
    url = reverse("staff:tournament-rules", args=[riichi_table.round.tournament.slug])
    page = staff.get(url).content.decode()
    # A choice with its words, a flag, bounded numbers, the uma as four numbers.
    assert '<option value="short">Short count (han only)</option>' in page
    assert 'name="dobon"' in page and 'type="checkbox"' in page
    assert 'name="tenpai_payment"' in page and 'step="600"' in page
    assert 'value="15 / 5 / -5 / -15"' in page
    assert "Return line (points)" in page


def test_the_rules_page_saves_riichi_settings(staff, riichi_table):
    tournament = riichi_table.round.tournament
    url = reverse("staff:tournament-rules", args=[tournament.slug])
    options = {
        **RIICHI.default_options(),
        "count": "short",
        "uma": [20, 10, -10, -20],
        "dobon": True,
        "tenpai_payment": 3_000,
    }
    response = staff.post(url, rules_post(options))
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    cleaned = RIICHI.clean_options(tournament.ruleset_options)
    assert cleaned.count == "short" and cleaned.uma == (20, 10, -10, -20)
    assert cleaned.dobon and cleaned.tenpai_payment == 3_000
    # No uma at all: an empty field.
    response = staff.post(url, rules_post({**options, "uma": None}))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert RIICHI.clean_options(tournament.ruleset_options).uma is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"uma": "15 5 -5"}, "Give four whole numbers"),
        ({"uma": [5, 15, -5, -15]}, "The uma is four whole numbers by place"),
        ({"tenpai_payment": 1_000}, "is not a multiple of 600"),
        ({"return_points": 20_000}, ""),
    ],
)
def test_bad_riichi_settings_are_named_and_nothing_is_saved(
    staff, riichi_table, change, message
):
    tournament = riichi_table.round.tournament
    url = reverse("staff:tournament-rules", args=[tournament.slug])
    response = staff.post(url, rules_post({**RIICHI.default_options(), **change}))
    assert response.status_code == 400
    assert message in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.ruleset_options == {}


def test_riichi_settings_are_frozen_once_a_hand_is_stored(
    staff, organiser, riichi_table
):
    tournament = riichi_table.round.tournament
    hands.record_hand(
        table_id=riichi_table.pk, result={"kind": "abortive_draw"}, actor=organiser
    )
    url = reverse("staff:tournament-rules", args=[tournament.slug])
    assert "can no longer change" in staff.get(url).content.decode()
    options = {**RIICHI.default_options(), "count": "short"}
    assert staff.post(url, rules_post(options)).status_code == 400
    tournament.refresh_from_db()
    assert tournament.ruleset_options == {}
