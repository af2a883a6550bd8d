"""Typed actions: pydantic models with a `type` tag, parsed from JSON with readable errors."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from tradingfloor.core import plain
from tradingfloor.core.errors import IllegalAction


class Action(BaseModel):
    """Base of every game's actions: immutable, hashable, refusing unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        """`model_dump(mode="json")`: the model's own serializer, with the same defaults."""
        # Called straight, without `model_dump`'s frame of fourteen keywords, at a third of its
        # cost: a match record turns every move into JSON.
        dumped: dict[str, Any] = self.__pydantic_serializer__.to_python(self, mode="json")
        return dumped


class ActionCodec:
    """Turns JSON objects into a game's typed actions, or an IllegalAction saying what is wrong."""

    def __init__(self, union: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)
        self._schema: dict[str, Any] | None = None

    def parse(self, obj: Any) -> Any:
        if isinstance(obj, Action):
            return obj
        if not isinstance(obj, dict):
            raise IllegalAction(self.not_an_object(), action=obj)
        try:
            return self.adapter.validate_python(obj)
        except ValidationError as err:
            raise IllegalAction(plain.explain(err, self._cached()), action=obj) from None

    def schema(self) -> dict[str, Any]:
        """The JSON schema of the actions (a copy: the caller may change it)."""
        return copy.deepcopy(self._cached())

    def _cached(self) -> dict[str, Any]:
        if self._schema is None:
            self._schema = self.adapter.json_schema()
        return self._schema

    def not_an_object(self) -> str:
        """What to send instead of something that is not a JSON object."""
        schema = self._cached()
        tags = [
            tag
            for member in schema.get("oneOf") or schema.get("anyOf") or [schema]
            if (tag := _tag(schema, member)) is not None
        ]
        if not tags:
            return "A move must be a JSON object"
        names = ", ".join(tags)
        example = f'{{"type": "{tags[0]}"}}'
        return f"A move must be a JSON object naming its type ({names}), e.g. {example}"


def _tag(root: dict[str, Any], member: dict[str, Any]) -> str | None:
    """The `type` a member of the action union is sent with."""
    ref = member.get("$ref", "")
    model = root.get("$defs", {}).get(ref.rsplit("/", 1)[-1], member) if ref else member
    tag = (model.get("properties") or {}).get("type", {})
    found = tag.get("const", tag.get("default"))
    return found if isinstance(found, str) else None
