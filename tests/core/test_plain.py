"""Validation errors in plain words: each kind of problem a person can cause, as a sentence."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from tradingfloor.core.actions import Action, ActionCodec
from tradingfloor.core.errors import BadOptions, IllegalAction
from tradingfloor.core.plain import explain, options_error, options_refusal

JARGON = re.compile(r"Input should|type=|Field required|Extra inputs|\w+\.\w+:|\bdict\b|\bint\b")

Digit = Annotated[StrictInt, Field(ge=0, le=9)]


class Buy(Action):
    type: Literal["buy"] = "buy"
    tins: StrictInt = Field(ge=0, title="Tins wanted")
    price: StrictInt = Field(ge=0, title="Price per tin")


class Vote(Action):
    type: Literal["tax_vote"] = "tax_vote"
    choice: Literal["up", "down", "keep"] = Field(title="Vote")


class Rows(Action):
    type: Literal["rows"] = "rows"
    a: tuple[Digit, ...] = Field(title="Row A")


CODEC = ActionCodec(Annotated[Buy | Vote | Rows, Field(discriminator="type")])


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: StrictInt = Field(3, ge=2, le=8, title="Players")
    max_rounds: StrictInt = Field(100, ge=1)
    guarded: StrictBool = Field(False, title="Careful mode")
    name: str | None = Field(None, max_length=5, title="Table name")


def refusal(obj: Any) -> str:
    with pytest.raises(IllegalAction) as caught:
        CODEC.parse(obj)
    return caught.value.why


def options(given: dict[str, Any]) -> str:
    try:
        Options.model_validate(given)
    except ValidationError as err:
        return str(options_error("Tiny game", err, Options))
    raise AssertionError("the options were accepted")


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ({"type": "buy", "tins": -2, "price": 1}, "Tins wanted must be a whole number, 0 or more"),
        ({"type": "buy", "tins": 2.5, "price": 1}, "Tins wanted must be a whole number, 0 or more"),
        ({"type": "buy", "tins": "", "price": 1}, "Tins wanted must be a whole number, 0 or more"),
        ({"type": "buy", "tins": 1}, "Price per tin is missing: give a whole number, 0 or more"),
        ({"type": "tax_vote", "choice": "sideways"}, "Vote must be one of: up, down, keep"),
        ({"type": "fly"}, "There is no move called 'fly'; the moves are: buy, tax vote, rows"),
        ({}, "Say which move this is with its type, one of: buy, tax vote, rows"),
        (
            {"type": "buy", "tins": 1, "price": 1, "colour": "red"},
            "A move 'buy' has no field called 'colour'; it takes: Tins wanted, Price per tin",
        ),
        ({"type": "rows", "a": [1, 12]}, "Every entry of Row A must be at most 9"),
        (
            {"type": "rows", "a": [1, "x"]},
            "Every entry of Row A must be a whole number from 0 to 9",
        ),
        ({"type": "rows", "a": 5}, "Row A must be a list of whole numbers from 0 to 9"),
    ],
)
def test_a_malformed_move_is_said_in_words(action: dict[str, Any], said: str) -> None:
    words = refusal(action)
    assert words == said
    assert not JARGON.search(words)


def test_something_that_is_no_object_names_the_moves() -> None:
    words = refusal([1, 2])
    assert words.startswith("A move must be a JSON object naming its type (buy, tax_vote, rows)")


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"players": 9}, "Players must be at most 8"),
        ({"players": 1}, "Players must be a whole number, 2 or more"),
        ({"players": "three"}, "Players must be a whole number from 2 to 8"),
        ({"max_rounds": 0}, "Max rounds must be a whole number, 1 or more"),
        ({"guarded": "maybe"}, "Careful mode must be yes or no (true or false)"),
        ({"name": "a long name"}, "Table name must be at most 5 characters long"),
        (
            {"colour": "red"},
            "Tiny game has no option called 'colour'; the options are: Players, Max rounds, "
            "Careful mode, Table name",
        ),
    ],
)
def test_bad_options_are_said_with_their_titles(given: dict[str, Any], said: str) -> None:
    words = options(given)
    assert words == said
    assert not JARGON.search(words)


def test_several_problems_are_each_said_once() -> None:
    words = options({"players": 0, "guarded": 3})
    assert words == (
        "Players must be a whole number, 2 or more; Careful mode must be yes or no (true or false)"
    )


def test_a_union_field_says_what_it_takes() -> None:
    class Upload(BaseModel):
        model_config = ConfigDict(extra="forbid")
        files: dict[str, str] = Field(title="Uploaded files")

    class Data(BaseModel):
        content: str | Upload | None = Field(None, title="Game data", examples=["quick"])
        figures: dict[str, StrictBool | StrictInt | str] = Field(default_factory=dict)

    def said(given: dict[str, Any]) -> str:
        with pytest.raises(ValidationError) as caught:
            Data.model_validate(given)
        return explain(caught.value, Data.model_json_schema())

    assert said({"content": 5}) == "Game data must be text or a JSON object, e.g. quick"
    assert said({"content": {"files": {"a.toml": 3}}}) == (
        "Every entry of Uploaded files must be text"
    )
    assert said({"figures": {"x": [1]}}) == (
        "Every entry of Figures must be yes or no (true or false) or a whole number or text"
    )


def test_a_validators_own_words_are_kept() -> None:
    from pydantic import field_validator

    class Keep(BaseModel):
        keep: tuple[str, ...] = Field(title="Goods kept")

        @field_validator("keep")
        @classmethod
        def _once(cls, keep: tuple[str, ...]) -> tuple[str, ...]:
            if len(set(keep)) != len(keep):
                raise ValueError("name each good at most once")
            return keep

    with pytest.raises(ValidationError) as caught:
        Keep.model_validate({"keep": ["oil", "oil"]})
    assert explain(caught.value, Keep.model_json_schema()) == (
        "Goods kept: name each good at most once"
    )


def test_without_a_schema_the_names_and_the_errors_still_read_as_words() -> None:
    with pytest.raises(ValidationError) as caught:
        Options.model_validate({"max_rounds": "x", "players": 99})
    words = explain(caught.value)
    assert words == "Players must be at most 8; Max rounds must be a whole number"


def test_a_games_old_message_is_said_again_from_the_error_behind_it() -> None:
    class Game:
        title = "Tiny game"

        def schemas(self) -> dict[str, Any]:
            return {"options": Options.model_json_schema()}

    try:
        try:
            Options.model_validate({"players": 9})
        except ValidationError as err:
            raise BadOptions(f"bad tiny options: {err.errors()[0]['msg']}") from None
    except BadOptions as old:
        assert options_refusal(Game(), old) == "Players must be at most 8"
    plain = BadOptions("Tiny game is played by 2 to 8 players")
    assert options_refusal(Game(), plain) == "Tiny game is played by 2 to 8 players"
