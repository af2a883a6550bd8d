"""Typed actions: pydantic models with a `type` tag, parsed from JSON with readable errors."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from tradingfloor.core.errors import IllegalAction


class Action(BaseModel):
    """Base of every game's actions: immutable, hashable, refusing unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class ActionCodec:
    """Turns JSON objects into a game's typed actions, or an IllegalAction saying what is wrong."""

    def __init__(self, union: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(union)

    def parse(self, obj: Any) -> Any:
        if isinstance(obj, Action):
            return obj
        if not isinstance(obj, dict):
            raise IllegalAction(f"an action must be a JSON object, not {type(obj).__name__}")
        try:
            return self.adapter.validate_python(obj)
        except ValidationError as err:
            raise IllegalAction(_readable(err), action=obj) from None

    def schema(self) -> dict[str, Any]:
        return self.adapter.json_schema()


def _readable(err: ValidationError) -> str:
    parts = []
    for problem in err.errors()[:3]:
        where = ".".join(str(p) for p in problem["loc"])
        parts.append(f"{where}: {problem['msg']}" if where else problem["msg"])
    return "malformed action: " + "; ".join(parts)
