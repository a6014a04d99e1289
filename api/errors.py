"""The API's answer to a request its schema refuses (a body, a query or a path parameter
of the wrong type, out of bounds, unknown or missing): a 422 whose `detail` is one
sentence a person can read, like every other refusal's, with ninja's list of problems
kept under `errors` for a script that wants each one's place.

`Invalid` is that answer's schema, declared by every operation (`response={422: Invalid}`).
"""

from typing import Any

from ninja import Schema
from pydantic import ConfigDict, Field

SHOWN = 3  # problems named in the sentence; the rest are counted


class FieldProblem(Schema):
    """One problem, as pydantic reports it (`ctx` and others may come with it)."""

    model_config = ConfigDict(extra="allow")

    loc: list[str | int] = Field(description="Where: body, query or path, then the field.")
    msg: str = Field(description="What is wrong there.")
    type: str = Field(description="pydantic's name for the problem.")


class Invalid(Schema):
    model_config = ConfigDict(extra="forbid")

    detail: str = Field(description="What was wrong, in a sentence.")
    errors: list[FieldProblem] = Field(description="Each problem, with where it is.")


def _place(loc: Any) -> str:
    parts = [str(part) for part in (loc if isinstance(loc, list | tuple) else [loc])]
    # ninja names a whole body "body.body" (its source, then the parameter): say it once.
    if len(parts) >= 2 and parts[0] == parts[1]:
        parts = parts[1:]
    return ".".join(parts)


def invalid_sentence(errors: list[dict[str, Any]]) -> str:
    """'body.games.0.home: Input should be less than or equal to 999' — the first few
    problems, each with its place, and how many more there are."""
    said = [
        f"{_place(error.get('loc', ()))}: {error.get('msg', 'Invalid value')}"
        for error in errors[:SHOWN]
    ]
    sentence = "; ".join(said) or "The request was not valid."
    more = len(errors) - SHOWN
    if more > 0:
        sentence += f" (and {more} more problem{'s' if more > 1 else ''})"
    return sentence


def invalid_body(errors: list[dict[str, Any]]) -> dict[str, Any]:
    """The 422's JSON body for ninja's list of problems."""
    return {"detail": invalid_sentence(errors), "errors": errors}
