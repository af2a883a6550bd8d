"""Every figure a client can set is bounded: the `data` option and uploaded files, in words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tradingfloor.core.errors import BadOptions
from tradingfloor.games.merlin import bounds
from tradingfloor.games.merlin import content as content_files
from tradingfloor.games.merlin.options import DATA_LIMIT, UPLOAD_LIMIT

from .helpers import GAME

FIGURES = content_files.figures()
WHOLE = [(path, value, spec) for path, value, spec in FIGURES if isinstance(spec, bounds.Whole)]
SETUP = (content_files.DATA / "setup.toml").read_text()


def refusal(options: dict[str, Any]) -> str:
    """The sentence that refuses `options`, at creation and when the options alone are checked."""
    with pytest.raises(BadOptions) as by_options:
        GAME.options(options)
    with pytest.raises(BadOptions) as by_new:
        GAME.new(options, 1)
    assert str(by_options.value) == str(by_new.value)
    said = str(by_new.value)
    said.encode("utf-8")  # a refusal can always be sent
    return said


@pytest.mark.parametrize("absurd", [1e18, 10**18, 10**400, -1, 2.5, 10.0, True, "10", None])
def test_the_absurd_starting_gold_is_refused_in_a_sentence(absurd: Any) -> None:
    if absurd is None:
        absurd = float("inf")
    said = refusal({"data": {"setup.starting_gold": absurd}})
    assert said.startswith("setup.starting_gold must be a whole number from 0 to 1,000")
    assert refusal({"data.setup.starting_gold": absurd}) == said  # the lab's flat form


def test_nan_and_infinity_are_refused() -> None:
    for value in (float("nan"), float("inf"), float("-inf")):
        said = refusal({"data": {"market.holding_fee": value}})
        assert said.startswith("market.holding_fee must be a whole number from 0 to 20, not")


@pytest.mark.parametrize(("path", "value", "spec"), WHOLE, ids=[p for p, _, _ in WHOLE])
def test_every_whole_figure_has_bounds_said_in_its_refusal(
    path: str, value: int, spec: bounds.Whole
) -> None:
    assert spec.least <= value <= spec.most  # the default lies within its own bounds
    words = f"{path} must be a whole number from {spec.least:,} to {spec.most:,}"
    for wrong in (spec.most + 1, spec.least - 1, float(value), str(value), value == 0):
        assert refusal({"data": {path: wrong}}).startswith(words)
    if not path.startswith("deck."):  # a rank may not appear twice in a module
        for edge in (spec.least, spec.most):
            GAME.new({"data": {path: edge}}, 1)


def test_switches_readings_and_names_are_checked_by_kind() -> None:
    assert refusal({"data.bank.limited": 1}).startswith("bank.limited must be true or false")
    said = refusal({"data.market.holding_fee_per": "seat"})
    assert said == "market.holding_fee_per must be one of unit, holder, not 'seat'"
    said = refusal({"data.seasons.commodities.0": "Gold Dust"})
    assert said.startswith("seasons.commodities.0 must be a name")
    said = refusal({"data.seasons.climate_commodity": "gold"})
    assert "must be one of the commodities (souls, elixir_oil, essence_grain)" in said
    said = refusal({"data.seasons.wheels.0.portions.3": "monsoon"})
    assert said.startswith("seasons.wheels.0.portions.3 must be a season of the multipliers")
    said = refusal({"data.seasons.wheels.0.name": "x" * 31})
    assert said.startswith("seasons.wheels.0.name must be a text of 1 to 30 printable characters")


def test_the_data_option_itself_is_bounded() -> None:
    many = {f"market.x{i}": 1 for i in range(DATA_LIMIT + 1)}
    assert "at most 200 entries" in refusal({"data": many})
    assert "at most 100 characters" in refusal({"data": {"x" * 101: 1}})
    assert "no number at data path" in refusal({"data": {"setup.counters.²": 1}})
    said = refusal({"modules": ["economy", "\ud800"]})
    assert "not valid text" in said


def test_uploaded_files_are_checked_with_the_file_and_the_place() -> None:
    def upload(name: str, text: str) -> str:
        return refusal({"content": {"files": {name: text}}})

    big = SETUP.replace("starting_gold = 10", "starting_gold = 1000000000000000000")
    assert upload("setup.toml", big) == (
        "setup.toml of the uploaded files: starting_gold must be a whole number from 0 to 1,000, "
        "not a number that large"
    )
    fraction = SETUP.replace("tax_rate = 2 ", "tax_rate = 1.5 ")
    assert upload("setup.toml", fraction).startswith(
        "setup.toml of the uploaded files: counters.tax_rate must be a whole number from 0 to 100"
    )
    typo = SETUP.replace("starting_gold = 10", "startng_gold = 10")
    assert upload("setup.toml", typo) == (
        "setup.toml of the uploaded files: starting_gold is missing: give a whole number from 0 "
        "to 1,000"
    )
    said = upload("setup.toml", "surprise = 3\n" + SETUP)
    assert said == (
        "setup.toml of the uploaded files: the file has nothing called 'surprise'; it has: "
        "starting_gold, counters, floors, buyback"
    )
    said = upload("setup.toml", SETUP + "\nsurprise = 3\n")  # under the last table, [buyback]
    assert "buyback has nothing called 'surprise'; it has: land, commodity" in said
    cards = (content_files.DATA / "cards.toml").read_text().replace("2 = 5", "22 = 5", 1)
    assert "property_value has an entry '22'" in upload("cards.toml", cards)
    assert "nests its lists too deeply" in upload("seasons.toml", "a = " + "[" * 5000)
    assert "cannot be read" in upload("setup.toml", "starting_gold = " + "9" * 5000)
    assert "at most 20000 characters" in upload("setup.toml", "#" * (UPLOAD_LIMIT + 1))
    assert "no data file called notes.toml" in upload("notes.toml", "a = 1")
    too_many = {f"f{i}.toml": "" for i in range(14)}  # 7 economy files, 5 of magic, 1 of finance
    assert "at most 13 entries" in refusal({"content": {"files": too_many}})


def test_a_content_folder_is_checked_like_an_upload(tmp_path: Any) -> None:
    (tmp_path / "market.toml").write_text(
        (content_files.DATA / "market.toml")
        .read_text()
        .replace("chauffeur_step = 5", "chauffeur_step = 0")
    )
    said = refusal({"content": str(tmp_path)})
    assert said.startswith(f"market.toml of content {str(tmp_path)!r}: chauffeur_step must be")


def test_the_rules_notes_list_every_bound() -> None:
    notes = (content_files.DATA.parents[4] / "docs" / "rules" / "merlin.md").read_text()
    for path, words in bounds.bounds_table():
        assert f"| `{path}` | {words} |" in notes, path


def test_within_the_bounds_the_largest_start_is_small_to_show() -> None:
    state = GAME.new({"players": 6, "data.setup.starting_gold": 1000}, 1)
    for seat in (None, 0):
        assert len(json.dumps(GAME.view(state, seat))) < 20_000
    described = GAME.legal(state, 0).describe()
    assert described["actions"][0]["fields"]["amount"] == {"label": "gold", "min": 0, "max": 1000}
    assert len(json.dumps(described)) < 2_000


def test_a_card_the_data_gives_no_role_is_kept_not_placed() -> None:
    # Within the bounds, the 7s may lose their role (inflation on 2s): a 7 of diamonds is then
    # neither a property nor a land, and is never offered for placing.
    from tradingfloor.core.errors import IllegalAction

    from .helpers import after_auction, arrange

    state = after_auction(**{"data.cards.roles.inflation_rank": 2})
    state = arrange(state, hands=[["7D", "2C"], [], [], []], tableaux=[["3C"], [], [], []])
    legal = GAME.legal(state, 0)
    placed = [a for a in legal.enumerate() or () if a.type == "place"]  # type: ignore[attr-defined]
    assert {a.card for a in placed} == {"2C"}  # type: ignore[attr-defined]
    assert "7D" not in json.dumps(legal.describe())
    with pytest.raises(IllegalAction, match="7D is not a permit"):
        GAME.apply(state, 0, GAME.parse_action({"type": "place", "card": "7D", "on": "3C"}))
