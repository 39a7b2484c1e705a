"""The wire models' rules applied to plain dicts: what a sync reads the listing into.

A sync reads every case of the account and keeps it as JSON plus a few derived columns; it
never needs the ~20 model objects a ``UnifiedCase`` builds per case (validating into them was
a quarter of a first sync's client CPU). ``typed_dict_of`` mirrors a wire model as a
``TypedDict`` with the very same member types, validators, aliases and model settings, read off
the model's own fields, so there is one definition of the rules (`scaninbox.api.wire_case`)
and pydantic-core validates into dicts in about half the time (`test_wire_dicts` checks that
both accept and refuse the same inputs and write the same JSON).

A validated dict has the members the service sent (snake_case keys, values as the model
holds them: ``int``, ``datetime`` in UTC, nested dicts and lists); a member the service left
out is absent, not null. ``CASE_DICTS`` validates and writes such cases.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Annotated, Any, NotRequired, Required, Union, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from scaninbox.api.wire_case import UnifiedCase

__all__ = ["CASE_DICTS", "CaseDict", "case_dict_of", "case_dict_ref_parts", "typed_dict_of"]

# The model settings a TypedDict takes; ``frozen`` and the alias generator have no meaning
# there (every member carries its model's aliases explicitly).
_SETTINGS = ("extra", "strict", "str_strip_whitespace", "populate_by_name")
_mirrors: dict[type[BaseModel], type] = {}
_make_typed_dict = cast(Callable[[str, dict[str, Any]], type], TypedDict)


def typed_dict_of(model: type[BaseModel]) -> type:
    """A ``TypedDict`` validating as ``model`` does: each member with the model's type (nested
    models mirrored too), validators and aliases; required where the model requires it,
    otherwise absent when the input leaves it out."""
    found = _mirrors.get(model)
    if found is not None:
        return found
    _refuse_decorated(model)
    members: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        aliases = Field(
            alias=info.alias,
            validation_alias=info.validation_alias,
            serialization_alias=info.serialization_alias,
        )
        member = Annotated[(_mirrored(info.annotation), *info.metadata, aliases)]  # type: ignore[valid-type]
        members[name] = Required[member] if info.is_required() else NotRequired[member]
    settings = ConfigDict(**{k: v for k, v in model.model_config.items() if k in _SETTINGS})  # type: ignore[typeddict-item]
    mirror = with_config(settings)(_make_typed_dict(f"{model.__name__}Dict", members))
    _mirrors[model] = mirror
    return mirror


def _refuse_decorated(model: type[BaseModel]) -> None:
    """Rules written as methods (``@field_validator``, ``@model_validator``, serializers,
    computed fields) live on the model class, not on its fields: a mirror would silently lose
    them. Refused here, at import, rather than letting the dicts accept what the models refuse;
    wire rules belong in the members' types (``Annotated[..., BeforeValidator(...)]``)."""
    infos = model.__pydantic_decorators__
    kinds = (
        *("validators", "field_validators", "root_validators", "field_serializers"),
        *("model_serializers", "model_validators", "computed_fields"),
    )
    found = [kind for kind in kinds if getattr(infos, kind)]
    if found:
        raise TypeError(
            f"{model.__name__} has rules a TypedDict cannot carry ({', '.join(found)}): "
            "write them into its members' types instead"
        )


def _mirrored(annotation: Any) -> Any:
    """``annotation`` with every wire model in it replaced by its ``TypedDict`` mirror."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return typed_dict_of(annotation)
    origin = get_origin(annotation)
    if origin is Annotated:
        inner, *metadata = get_args(annotation)
        return Annotated[(_mirrored(inner), *metadata)]
    if origin is Union or origin is types.UnionType:
        return Union[tuple(_mirrored(a) for a in get_args(annotation))]  # noqa: UP007 (built from parts)
    if origin is list:
        (item,) = get_args(annotation)
        return list[_mirrored(item)]  # type: ignore[misc]
    return annotation


# A case as ``UnifiedCase`` reads it, held in plain dicts (for the type checker: a dict whose
# members are described by `UnifiedCase`).
CaseDict = dict[str, Any]
_CASE_TYPED_DICT = typed_dict_of(UnifiedCase)
CASE_DICTS: TypeAdapter[CaseDict] = TypeAdapter(_CASE_TYPED_DICT)


def case_dict_of(wire: UnifiedCase) -> CaseDict:
    """The dict form of a case already read as a model (a case fetched on its own): the
    members the service sent, as ``CASE_DICTS`` would have read them."""
    sent = wire.__pydantic_serializer__.to_json(wire, by_alias=True, exclude_unset=True)
    return CASE_DICTS.validate_json(sent)


def case_dict_ref_parts(case: CaseDict) -> tuple[str | None, int | None]:
    """(guid, numeric id) of a case dict: what `scaninbox.api.PagingGuard` tells cases by."""
    return case["guid"], case.get("id")
