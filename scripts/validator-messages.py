#!/usr/bin/env python3
"""Writes the messages of Python's validators, as servers pass them on, for
the probe's judge (crates/core/resources/validator-messages/):
pydantic.json (Pydantic, which FastMCP and most Python servers use) and
jsonschema.json (the jsonschema package). Each entry is the argument at
fault, the validator's real message for a call that breaks it, how the
message was taken (`layout`), and whether it names the argument (`names`):
a message that does not is one the probe is right to warn about.

    target/py-tools/bin/python scripts/validator-messages.py

(the Python tools of scripts/test-workflow.sh have both packages). The node
half is scripts/validator-messages.mjs.
"""

import json
import pathlib

import jsonschema
import pydantic

OUT = pathlib.Path(__file__).resolve().parent.parent / "crates/core/resources/validator-messages"


class Filter(pydantic.BaseModel):
    since: str


def pydantic_cases():
    class Fetch(pydantic.BaseModel):
        id: str

    class Search(pydantic.BaseModel):
        q: str
        page_size: int = 10
        filter: Filter | None = None

    cases = [
        ("id", Fetch, {}),
        ("id", Fetch, {"id": 3}),
        ("q", Search, {}),
        ("page_size", Search, {"q": "x", "page_size": "many"}),
        ("filter.since", Search, {"q": "x", "filter": {}}),
    ]
    out = []
    for argument, model, arguments in cases:
        try:
            model.model_validate(arguments)
        except pydantic.ValidationError as e:
            # FastMCP's layout: the model is named after the call.
            message = str(e).replace(model.__name__, "call[%s]" % model.__name__.lower(), 1)
            out.append({"argument": argument, "layout": "str(error)", "message": message, "names": True})
    return {"validator": "pydantic %s" % pydantic.VERSION, "cases": out}


def jsonschema_cases():
    schema = {
        "type": "object",
        "properties": {
            "id": {"type": "string"},
            "q": {"type": "string"},
            "filter": {"type": "object", "properties": {"since": {"type": "string", "format": "date"}}},
        },
        "required": ["id", "q"],
    }
    cases = [
        ("id", {"q": "x"}),
        ("q", {"id": "x"}),
        ("id", {"id": 3, "q": "x"}),
        ("filter.since", {"id": "x", "q": "x", "filter": {"since": 3}}),
    ]
    out = []
    validator = jsonschema.Draft202012Validator(schema)
    for argument, arguments in cases:
        error = jsonschema.exceptions.best_match(validator.iter_errors(arguments))
        # The message alone names a missing property, not a wrong value's.
        out.append({"argument": argument, "layout": "error.message", "message": error.message,
                    "names": error.validator == "required"})
        # The long form, with the path, as str(error) gives it.
        out.append({"argument": argument, "layout": "str(error)", "message": str(error), "names": True})
        # The JSON path and the message, as servers often join them.
        out.append({"argument": argument, "layout": "error.json_path: error.message",
                    "message": "%s: %s" % (error.json_path, error.message), "names": True})
    from importlib.metadata import version

    return {"validator": "jsonschema %s" % version("jsonschema"), "cases": out}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, cases in (("pydantic", pydantic_cases()), ("jsonschema", jsonschema_cases())):
        (OUT / ("%s.json" % name)).write_text(json.dumps(cases, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
