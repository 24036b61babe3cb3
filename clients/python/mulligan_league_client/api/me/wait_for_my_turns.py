from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.turns_wait import TurnsWait
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    timeout: float | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["timeout"] = timeout

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/me/turns/wait/",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TurnsWait | None:
    if response.status_code == 200:
        response_200 = TurnsWait.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TurnsWait]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    timeout: float | Unset = UNSET,
) -> Response[Error | TurnsWait]:
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor.

    Args:
        cursor (str | Unset):
        timeout (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TurnsWait]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        timeout=timeout,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    timeout: float | Unset = UNSET,
) -> Error | TurnsWait | None:
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor.

    Args:
        cursor (str | Unset):
        timeout (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TurnsWait
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        timeout=timeout,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    timeout: float | Unset = UNSET,
) -> Response[Error | TurnsWait]:
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor.

    Args:
        cursor (str | Unset):
        timeout (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TurnsWait]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        timeout=timeout,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    timeout: float | Unset = UNSET,
) -> Error | TurnsWait | None:
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor.

    Args:
        cursor (str | Unset):
        timeout (float | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TurnsWait
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            timeout=timeout,
        )
    ).parsed
