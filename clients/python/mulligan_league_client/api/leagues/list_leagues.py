from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.competition_state_enum import CompetitionStateEnum
from ...models.error import Error
from ...models.paginated_league_list import PaginatedLeagueList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    state: CompetitionStateEnum | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["game"] = game

    params["page"] = page

    json_state: str | Unset = UNSET
    if not isinstance(state, Unset):
        json_state = state.value

    params["state"] = json_state

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/leagues/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PaginatedLeagueList | None:
    if response.status_code == 200:
        response_200 = PaginatedLeagueList.from_dict(response.json())

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
) -> Response[Error | PaginatedLeagueList]:
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
    state: CompetitionStateEnum | Unset = UNSET,
) -> Response[Error | PaginatedLeagueList]:
    """Leagues, newest first; anyone signed in may create one and is its organiser.

    Args:
        game (str | Unset):
        page (int | Unset):
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedLeagueList]
    """

    kwargs = _get_kwargs(
        game=game,
        page=page,
        state=state,
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
    state: CompetitionStateEnum | Unset = UNSET,
) -> Error | PaginatedLeagueList | None:
    """Leagues, newest first; anyone signed in may create one and is its organiser.

    Args:
        game (str | Unset):
        page (int | Unset):
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedLeagueList
    """

    return sync_detailed(
        client=client,
        game=game,
        page=page,
        state=state,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    state: CompetitionStateEnum | Unset = UNSET,
) -> Response[Error | PaginatedLeagueList]:
    """Leagues, newest first; anyone signed in may create one and is its organiser.

    Args:
        game (str | Unset):
        page (int | Unset):
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedLeagueList]
    """

    kwargs = _get_kwargs(
        game=game,
        page=page,
        state=state,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    game: str | Unset = UNSET,
    page: int | Unset = UNSET,
    state: CompetitionStateEnum | Unset = UNSET,
) -> Error | PaginatedLeagueList | None:
    """Leagues, newest first; anyone signed in may create one and is its organiser.

    Args:
        game (str | Unset):
        page (int | Unset):
        state (CompetitionStateEnum | Unset): * `draft` - draft
            * `registration` - registration open
            * `running` - running
            * `finished` - finished
            * `cancelled` - cancelled

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedLeagueList
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
            page=page,
            state=state,
        )
    ).parsed
