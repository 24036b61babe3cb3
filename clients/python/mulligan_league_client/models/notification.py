from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_channel_enum import NotificationChannelEnum
from ..models.notification_kind_enum import NotificationKindEnum
from ..models.notification_status_enum import NotificationStatusEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="Notification")


@_attrs_define
class Notification:
    """
    Attributes:
        id (int):
        kind (NotificationKindEnum): * `turn` - your turn
            * `deadline` - deadline near
            * `round` - round started
            * `test` - test
        channel (NotificationChannelEnum): * `email` - e-mail
            * `webhook` - webhook
        created_at (datetime.datetime):
        status (NotificationStatusEnum | Unset): * `pending` - pending
            * `sent` - sent
            * `failed` - failed
        attempts (int | Unset):
        last_error (str | Unset):
        sent_at (datetime.datetime | None | Unset):
    """

    id: int
    kind: NotificationKindEnum
    channel: NotificationChannelEnum
    created_at: datetime.datetime
    status: NotificationStatusEnum | Unset = UNSET
    attempts: int | Unset = UNSET
    last_error: str | Unset = UNSET
    sent_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        channel = self.channel.value

        created_at = self.created_at.isoformat()

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        attempts = self.attempts

        last_error = self.last_error

        sent_at: None | str | Unset
        if isinstance(self.sent_at, Unset):
            sent_at = UNSET
        elif isinstance(self.sent_at, datetime.datetime):
            sent_at = self.sent_at.isoformat()
        else:
            sent_at = self.sent_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "channel": channel,
                "created_at": created_at,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status
        if attempts is not UNSET:
            field_dict["attempts"] = attempts
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if sent_at is not UNSET:
            field_dict["sent_at"] = sent_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = NotificationKindEnum(d.pop("kind"))

        channel = NotificationChannelEnum(d.pop("channel"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _status = d.pop("status", UNSET)
        status: NotificationStatusEnum | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = NotificationStatusEnum(_status)

        attempts = d.pop("attempts", UNSET)

        last_error = d.pop("last_error", UNSET)

        def _parse_sent_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sent_at_type_0 = datetime.datetime.fromisoformat(data)

                return sent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        sent_at = _parse_sent_at(d.pop("sent_at", UNSET))

        notification = cls(
            id=id,
            kind=kind,
            channel=channel,
            created_at=created_at,
            status=status,
            attempts=attempts,
            last_error=last_error,
            sent_at=sent_at,
        )

        notification.additional_properties = d
        return notification

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
