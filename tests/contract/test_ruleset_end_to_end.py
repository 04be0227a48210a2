"""One contract test, over every registered rule set and the toy (issue 28,
item 4): an event under the rule set, a seated table, its example hand
entered on the tablet and through the API, a hand corrected, the table
closed, the statistics page and API, the standings
page and API, the workbook and its EMA sheet, in English and in French:
no raw code of the rule set's words, its French labels on the French pages,
the hand value in its column.

The toy (``tests.contract.toy_ruleset``) is a module, one registry line and
its French catalogue, exactly docs/architecture.md's "How to add a rule set".
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, get_ruleset, list_rulesets
from scoring.engine.types import FieldKind, ResultForm
from tests.contract.toy_ruleset import TOY
from tests.factories import player_ids, seated_table
from tournaments.models import Hand, Tournament
from tournaments.services import exports, setup
from tournaments.services import hands as hand_services

pytestmark = pytest.mark.django_db

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
LANGUAGES = ("en", "fr")


class VisibleText(HTMLParser):
    """A page's text as a person reads it: no tags, attributes or scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._hidden += tag in ("script", "style", "template")

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("script", "style", "template")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def own_codes(ruleset: AnyRuleSet) -> set[str]:
    """The rule set's snake_case codes that have words (never shown raw)."""
    words = ruleset.words
    keys = [*words.results, *words.options, *words.presets, *words.errors]
    return {key.split(".")[-1] for key in keys if SNAKE.fullmatch(key.split(".")[-1])}


def api_input(example: dict[str, Any], form: ResultForm, players: list[int]):
    """The example (seats 0..3, per-player lists) as the API takes it:
    players by id, per-player inputs keyed by player id."""
    data: dict[str, Any] = {"kind": example["kind"]}
    for spec in form.fields_for(example["kind"]):
        if spec.name not in example:
            continue
        value = example[spec.name]
        if spec.kind is FieldKind.SEAT:
            value = players[value]
        elif spec.kind is FieldKind.SEATS:
            value = [players[seat] for seat in value]
        elif spec.kind in (FieldKind.PER_SEAT, FieldKind.HANDS):
            value = {
                str(players[seat]): item
                for seat, item in enumerate(value)
                if item is not None
            }
        data[spec.name] = value
    return data


def form_input(example: dict[str, Any], form: ResultForm, players: list[int]):
    """The example as the tablet's form posts it."""
    data: dict[str, Any] = {"kind": example["kind"], "idempotency_key": "contract"}
    for name, value in api_input(example, form, players).items():
        spec = next((s for s in form.fields if s.name == name), None)
        if spec is None:
            continue
        if spec.kind is FieldKind.PER_SEAT:
            for index, player in enumerate(players):
                data[f"{name}_{index}"] = value.get(str(player), "")
        elif spec.kind is FieldKind.HANDS:
            data[name] = json.dumps(value)
        elif spec.kind is FieldKind.BOOLEAN:
            if value:
                data[name] = "on"
        else:
            data[name] = value
    return data


def assert_reads_in_words(html: str, ruleset: AnyRuleSet, language: str, where: str):
    text = visible_text(html)
    raw = sorted(code for code in own_codes(ruleset) if re.search(rf"\b{code}\b", text))
    assert raw == [], f"{where} ({language}) shows raw codes"


@pytest.fixture
def event(ruleset_code, organiser) -> Tournament:
    tournament = setup.create_tournament(
        name=f"Contract {ruleset_code}",
        actor=organiser,
        ruleset=ruleset_code,
        rounds_count=1,
    )
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    return tournament


def test_a_rule_set_end_to_end(ruleset_code, event, organiser, client, api):
    ruleset = get_ruleset(ruleset_code)
    options = ruleset.clean_options(event.ruleset_options)
    example = ruleset.example_result(options)
    assert example is not None, "the rule set gives no example_result"
    form = ruleset.result_form(options)
    assert form is not None, "the rule set has no result_form"
    table = seated_table(event)
    players = player_ids(table)
    client.force_login(organiser)

    # The tablet asks for the rule set's own inputs, and no other's.
    sheet = reverse("referee:table", kwargs={"token": table.token})
    tablet = hand_forms(client.get(sheet).content.decode())
    names = {spec.name for spec in form.fields}
    assert [n for n in sorted(names) if f'name="{n}' not in tablet] == []
    others = sorted(other_inputs() - names)
    assert [n for n in others if re.search(rf'name="{n}(_\d)?"', tablet)] == []

    # A hand on the tablet, then the same through the API.
    created = client.post(
        reverse("referee:hand-create", kwargs={"token": table.token}),
        form_input(dict(example), form, players),
    )
    assert created.status_code == 302, visible_text(created.content.decode())[:2000]
    posted = api.post(
        f"/api/tables/{table.pk}/hands/",
        api_input(dict(example), form, players),
        format="json",
    )
    assert posted.status_code == 201, posted.content
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert len(hands) == 2
    assert hands[0].result == hands[1].result

    # The API's hand value is the rule set's.
    value = ruleset.hand_value(hands[0].result, (hands[0].fans or {}).get("scores"))
    assert value is not None
    assert (posted.json()["value"], posted.json()["unit"]) == (value.value, value.unit)

    # A correction: the second hand again, as a new version.
    corrected = api.patch(
        f"/api/hands/{hands[1].pk}/",
        {
            "version": hands[1].version,
            "result": api_input(dict(example), form, players),
        },
        format="json",
    )
    assert corrected.status_code == 200, corrected.content
    assert Hand.objects.get(pk=hands[1].pk).version == hands[1].version + 1

    standings = reverse("public:standings", kwargs={"slug": event.slug})
    api_rows = api.get(f"/api/tournaments/{event.slug}/standings/")
    assert api_rows.status_code == 200, api_rows.content
    assert len(api_rows.json()) == 4

    words_of: dict[str, tuple[str, list[str]]] = {}
    for language in LANGUAGES:
        with translation.override(language):
            words = ruleset.words
            kinds = [translation.gettext(words.results[kind]) for kind in form.kinds]
            name = translation.gettext(words.name)
            hand_value = translation.gettext(words.hand_value)
        client.cookies["django_language"] = language
        headers = {"HTTP_ACCEPT_LANGUAGE": language}
        tablet = client.get(sheet, **headers).content.decode()
        assert_reads_in_words(tablet, ruleset, language, "the tablet")
        assert all(kind in visible_text(tablet) for kind in kinds), language
        page = client.get(standings, **headers)
        assert page.status_code == 200
        assert_reads_in_words(page.content.decode(), ruleset, language, "standings")

        # The workbook: the hand value column holds the rule set's value.
        _name, content = exports.build_export(
            tournament=event, kind="xlsx", language=language
        )
        book = load_workbook(io.BytesIO(content))
        hands_sheet = next(
            ws
            for ws in book.worksheets
            if hand_value in next(ws.iter_rows(values_only=True), ())
        )
        rows = [list(row) for row in hands_sheet.iter_rows(values_only=True)]
        column = rows[0].index(hand_value)
        assert [row[column] for row in rows[1:3]] == [value.value, value.value]
        cells = " ".join(str(c) for row in rows for c in row if c is not None)
        assert not own_codes(ruleset) & set(SNAKE.findall(cells)), language
        ema = [list(row) for row in book["EMA"].iter_rows(values_only=True)]
        ema_rules = ruleset.ema_name or ruleset.code
        assert ema_rules in ema[2], language
        words_of[language] = (name, kinds)
    # The French pages held the French of the rule set's own labels.
    assert words_of["fr"][0] != words_of["en"][0]
    assert words_of["fr"][1] != words_of["en"][1]

    # Closed, the table counts in the statistics (issue 29): every figure
    # labelled in words, the rule set's own among them, on the page, in
    # the API and in the workbook's sheet.
    hand_services.close_table(table_id=table.pk, actor=organiser, time_called=True)
    for language in LANGUAGES:
        headers = {"HTTP_ACCEPT_LANGUAGE": language}
        client.cookies["django_language"] = language
        stats = client.get(reverse("public:stats", args=[event.slug]), **headers)
        assert stats.status_code == 200
        assert_reads_in_words(stats.content.decode(), ruleset, language, "statistics")
        body = api.get(f"/api/tournaments/{event.slug}/stats/", **headers).json()
        labels = {f["key"]: f["label"] for p in body["players"] for f in p["figures"]}
        assert set(ruleset.stats_figures) <= set(labels), language
        assert [key for key, label in labels.items() if label == key] == []
        _name, content = exports.build_export(
            tournament=event, kind="xlsx", language=language
        )
        book = load_workbook(io.BytesIO(content))
        headings = next(book.worksheets[-2].iter_rows(values_only=True))
        assert {labels[key] for key in ruleset.stats_figures} <= set(headings)


def hand_forms(html: str) -> str:
    """The tablet's hand forms (not its penalty or closing forms)."""
    forms = re.findall(r"<form[^>]*\bhand-form\b.*?</form>", html, re.DOTALL)
    assert forms, "the tablet has no hand form"
    return "".join(forms)


def other_inputs() -> set[str]:
    """The input names of every rule set a contract test runs over."""
    names: set[str] = set()
    for ruleset in [*map(get_ruleset, list_rulesets()), TOY]:
        form = ruleset.result_form(ruleset.clean_options({}))
        names |= {spec.name for spec in form.fields} if form else set()
    return names


def test_a_missing_input_is_refused_by_the_api_naming_it(ruleset_code, event, api):
    """Each input of the example the rule set cannot do without (its own
    parser says so): the API refuses the hand without it, naming the same
    input, and stores nothing."""
    ruleset = get_ruleset(ruleset_code)
    options = ruleset.clean_options(event.ruleset_options)
    example = dict(ruleset.example_result(options) or {})
    form = ruleset.result_form(options)
    assert form is not None
    table = seated_table(event)
    players = player_ids(table)
    required = []
    for spec in form.fields_for(example["kind"]):
        if spec.name not in example:
            continue
        without = {k: v for k, v in example.items() if k != spec.name}
        try:
            ruleset.parse_result(without, options)
        except EngineError as error:
            required.append((spec.name, error.field))
            data = api_input(without, form, players)
            answer = api.post(f"/api/tables/{table.pk}/hands/", data, format="json")
            assert answer.status_code in (400, 422), (spec.name, answer.content)
            assert answer.json()["field"] == error.field, spec.name
    assert required, "no input of the example is required"
    assert not Hand.objects.filter(table=table).exists()
