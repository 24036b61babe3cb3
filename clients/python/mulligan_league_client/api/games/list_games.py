from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.paginated_game_list_item_list import PaginatedGameListItemList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    status: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["game"] = game

    params["page"] = page

    params["status"] = status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/games/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PaginatedGameListItemList | None:
    if response.status_code == 200:
        response_200 = PaginatedGameListItemList.from_dict(response.json())

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
) -> Response[Error | PaginatedGameListItemList]:
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
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    status: str | Unset = UNSET,
) -> Response[Error | PaginatedGameListItemList]:
    """
    Args:
        cursor (str | Unset):
        game (str | Unset):
        page (int | Unset):
        status (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedGameListItemList]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        game=game,
        page=page,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    status: str | Unset = UNSET,
) -> Error | PaginatedGameListItemList | None:
    """
    Args:
        cursor (str | Unset):
        game (str | Unset):
        page (int | Unset):
        status (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedGameListItemList
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        game=game,
        page=page,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    status: str | Unset = UNSET,
) -> Response[Error | PaginatedGameListItemList]:
    """
    Args:
        cursor (str | Unset):
        game (str | Unset):
        page (int | Unset):
        status (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedGameListItemList]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        game=game,
        page=page,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    status: str | Unset = UNSET,
) -> Error | PaginatedGameListItemList | None:
    """
    Args:
        cursor (str | Unset):
        game (str | Unset):
        page (int | Unset):
        status (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedGameListItemList
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            game=game,
            page=page,
            status=status,
        )
    ).parsed
