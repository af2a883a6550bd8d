"""An action made by `drawn` is the validated action, in every way a caller can tell: equality,
hash, repr, fields set, the exact type of every value, JSON, pickle and frozenness; and `drawn`
refuses a field the model lacks or a required field left out."""

from __future__ import annotations

import pickle
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import pytest
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.actions import ACTION_TYPES, Place
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

MODELS: tuple[type[Action], ...] = (*ACTION_TYPES, Rows, Buy, Sell)


def shape(value: Any) -> Any:
    """The exact type of a value, and of each item of a tuple (`==` takes 1 for True)."""
    if isinstance(value, tuple):
        return tuple, tuple(shape(item) for item in value)
    return type(value)


def assert_same(made: Action, validated: Action) -> None:
    """`made` is `validated` in every way a caller can tell."""
    assert type(made) is type(validated)
    assert made == validated and validated == made
    assert hash(made) == hash(validated)
    assert repr(made) == repr(validated)
    assert made.model_fields_set == validated.model_fields_set
    assert [(k, shape(v)) for k, v in made] == [(k, shape(v)) for k, v in validated]
    assert made.to_json() == validated.to_json()
    assert made.model_dump_json() == validated.model_dump_json()
    again = pickle.loads(pickle.dumps(made))
    assert again == validated and repr(again) == repr(validated)
    assert again.model_fields_set == validated.model_fields_set
    with pytest.raises(ValidationError):
        made.type = "other"  # type: ignore[misc]


def _bounds(metadata: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in metadata:
        for name in ("ge", "le", "min_length", "max_length"):
            if getattr(item, name, None) is not None:
                found[name] = getattr(item, name)
    return found


def example(annotation: Any, metadata: list[Any]) -> Any:
    """A valid value of a field's type within its bounds (never None where another is allowed)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *more = get_args(annotation)
        extra = [
            m for item in more for m in (item.metadata if isinstance(item, FieldInfo) else [item])
        ]
        return example(base, [*metadata, *extra])
    if origin in (Union, types.UnionType):
        return example(next(a for a in get_args(annotation) if a is not type(None)), metadata)
    if origin is Literal:
        return get_args(annotation)[-1]
    if origin is tuple:
        return (example(get_args(annotation)[0], []),) * 2
    bounds = _bounds(metadata)
    if annotation is bool:
        return True
    if annotation is int:
        return min(max(bounds.get("ge", 2), 2), bounds.get("le", 2))
    if annotation is str:
        return "k" * min(max(bounds.get("min_length", 2), 2), bounds.get("max_length", 40))
    raise AssertionError(f"no example for {annotation}")


def _given(model: type[Action], every: bool, none: bool = False) -> dict[str, Any]:
    """Values for the required fields, and for every field where `every` (None where a field
    takes it and `none`)."""
    values: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        if name == "type" or not (every or field.is_required()):
            continue
        takes_none = type(None) in get_args(field.annotation)
        values[name] = None if none and takes_none else example(field.annotation, field.metadata)
    return values


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
@pytest.mark.parametrize("given", ["required", "every", "every with None"])
def test_drawn_is_the_validated_action(model: type[Action], given: str) -> None:
    values = _given(model, given != "required", given == "every with None")
    assert_same(drawn(model, **values), model(**values))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_drawn_with_its_type_tag_is_the_validated_action(model: type[Action]) -> None:
    values = {"type": model.model_fields["type"].default, **_given(model, False)}
    assert_same(drawn(model, **values), model(**values))


def test_drawn_refuses_a_field_the_model_lacks() -> None:
    with pytest.raises(TypeError, match="fields"):
        drawn(Place, card="5S", under="6H")
    with pytest.raises(TypeError, match="fields"):
        drawn(Buy, tins=1, price=2, card="5S")


def test_drawn_refuses_a_required_field_left_out() -> None:
    with pytest.raises(TypeError, match="fields"):
        drawn(Place, on="6H")
    with pytest.raises(TypeError, match="fields"):
        drawn(Rows, a=tuple(range(10)))
