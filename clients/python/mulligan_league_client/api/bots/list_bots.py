from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.paginated_bot_summary_list import PaginatedBotSummaryList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["game"] = game

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/bots/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PaginatedBotSummaryList | None:
    if response.status_code == 200:
        response_200 = PaginatedBotSummaryList.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PaginatedBotSummaryList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Response[Error | PaginatedBotSummaryList]:
    """Every bot (built-in and submitted); POST makes a submitted bot of yours.

    Args:
        game (str | Unset):
        page (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedBotSummaryList]
    """

    kwargs = _get_kwargs(
        game=game,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Error | PaginatedBotSummaryList | None:
    """Every bot (built-in and submitted); POST makes a submitted bot of yours.

    Args:
        game (str | Unset):
        page (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedBotSummaryList
    """

    return sync_detailed(
        client=client,
        game=game,
        page=page,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Response[Error | PaginatedBotSummaryList]:
    """Every bot (built-in and submitted); POST makes a submitted bot of yours.

    Args:
        game (str | Unset):
        page (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedBotSummaryList]
    """

    kwargs = _get_kwargs(
        game=game,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Error | PaginatedBotSummaryList | None:
    """Every bot (built-in and submitted); POST makes a submitted bot of yours.

    Args:
        game (str | Unset):
        page (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedBotSummaryList
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
            page=page,
        )
    ).parsed
