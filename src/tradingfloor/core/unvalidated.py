"""Actions made without validation, from values the rules have already made legal and typed."""

from __future__ import annotations

from typing import Any, Final, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new: Final = object.__new__
# The slots of a model instance, set past the frozen model's __setattr__ by their own
# descriptors, as `model_construct` sets them (`object.__setattr__` checks the type each time).
_set_dict: Final = BaseModel.__dict__["__dict__"].__set__
_set_fields_set: Final = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra: Final = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private: Final = BaseModel.__dict__["__pydantic_private__"].__set__
_MISSING: Final = object()  # a required field's place in a template, until its value is given


class Template:
    """What `drawn` needs of one model: every field in the model's order with its default (a
    required one holds a marker), and the names of the required ones."""

    def __init__(self, model: type[BaseModel]) -> None:
        if model.__private_attributes__ or model.model_config.get("extra") == "allow":
            raise TypeError(f"{model.__name__}: drawn() makes models without private or extra data")
        self.values: dict[str, Any] = {}
        for name, field in model.model_fields.items():
            if field.default_factory is not None:
                raise TypeError(f"{model.__name__}.{name}: drawn() takes no default factory")
            self.values[name] = _MISSING if field.is_required() else field.default
        self.size = len(self.values)
        self.required = frozenset(n for n, v in self.values.items() if v is _MISSING)


_TEMPLATES: Final[dict[type, Template]] = {}


def drawn(model: type[M], /, **fields: Any) -> M:
    """`model(**fields)` without validation, for values the rules have already made legal and
    typed exactly as validation would (tuples, not lists; ints, not bools; valid literals)."""
    # Random play makes an action at about every other move, and validating it cost more than
    # the rules spent choosing it: the model is made as `model_construct` makes one, the fields
    # in the model's order, the rest from its defaults, the fields given recorded as set.
    template = _TEMPLATES.get(model)
    if template is None:
        template = _TEMPLATES[model] = Template(model)
    values = template.values.copy()
    values.update(fields)  # a field given keeps its place in the model's order
    given = set(fields)
    if len(values) != template.size or not template.required <= given:
        raise TypeError(f"{model.__name__} has the fields {list(template.values)}, not {fields}")
    made = _new(model)
    _set_dict(made, values)
    _set_fields_set(made, given)  # the fields given, as validating them would record
    _set_extra(made, None)
    _set_private(made, None)
    return made  # type: ignore[no-any-return]
