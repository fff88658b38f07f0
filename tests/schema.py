"""A strict reading of JSON schema, as llama.cpp's grammar compiler reads it: an object
admits only the properties it lists. Enough of the standard for the extraction schema
(type, enum, properties, required, items, maxItems, anyOf, additionalProperties)."""
from __future__ import annotations

from typing import Any, Dict

_TYPES = {"string": str, "boolean": bool, "array": list, "object": dict}


def _is_type(value: Any, name: str) -> bool:
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def admits(schema: Dict[str, Any], value: Any) -> bool:
    """True when a grammar built from ``schema`` could produce ``value``."""
    if "anyOf" in schema:
        return any(admits(option, value) for option in schema["anyOf"])
    if "type" in schema and not _is_type(value, schema["type"]):
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        if any(key not in properties for key in value):
            return False  # strict: no property the schema does not list
        if any(key not in value for key in schema.get("required", [])):
            return False
        return all(admits(properties[key], item) for key, item in value.items())
    if isinstance(value, list):
        if len(value) > schema.get("maxItems", len(value)):
            return False
        return all(admits(schema.get("items", {}), item) for item in value)
    return True


def conform(schema: Dict[str, Any], value: Any) -> Any:
    """What a grammar-constrained server would emit for an intended ``value``: properties
    the schema does not list are never produced; items it cannot produce are left out."""
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            if _is_type(value, option.get("type", "object")):
                return conform(option, value)
        return None
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        return {key: conform(properties[key], item) for key, item in value.items()
                if key in properties and item in properties[key].get("enum", [item])}  # a grammar admits no other value
    if isinstance(value, list):
        items = [conform(schema.get("items", {}), item) for item in value[:schema.get("maxItems", len(value))]]
        return [item for item in items if item is not None]
    return value
