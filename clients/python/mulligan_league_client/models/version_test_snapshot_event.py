from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.version_test_snapshot_event_type_enum import VersionTestSnapshotEventTypeEnum

if TYPE_CHECKING:
    from ..models.version_test import VersionTest


T = TypeVar("T", bound="VersionTestSnapshotEvent")


@_attrs_define
class VersionTestSnapshotEvent:
    """
    Attributes:
        id (int): the number of pairs counted so far
        type_ (VersionTestSnapshotEventTypeEnum): * `test` - test
        test (int): the test's id
        view (VersionTest):
    """

    id: int
    type_: VersionTestSnapshotEventTypeEnum
    test: int
    view: VersionTest
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        test = self.test

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "test": test,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.version_test import VersionTest

        d = dict(src_dict)
        id = d.pop("id")

        type_ = VersionTestSnapshotEventTypeEnum(d.pop("type"))

        test = d.pop("test")

        view = VersionTest.from_dict(d.pop("view"))

        version_test_snapshot_event = cls(
            id=id,
            type_=type_,
            test=test,
            view=view,
        )

        version_test_snapshot_event.additional_properties = d
        return version_test_snapshot_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
