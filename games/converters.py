"""The ``<id:...>`` path converter: every database id in a URL, checked in one place.

An id is 1 to the largest bigint. Larger digits would reach the database as an error rather than a
miss, so they match no URL at all and get the project's 404 (:mod:`games.web.errors`): the same
"there is no tournament N" a person or a client gets for an id that is merely unknown.
"""

from __future__ import annotations

MAX_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValueError(f"{value} is not a database id")
        return number

    def to_url(self, value: int) -> str:
        return str(value)
