from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.problem_code import ProblemCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.first_failure import FirstFailure
  from ..models.problem_errors import ProblemErrors





T = TypeVar("T", bound="Problem")



@_attrs_define
class Problem:
    """ 
        Attributes:
            type_ (str): Stable URI reference of the kind of problem, e.g. `/problems/rule-violation`.
            title (str):
            status (int):
            detail (str | Unset):
            instance (str | Unset):
            code (ProblemCode | Unset):
            rule (str | Unset): What the rule forbids, in words.
            errors (ProblemErrors | Unset): Invalid fields and what is wrong with each.
            scope (str | Unset): The scope the operation needs and the token lacks (insufficient-scope).
            current_version (int | Unset): The game's latest version (409, 412).
            request_id (str | Unset): The quick-match request still waiting (match-waiting).
            first_failure (FirstFailure | Unset):
     """

    type_: str
    title: str
    status: int
    detail: str | Unset = UNSET
    instance: str | Unset = UNSET
    code: ProblemCode | Unset = UNSET
    rule: str | Unset = UNSET
    errors: ProblemErrors | Unset = UNSET
    scope: str | Unset = UNSET
    current_version: int | Unset = UNSET
    request_id: str | Unset = UNSET
    first_failure: FirstFailure | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.first_failure import FirstFailure
        from ..models.problem_errors import ProblemErrors
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        code: str | Unset = UNSET
        if not isinstance(self.code, Unset):
            code = self.code.value


        rule = self.rule

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        scope = self.scope

        current_version = self.current_version

        request_id = self.request_id

        first_failure: dict[str, Any] | Unset = UNSET
        if not isinstance(self.first_failure, Unset):
            first_failure = self.first_failure.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
        })
        if detail is not UNSET:
            field_dict["detail"] = detail
        if instance is not UNSET:
            field_dict["instance"] = instance
        if code is not UNSET:
            field_dict["code"] = code
        if rule is not UNSET:
            field_dict["rule"] = rule
        if errors is not UNSET:
            field_dict["errors"] = errors
        if scope is not UNSET:
            field_dict["scope"] = scope
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if first_failure is not UNSET:
            field_dict["first_failure"] = first_failure

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.first_failure import FirstFailure
        from ..models.problem_errors import ProblemErrors
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail", UNSET)

        instance = d.pop("instance", UNSET)

        _code = d.pop("code", UNSET)
        code: ProblemCode | Unset
        if isinstance(_code,  Unset):
            code = UNSET
        else:
            code = ProblemCode(_code)




        rule = d.pop("rule", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors,  Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)




        scope = d.pop("scope", UNSET)

        current_version = d.pop("current_version", UNSET)

        request_id = d.pop("request_id", UNSET)

        _first_failure = d.pop("first_failure", UNSET)
        first_failure: FirstFailure | Unset
        if isinstance(_first_failure,  Unset):
            first_failure = UNSET
        else:
            first_failure = FirstFailure.from_dict(_first_failure)




        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            code=code,
            rule=rule,
            errors=errors,
            scope=scope,
            current_version=current_version,
            request_id=request_id,
            first_failure=first_failure,
        )

        return problem

