"""Validation errors in plain words: pydantic's errors as sentences that say what to give instead.

A person never reads "buy.tins: Input should be a valid integer". Each error is said with the
field's `title` (its name with spaces where it has none) and what the JSON schema allows there:
"Tins wanted must be a whole number, 0 or more", "Players must be at most 8", "Price per tin is
missing: give a whole number, 0 or more", "There is no move called 'fly'; the moves are: rows, buy,
sell". Games call `options_error` for their options; `ActionCodec` uses `explain` for moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from tradingfloor.core.errors import BadOptions

Schema = Mapping[str, Any]
MOST = 3  # sentences in one message: the first few problems are enough to act on

# pydantic names a union member it tried after its type; these are the JSON types they stand for.
MEMBER_TYPES = {
    "str": "string",
    "int": "integer",
    "float": "number",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "dict": "object",
    "none": "null",
}
WRONG_TYPE = {
    "int_type",
    "int_parsing",
    "int_from_float",
    "float_type",
    "float_parsing",
    "finite_number",
    "bool_type",
    "bool_parsing",
    "string_type",
    "string_sub_type",
    "bytes_type",
    "list_type",
    "tuple_type",
    "set_type",
    "frozen_set_type",
    "dict_type",
    "model_type",
    "model_attributes_type",
    "dataclass_type",
    "is_instance_of",
    "none_required",
    "iterable_type",
    "decimal_type",
    "decimal_parsing",
}

# What a value of the wrong type should have been, where no schema says more.
GUESSES = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "yes or no (true or false)",
    "bool_parsing": "yes or no (true or false)",
    "string_type": "text",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a JSON object",
    "model_type": "a JSON object",
    "model_attributes_type": "a JSON object",
}


@dataclass
class Spot:
    """Where in a schema one error points: the field's name for people and what it allows."""

    title: str | None = None
    schema: Schema = field(default_factory=dict)
    parent: Schema | None = None  # the object holding the field (for unknown fields)
    entry: bool = False  # the error is in one entry of the field's list or map
    move: str | None = None  # the tag of the discriminated union member (a move's type)
    field_key: str | None = None  # the first field on the way (problems are grouped by it)
    through_union: bool = False  # pydantic tried several members of a union on the way
    union: tuple[Schema, bool] | None = None  # the first union passed, and whether in an entry


def explain(
    err: ValidationError,
    schema: Schema | None = None,
    *,
    owner: str | None = None,
    noun: str = "field",
) -> str:
    """`err` as plain sentences (joined with "; "), from `schema` (the JSON schema validated
    against); `owner` and `noun` name the whole for unknown fields ("Middleman", "option")."""
    return "; ".join(sentences(err.errors(include_url=False), schema, owner=owner, noun=noun))


def sentences(
    errors: Sequence[Mapping[str, Any]],
    schema: Schema | None = None,
    *,
    owner: str | None = None,
    noun: str = "field",
) -> list[str]:
    """One sentence per field in error (the first few), in the order pydantic found them."""
    root = dict(schema or {})
    spotted = [(error, locate(root, tuple(error.get("loc", ())))) for error in errors]
    groups: dict[Any, list[tuple[Mapping[str, Any], Spot]]] = {}
    for error, spot in spotted:
        groups.setdefault((spot.move, spot.field_key), []).append((error, spot))
    out: list[str] = []
    for group in groups.values():
        for error, spot in _deepest(group):
            words = _capital(phrase(error, spot, root, owner=owner, noun=noun))
            if words not in out:
                out.append(words)
    return out[:MOST] or ["Something in this is not valid"]


def options_error(
    game_title: str, err: ValidationError, model: type[BaseModel] | None = None
) -> BadOptions:
    """A game's options refused by pydantic, as a BadOptions a person can act on.

    Pass the options' model to have its titles and limits named:
    `raise options_error("Middleman", err, MiddlemanOptions) from None`."""
    schema = model.model_json_schema() if model is not None else None
    refusal = BadOptions(explain(err, schema, owner=game_title, noun="option"))
    refusal.plain = True
    return refusal


def words_of(name: str) -> str:
    """An identifier as words: "max_rounds" -> "max rounds"."""
    return name.replace("_", " ").replace("-", " ").strip()


# -- where an error points ------------------------------------------------------------------------
def locate(root: Schema, loc: tuple[Any, ...]) -> Spot:
    """Follow `loc` through `root`: properties, list items, map values, unions and their tags."""
    spot = Spot(schema=_deref(root, root))
    for part in loc:
        node = _deref(spot.schema, root)
        tagged = _tagged_member(node, part, root)
        if tagged is not None:
            spot.schema, spot.move = tagged, str(part)
            continue
        if _step(spot, node, part, root):
            continue
        member = _member(node, part, root)
        if member is not None and _step(spot, member, part, root):
            continue  # into an optional list or object
        if member is not None:
            spot.union = spot.union or (node, spot.entry)
            spot.schema, spot.through_union = member, True
            continue
        if isinstance(part, str) and node.get("type") == "object":
            spot.parent = node  # an unknown field: named by the object it is not part of
            spot.field_key = spot.field_key or part
        elif isinstance(part, str) and not node:
            spot.title = _capital(words_of(part))  # no schema to read: the field's own name
            spot.field_key = spot.field_key or part
            spot.entry = False
        elif isinstance(part, int) and not node:
            spot.entry = True
        spot.through_union = spot.through_union or _is_union(node)
    return spot


def _step(spot: Spot, node: Schema, part: Any, root: Schema) -> bool:
    """Move `spot` from `node` into its field, list entry or map value `part`, if it has one."""
    props = node.get("properties") or {}
    if isinstance(part, str) and part in props:
        spot.parent, spot.schema, spot.entry = node, _deref(props[part], root), False
        spot.title = _title(part, props[part], root)
        spot.field_key = spot.field_key or part
        return True
    if isinstance(part, int) and node.get("type") == "array":
        items = node.get("prefixItems") or []
        item = items[part] if part < len(items) else node.get("items") or {}
        spot.schema, spot.entry = _deref(item, root), True
        return True
    if isinstance(part, str) and isinstance(node.get("additionalProperties"), Mapping):
        spot.schema, spot.entry = _deref(node["additionalProperties"], root), True
        spot.field_key = spot.field_key or part
        return True
    return False


def _deref(schema: Any, root: Schema) -> Schema:
    node: Schema = schema if isinstance(schema, Mapping) else {}
    for _ in range(20):
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, Mapping) else {}
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    if len(node.get("allOf") or []) == 1:
        return _deref({**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}, root)
    return node


def _members(node: Schema) -> list[Any]:
    return list(node.get("oneOf") or node.get("anyOf") or [])


def _is_union(node: Schema) -> bool:
    return len(_members(node)) > 1


def _tagged_member(node: Schema, part: Any, root: Schema) -> Schema | None:
    """The member of a discriminated union that the tag `part` picks."""
    mapping = (node.get("discriminator") or {}).get("mapping") or {}
    if not isinstance(part, str):
        return None
    if part in mapping:
        return _deref({"$ref": mapping[part]}, root)
    for member in _members(node):
        resolved = _deref(member, root)
        tag = _tag_of(resolved, _discriminator(node))
        if tag == part:
            return resolved
    return None


def _discriminator(node: Schema) -> str:
    found = (node.get("discriminator") or {}).get("propertyName")
    return found if isinstance(found, str) else "type"


def _tag_of(member: Schema, key: str) -> str | None:
    prop = (member.get("properties") or {}).get(key) or {}
    tag = prop.get("const", prop.get("default"))
    return tag if isinstance(tag, str) else None


def _member(node: Schema, part: Any, root: Schema) -> Schema | None:
    """The member of a plain union that pydantic names `part` ("str", "UploadedContent"), or
    the one that `part` is a step into (a list for an index, an object for a field's name)."""
    if not _members(node):
        return None
    resolved = [_deref(member, root) for member in _members(node)]
    if isinstance(part, int):
        return next((m for m in resolved if m.get("type") == "array"), None)
    if not isinstance(part, str):
        return None
    wanted = MEMBER_TYPES.get(part.split("[")[0])
    for member in resolved:
        if member.get("title") == part or (wanted and member.get("type") == wanted):
            return member
    return next((m for m in resolved if part in (m.get("properties") or {})), None) or next(
        (m for m in resolved if isinstance(m.get("additionalProperties"), Mapping)), None
    )


def _title(name: str, prop: Any, root: Schema) -> str:
    """A field's title for people: its own `title`, else its name in words."""
    given = prop.get("title") if isinstance(prop, Mapping) else None
    if not isinstance(given, str):
        given = _deref(prop, root).get("title") if not _is_model(prop, root) else None
    if not isinstance(given, str) or given == name.title().replace("_", " "):
        return _capital(words_of(name))  # pydantic's own title: the name, title-cased
    return given


def _is_model(prop: Any, root: Schema) -> bool:
    return isinstance(prop, Mapping) and "$ref" in prop and "properties" in _deref(prop, root)


def _deepest(
    group: list[tuple[Mapping[str, Any], Spot]],
) -> list[tuple[Mapping[str, Any], Spot]]:
    """Where pydantic tried each member of a union, the errors of the member that got furthest."""
    if len(group) < 2 or not any(spot.through_union for _, spot in group):
        return group
    depth = max(len(error.get("loc", ())) for error, _ in group)
    deepest = [(e, s) for e, s in group if len(e.get("loc", ())) == depth]
    if len(deepest) > 1 and all(e.get("type") in WRONG_TYPE for e, _ in deepest):
        # Every member refused the value's type: one sentence on what the field takes.
        error, spot = deepest[0]
        if spot.union is not None:
            union, entry = spot.union
            spot = Spot(spot.title, union, spot.parent, entry, spot.move, spot.field_key)
        return [({**error, "type": "int_type"}, spot)]
    return deepest


# -- what to say ----------------------------------------------------------------------------------
def phrase(
    error: Mapping[str, Any], spot: Spot, root: Schema, *, owner: str | None, noun: str
) -> str:
    """One error as a sentence."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    title = spot.title
    what = _subject(spot)
    schema = _deref(spot.schema, root)
    if kind == "missing":
        if title is None:
            return "Something is missing"
        return f"{title} is missing: give {expect(schema, root)}"
    if kind == "extra_forbidden":
        return _unknown(spot, error, root, owner=owner, noun=noun)
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return _no_such_move(kind, ctx, root, spot)
    if kind in ("literal_error", "enum"):
        return f"{what} must be one of: {', '.join(_choices(schema, ctx))}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return f"{what} must be {_bound(kind, ctx, schema)}"
    if kind == "multiple_of":
        return f"{what} must be a multiple of {_number(ctx.get('multiple_of'))}"
    if kind in ("string_too_short", "string_too_long"):
        least = kind == "string_too_short"
        size = _number(ctx.get("min_length" if least else "max_length"))
        return f"{what} must be {'at least' if least else 'at most'} {size} characters long"
    if kind in ("too_short", "too_long"):
        least = kind == "too_short"
        size = _number(ctx.get("min_length" if least else "max_length"))
        return f"{what} must hold {'at least' if least else 'at most'} {size} entries"
    if kind in ("value_error", "assertion_error"):
        why = str(ctx.get("error") or "") or str(error.get("msg", "")).partition(", ")[2]
        return f"{title}: {why}" if title else why
    if kind == "string_unicode":
        return f"{what} holds a character that is not valid text (a lone surrogate)"
    if kind == "json_invalid":
        return "This is not valid JSON"
    if kind == "string_pattern_mismatch":
        return f"{what} is not written as expected: give {expect(schema, root)}"
    if not schema and kind in GUESSES:
        return f"{what} must be {GUESSES[kind]}"  # no schema to read: the error's type says it
    return f"{what} must be {expect(schema, root)}"


def _subject(spot: Spot) -> str:
    if spot.title is None:
        return "The value"
    return f"Every entry of {spot.title}" if spot.entry else spot.title


def _unknown(
    spot: Spot, error: Mapping[str, Any], root: Schema, *, owner: str | None, noun: str
) -> str:
    """An unknown field: what it is called and what the whole takes instead."""
    loc = tuple(error.get("loc", ()))
    name = str(loc[-1]) if loc else "?"
    parent = _deref(spot.parent or root, root)
    known = [
        _title(key, prop, root)
        for key, prop in (parent.get("properties") or {}).items()
        if key != "type"
    ]
    listing = ", ".join(known)
    if spot.move is not None and len(loc) <= 2:
        move = _move_words(spot.move, root)
        takes = f"it takes: {listing}" if known else "it takes nothing more"
        return f"A move '{move}' has no {noun} called '{name}'; {takes}"
    if len(loc) <= 1:
        whole = f"{owner} has" if owner else "There is"
        if not known:
            return f"{whole} no {noun} called '{name}'"
        return f"{whole} no {noun} called '{name}'; the {noun}s are: {listing}"
    holder = _title(str(loc[-2]), {}, root) if spot.title is None else spot.title
    return f"{holder} has nothing called '{name}'" + (f"; it has: {listing}" if known else "")


def _no_such_move(kind: str, ctx: Mapping[str, Any], root: Schema, spot: Spot) -> str:
    union = _deref(spot.schema, root) if _is_union(_deref(spot.schema, root)) else root
    tags = [
        tag
        for member in _members(union)
        if (tag := _tag_of(_deref(member, root), _discriminator(union))) is not None
    ]
    moves = ", ".join(_move_words(tag, root) for tag in tags)
    if kind == "union_tag_not_found":
        return f"Say which move this is with its type, one of: {moves}"
    return f"There is no move called '{ctx.get('tag', '?')}'; the moves are: {moves}"


def _move_words(tag: str, root: Schema) -> str:
    """A move's name: its model's own title where it was given one, else its tag in words."""
    union = _deref(root, root)
    for member in _members(union):
        resolved = _deref(member, root)
        if _tag_of(resolved, _discriminator(union)) == tag:
            ref = member.get("$ref", "") if isinstance(member, Mapping) else ""
            title = resolved.get("title")
            if isinstance(title, str) and title != ref.rsplit("/", 1)[-1]:
                return title
    return words_of(tag)


def _choices(schema: Schema, ctx: Mapping[str, Any]) -> list[str]:
    values = schema.get("enum")
    if values is None and "const" in schema:
        values = [schema["const"]]
    if values is None:
        values = [_deref(m, {}).get("const") for m in _members(schema)]
        values = [v for v in values if v is not None] or None
    if values is None:
        expected = str(ctx.get("expected", ""))
        return [part.strip(" '\"") for part in expected.replace(" or ", ", ").split(",") if part]
    return [_value(v) for v in values]


def _bound(kind: str, ctx: Mapping[str, Any], schema: Schema) -> str:
    whole = schema.get("type") == "integer"
    if kind == "greater_than_equal":
        least = _number(ctx.get("ge"))
        return f"a whole number, {least} or more" if whole else f"{least} or more"
    if kind == "greater_than":
        return f"more than {_number(ctx.get('gt'))}"
    if kind == "less_than_equal":
        return f"at most {_number(ctx.get('le'))}"
    return f"less than {_number(ctx.get('lt'))}"


# -- what a field takes ---------------------------------------------------------------------------
def expect(schema: Schema, root: Schema) -> str:
    """What `schema` takes, as a noun phrase: "a whole number from 2 to 8"."""
    node = _deref(schema, root)
    examples = node.get("examples")
    if isinstance(examples, list) and examples and "enum" not in node and "const" not in node:
        shown = ", ".join(_value(e) for e in examples[:4] if not isinstance(e, dict | list))
        plain = expect({k: v for k, v in node.items() if k != "examples"}, root)
        return f"{plain}, e.g. {shown}" if shown else plain
    if "const" in node:
        return _value(node["const"])
    if "enum" in node:
        return "one of: " + ", ".join(_value(v) for v in node["enum"])
    members = [_deref(m, root) for m in _members(node)]
    if members:
        kinds = [expect(m, root) for m in members if m.get("type") != "null"]
        if "a number" in kinds:
            kinds = [k for k in kinds if not k.startswith("a whole number")] or kinds
        return " or ".join(dict.fromkeys(kinds)) or "nothing"
    kind = node.get("type")
    if kind == "integer":
        return "a whole number" + _range(node)
    if kind == "number":
        return "a number" + _range(node)
    if kind == "boolean":
        return "yes or no (true or false)"
    if kind == "string":
        longest = node.get("maxLength")
        return "text" + (f" of at most {longest} characters" if longest else "")
    if kind == "array":
        return _list_of(node, root)
    if kind == "object":
        return "a JSON object"
    return "a value"


def _range(node: Schema) -> str:
    low = node.get("minimum", node.get("exclusiveMinimum"))
    high = node.get("maximum", node.get("exclusiveMaximum"))
    if low is not None and high is not None:
        return f" from {_number(low)} to {_number(high)}"
    if low is not None:
        return f", {_number(low)} or more" if "minimum" in node else f", more than {_number(low)}"
    if high is not None:
        return f", at most {_number(high)}" if "maximum" in node else f", less than {high}"
    return ""


def _list_of(node: Schema, root: Schema) -> str:
    item = _deref(node.get("items") or {}, root)
    kind = item.get("type")
    things = {"integer": "whole numbers", "number": "numbers", "string": "texts"}.get(
        str(kind), "values"
    )
    if kind in ("integer", "number"):
        things += _range(item)
    least, most = node.get("minItems"), node.get("maxItems")
    if least is not None and least == most:
        return f"a list of {least} {things}"
    return f"a list of {things}"


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def options_refusal(game: Any, err: BadOptions) -> str:
    """A game's refusal of options, in words: a game's own old "bad ... options: players: Input
    should ..." message is said again from the pydantic error behind it and the options' schema."""
    cause = err.__context__
    if err.plain or not isinstance(cause, ValidationError):
        return str(err)
    schema = (game.schemas() or {}).get("options")
    return explain(cause, schema, owner=getattr(game, "title", None), noun="option")
