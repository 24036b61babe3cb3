from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationSettings")


@_attrs_define
class NotificationSettings:
    """The switches and the webhook URL; the secret is shown (to its owner only) and never written
    here: rotate it instead.

        Attributes:
            webhook_secret (str):
            updated_at (datetime.datetime):
            email_turn (bool | Unset):
            email_deadline (bool | Unset):
            email_round (bool | Unset):
            webhook_turn (bool | Unset):
            webhook_deadline (bool | Unset):
            webhook_round (bool | Unset):
            webhook_url (str | Unset): http:// or https://; empty: no webhook
    """

    webhook_secret: str
    updated_at: datetime.datetime
    email_turn: bool | Unset = UNSET
    email_deadline: bool | Unset = UNSET
    email_round: bool | Unset = UNSET
    webhook_turn: bool | Unset = UNSET
    webhook_deadline: bool | Unset = UNSET
    webhook_round: bool | Unset = UNSET
    webhook_url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        webhook_secret = self.webhook_secret

        updated_at = self.updated_at.isoformat()

        email_turn = self.email_turn

        email_deadline = self.email_deadline

        email_round = self.email_round

        webhook_turn = self.webhook_turn

        webhook_deadline = self.webhook_deadline

        webhook_round = self.webhook_round

        webhook_url = self.webhook_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "webhook_secret": webhook_secret,
                "updated_at": updated_at,
            }
        )
        if email_turn is not UNSET:
            field_dict["email_turn"] = email_turn
        if email_deadline is not UNSET:
            field_dict["email_deadline"] = email_deadline
        if email_round is not UNSET:
            field_dict["email_round"] = email_round
        if webhook_turn is not UNSET:
            field_dict["webhook_turn"] = webhook_turn
        if webhook_deadline is not UNSET:
            field_dict["webhook_deadline"] = webhook_deadline
        if webhook_round is not UNSET:
            field_dict["webhook_round"] = webhook_round
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        webhook_secret = d.pop("webhook_secret")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        email_turn = d.pop("email_turn", UNSET)

        email_deadline = d.pop("email_deadline", UNSET)

        email_round = d.pop("email_round", UNSET)

        webhook_turn = d.pop("webhook_turn", UNSET)

        webhook_deadline = d.pop("webhook_deadline", UNSET)

        webhook_round = d.pop("webhook_round", UNSET)

        webhook_url = d.pop("webhook_url", UNSET)

        notification_settings = cls(
            webhook_secret=webhook_secret,
            updated_at=updated_at,
            email_turn=email_turn,
            email_deadline=email_deadline,
            email_round=email_round,
            webhook_turn=webhook_turn,
            webhook_deadline=webhook_deadline,
            webhook_round=webhook_round,
            webhook_url=webhook_url,
        )

        notification_settings.additional_properties = d
        return notification_settings

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
