"""Errors a service raises on bad input; the API turns each into its HTTP status."""

from __future__ import annotations


class ServiceError(Exception):
    status_code = 400
    code = "invalid"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        # The request field at fault, where one is: a form shows the message next to it.
        self.field = field


class InvalidInput(ServiceError):
    """The request itself is wrong (bad config, unknown game, unknown seat...)."""


class IllegalMove(ServiceError):
    code = "illegal_move"


class NotAllowed(ServiceError):
    status_code = 403
    code = "not_your_seat"


class NotFound(ServiceError):
    status_code = 404
    code = "not_found"


class Conflict(ServiceError):
    status_code = 409
    code = "conflict"


class NotOrganiser(NotAllowed):
    code = "not_organiser"


class NotYourEntrant(NotAllowed):
    code = "not_your_entrant"


class DealInPlay(NotAllowed):
    """A game of a deal still being played at another table, asked by someone not seated in it."""

    code = "deal_in_play"
