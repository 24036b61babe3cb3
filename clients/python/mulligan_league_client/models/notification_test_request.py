from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_test_channel_enum import NotificationTestChannelEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationTestRequest")


@_attrs_define
class NotificationTestRequest:
    """
    Attributes:
        channel (NotificationTestChannelEnum | Unset): * `email` - email
            * `webhook` - webhook
    """

    channel: NotificationTestChannelEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        channel: str | Unset = UNSET
        if not isinstance(self.channel, Unset):
            channel = self.channel.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if channel is not UNSET:
            field_dict["channel"] = channel

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _channel = d.pop("channel", UNSET)
        channel: NotificationTestChannelEnum | Unset
        if isinstance(_channel, Unset):
            channel = UNSET
        else:
            channel = NotificationTestChannelEnum(_channel)

        notification_test_request = cls(
            channel=channel,
        )

        notification_test_request.additional_properties = d
        return notification_test_request

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
