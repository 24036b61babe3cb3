from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_version import BotVersion
from ...models.error import Error
from ...models.program_version_request import ProgramVersionRequest
from ...models.url_version_request import UrlVersionRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    *,
    body: ProgramVersionRequest | UrlVersionRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/bots/{id}/versions/".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, ProgramVersionRequest):
        if not isinstance(body, Unset):
            _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"
    if isinstance(body, UrlVersionRequest):
        if not isinstance(body, Unset):
            _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BotVersion | Error | None:
    if response.status_code == 201:
        response_201 = BotVersion.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BotVersion | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    body: ProgramVersionRequest | UrlVersionRequest | Unset = UNSET,
) -> Response[BotVersion | Error]:
    """A bot's versions; POST uploads a program (multipart ``file`` + ``entry_command``) or, for an
    HTTP bot, registers ``{"url": ...}``. Each is a new version with a validation game.

    Args:
        id (int):
        body (ProgramVersionRequest | Unset): Documents the multipart upload (the view reads the
            fields itself).
        body (UrlVersionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotVersion | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
    body: ProgramVersionRequest | UrlVersionRequest | Unset = UNSET,
) -> BotVersion | Error | None:
    """A bot's versions; POST uploads a program (multipart ``file`` + ``entry_command``) or, for an
    HTTP bot, registers ``{"url": ...}``. Each is a new version with a validation game.

    Args:
        id (int):
        body (ProgramVersionRequest | Unset): Documents the multipart upload (the view reads the
            fields itself).
        body (UrlVersionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotVersion | Error
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    body: ProgramVersionRequest | UrlVersionRequest | Unset = UNSET,
) -> Response[BotVersion | Error]:
    """A bot's versions; POST uploads a program (multipart ``file`` + ``entry_command``) or, for an
    HTTP bot, registers ``{"url": ...}``. Each is a new version with a validation game.

    Args:
        id (int):
        body (ProgramVersionRequest | Unset): Documents the multipart upload (the view reads the
            fields itself).
        body (UrlVersionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BotVersion | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
    body: ProgramVersionRequest | UrlVersionRequest | Unset = UNSET,
) -> BotVersion | Error | None:
    """A bot's versions; POST uploads a program (multipart ``file`` + ``entry_command``) or, for an
    HTTP bot, registers ``{"url": ...}``. Each is a new version with a validation game.

    Args:
        id (int):
        body (ProgramVersionRequest | Unset): Documents the multipart upload (the view reads the
            fields itself).
        body (UrlVersionRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BotVersion | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
