"""Times as the API shows them, for serializers and hand-written reads alike."""

from __future__ import annotations

from datetime import timedelta


def move_time_seconds(value: timedelta) -> int | float:
    """A time limit per move in seconds: whole seconds as an integer."""
    seconds = value.total_seconds()
    return int(seconds) if seconds.is_integer() else seconds
