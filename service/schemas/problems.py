"""The body of every error answer: an RFC 9457 problem (`service.problems`)."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.problems import PROBLEM_CODES
from service.schemas.audit import FirstFailureSchema
from service.schemas.base import doc


class ProblemSchema(Schema):
    type = fields.Str(required=True, metadata=doc("Stable URI reference of the kind of "
                                                   "problem, e.g. `/problems/rule-violation`."))
    title = fields.Str(required=True)
    status = fields.Int(required=True)
    detail = fields.Str()
    instance = fields.Str()
    code = fields.Str(metadata=doc("The rule's stable code (rule violations, forbidden "
                                    "and malformed commands, refused imports).",
                                    enum=list(PROBLEM_CODES)))
    rule = fields.Str(metadata=doc("What the rule forbids, in words."))
    errors = fields.Dict(metadata=doc("Invalid fields and what is wrong with each."))
    scope = fields.Str(metadata=doc("The scope the operation needs and the token lacks "
                                     "(insufficient-scope)."))
    current_version = fields.Int(metadata=doc("The game's latest version (409, 412)."))
    request_id = fields.Str(metadata=doc("The quick-match request still waiting "
                                         "(match-waiting)."))
    first_failure = fields.Nested(FirstFailureSchema, metadata=doc(
        "An import that does not verify: the first event that fails (`version`, `type`, "
        "`reason`)."))
