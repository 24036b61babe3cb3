"""Bots and their versions as the API shows them: a version's content never; its URL, entry command
and the bots' stderr only to the owner (a URL may carry a token, stderr may carry anything)."""

from __future__ import annotations

import json
from typing import Any

from rest_framework import serializers

from games.api.json_requests import GameIdField, JsonRequest
from games.models import Bot, BotFault, BotKind, BotVersion

SUBMITTED_KINDS = [BotKind.PROGRAM.value, BotKind.HTTP.value]


class BotCreateSerializer(JsonRequest):
    name = serializers.CharField(max_length=60, help_text="shown on ladders; unique among players and bots")
    game = GameIdField(help_text="a registered game id, e.g. mulligan")
    kind = serializers.ChoiceField(choices=SUBMITTED_KINDS)
    url = serializers.CharField(
        required=False, max_length=500, help_text="HTTP bots: register this URL as version 1 at once"
    )


class UrlVersionSerializer(JsonRequest):
    url = serializers.CharField(max_length=500, help_text="http:// or https:// URL the worker POSTs to")


class ProgramVersionSerializer(serializers.Serializer):
    """Documents the multipart upload (the view reads the fields itself)."""

    file = serializers.FileField(help_text="a .py file, or a .zip / .tar / .tar.gz archive")
    entry_command = serializers.CharField(
        required=False,
        help_text='argv to run: a JSON list (["node", "bot.js"]) or one field per argument; '
        "required for archives",
    )


def entry_command_from(data: Any) -> Any:
    """The entry command of a multipart or JSON request: a JSON list, or one field per argument."""
    if isinstance(data, dict) and not hasattr(data, "getlist"):
        value = data.get("entry_command")
        if value is None or isinstance(value, list):
            return value
        values = [value]
    else:
        values = data.getlist("entry_command")
    if not values:
        return None
    if len(values) == 1 and isinstance(values[0], str) and values[0].lstrip().startswith("["):
        try:
            parsed = json.loads(values[0])
        except ValueError:
            raise serializers.ValidationError(
                {"entry_command": 'not a JSON list; send e.g. ["node", "bot.js"]'}
            ) from None
        return parsed  # the service says what is wrong with anything but a list of strings
    if len(values) == 1 and isinstance(values[0], str) and any(ch.isspace() for ch in values[0].strip()):
        raise serializers.ValidationError(
            {
                "entry_command": 'send the entry command as a JSON list, e.g. ["python3", "main.py"], '
                "or one entry_command field per argument"
            }
        )
    return [str(value) for value in values]


def version_data(version: BotVersion, *, owner: bool, active_pk: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": version.number,
        "filename": version.filename,
        "sha256": version.sha256,
        "size": version.size,
        "uploaded_at": version.uploaded_at,
        "validation_status": version.validation_status,
        "validation_message": version.validation_message,
        "validation_game": version.validation_game_id,
        "active": version.pk == active_pk,
    }
    if owner:
        data["entry_command"] = version.entry_command
        data["url"] = version.url
    return data


def bot_summary(bot: Bot, *, validation_status: str | None) -> dict[str, Any]:
    """A bot in the list: the fields the list always had, then owner, active version, validation."""
    owner = bot.owner
    return {
        "id": bot.pk,
        "name": bot.competitor.name,
        "competitor": bot.competitor_id,
        "game_id": bot.game_id,
        "kind": bot.kind,
        "engine_bot": bot.engine_bot,
        "owner": None if owner is None else {"player": owner.pk, "name": owner.competitor.name},
        "active_version": None if bot.active_version is None else bot.active_version.number,
        "validation_status": validation_status,
    }


def bot_detail(
    bot: Bot,
    *,
    owner: bool,
    versions: list[BotVersion],
    validation_status: str | None,
    ratings: dict[str, Any],
) -> dict[str, Any]:
    active = bot.active_version
    return bot_summary(bot, validation_status=validation_status) | {
        "you_own_it": owner,
        "active": None if active is None else version_data(active, owner=owner, active_pk=active.pk),
        "versions": [version_data(v, owner=owner, active_pk=bot.active_version_id) for v in versions],
        **ratings,
    }


def fault_data(fault: BotFault, *, owner: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": fault.pk,
        "game": fault.game_id,
        "version": None if fault.version is None else fault.version.number,
        "seat": fault.seat,
        "move_number": fault.move_number,
        "kind": fault.kind,
        "message": fault.message,
        "consequence": fault.consequence,
        "created_at": fault.created_at,
    }
    if owner:
        data["stderr_tail"] = fault.stderr_tail
    return data
