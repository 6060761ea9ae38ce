"""The view's JSON Schema, written from the declared types of :mod:`gamenight.core.views`.

One document (``GET /api/schema`` serves it) validates any game's view:

* ``$defs/View``: the envelope every game shares, with the layout and the structured moves;
* ``$defs/FieldValue_<kind>``: the value of a layout field of each kind (``null`` too: nothing yet);
* ``$defs/Game_<id>``: a registered game's own entries, each field its state class declares
  (``core.layout.declared_fields``) typed by its kind — a list of such values, one per seat, where
  the field is ``per_seat``. Entries no field names (a bot's rules data) stay open.

The document's root is the envelope and, for each game, ``if game is <id> then Game_<id>``.
pydantic writes the types' schemas; it is imported here only, when the schema is first asked for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamenight.core import views
from gamenight.core.layout import declared_fields

DIALECT = "https://json-schema.org/draft/2020-12/schema"
REF = "#/$defs/{model}"


def _schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """``tp``'s JSON Schema, its named parts moved into ``defs`` (shared by every type asked)."""
    from pydantic import TypeAdapter  # pydantic only when a schema is wanted: views never need it

    schema: dict[str, Any] = TypeAdapter(tp).json_schema(ref_template=REF)
    defs.update(schema.pop("$defs", {}))
    return schema


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _field_value(kind: str, per_seat: bool) -> dict[str, Any]:
    one = {"$ref": f"#/$defs/FieldValue_{kind}"}
    return _nullable({"type": "array", "items": one} if per_seat else one)


def _game_entries(spec_cls: type) -> dict[str, Any]:
    properties = {key: _field_value(f["kind"], f["per_seat"]) for key, f in declared_fields(spec_cls)}
    return {"type": "object", "properties": properties}


@cache
def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) every view of every registered game satisfies."""
    import gamenight

    defs: dict[str, Any] = {}
    defs["View"] = _schema_of(views.View, defs)
    for kind, tp in views.FIELD_VALUES.items():
        defs[f"FieldValue_{kind}"] = _nullable(_schema_of(tp, defs))
    for name in views.CLOSED:
        defs[name]["additionalProperties"] = False
    games = []
    for spec in gamenight.games():
        defs[f"Game_{spec.id}"] = _game_entries(spec.state_cls)
        games.append({"if": {"properties": {"game": {"const": spec.id}}, "required": ["game"]},
                      "then": {"$ref": f"#/$defs/Game_{spec.id}"}})
    return {
        "$schema": DIALECT,
        "title": "gamenight view",
        "description": "What State.view(seat) returns for any game: the envelope every game shares, "
                       "the layout renderers draw from, the moves with their typed arguments, and each "
                       "game's own entries typed by the kind of field that shows them.",
        "allOf": [{"$ref": "#/$defs/View"}, *games],
        "$defs": defs,
    }


__all__ = ["view_schema"]
