from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.version_test import VersionTest
from ...models.version_test_publish_request import VersionTestPublishRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    tid: int,
    *,
    body: VersionTestPublishRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/bots/{id}/tests/{tid}/publish/".format(
            id=quote(str(id), safe=""),
            tid=quote(str(tid), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | VersionTest | None:
    if response.status_code == 200:
        response_200 = VersionTest.from_dict(response.json())

        return response_200

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

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | VersionTest]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    body: VersionTestPublishRequest | Unset = UNSET,
) -> Response[Error | VersionTest]:
    """Show the test on the bot's public page (``{"published": false}`` hides it again).

    Args:
        id (int):
        tid (int):
        body (VersionTestPublishRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VersionTest]
    """

    kwargs = _get_kwargs(
        id=id,
        tid=tid,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    body: VersionTestPublishRequest | Unset = UNSET,
) -> Error | VersionTest | None:
    """Show the test on the bot's public page (``{"published": false}`` hides it again).

    Args:
        id (int):
        tid (int):
        body (VersionTestPublishRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VersionTest
    """

    return sync_detailed(
        id=id,
        tid=tid,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    body: VersionTestPublishRequest | Unset = UNSET,
) -> Response[Error | VersionTest]:
    """Show the test on the bot's public page (``{"published": false}`` hides it again).

    Args:
        id (int):
        tid (int):
        body (VersionTestPublishRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VersionTest]
    """

    kwargs = _get_kwargs(
        id=id,
        tid=tid,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    body: VersionTestPublishRequest | Unset = UNSET,
) -> Error | VersionTest | None:
    """Show the test on the bot's public page (``{"published": false}`` hides it again).

    Args:
        id (int):
        tid (int):
        body (VersionTestPublishRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VersionTest
    """

    return (
        await asyncio_detailed(
            id=id,
            tid=tid,
            client=client,
            body=body,
        )
    ).parsed
