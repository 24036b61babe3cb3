import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_games_sort import ExportGamesSort
from ...models.game_enum import GameEnum
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    bot: int | Unset = UNSET,
    game: GameEnum | Unset = UNSET,
    league: int | Unset = UNSET,
    max_: int | Unset = UNSET,
    player: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    since: datetime.datetime | int | Unset = UNSET,
    sort: ExportGamesSort | Unset = UNSET,
    tournament: int | Unset = UNSET,
    until: datetime.datetime | int | Unset = UNSET,
    version_test: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["bot"] = bot

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game.value

    params["game"] = json_game

    params["league"] = league

    params["max"] = max_

    params["player"] = player

    params["rated"] = rated

    json_since: int | str | Unset
    if isinstance(since, Unset):
        json_since = UNSET
    elif isinstance(since, datetime.datetime):
        json_since = since.isoformat()
    else:
        json_since = since
    params["since"] = json_since

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params["tournament"] = tournament

    json_until: int | str | Unset
    if isinstance(until, Unset):
        json_until = UNSET
    elif isinstance(until, datetime.datetime):
        json_until = until.isoformat()
    else:
        json_until = until
    params["until"] = json_until

    params["version_test"] = version_test

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/games/export/",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | None:
    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    bot: int | Unset = UNSET,
    game: GameEnum | Unset = UNSET,
    league: int | Unset = UNSET,
    max_: int | Unset = UNSET,
    player: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    since: datetime.datetime | int | Unset = UNSET,
    sort: ExportGamesSort | Unset = UNSET,
    tournament: int | Unset = UNSET,
    until: datetime.datetime | int | Unset = UNSET,
    version_test: int | Unset = UNSET,
) -> Response[Error]:
    """Finished games in bulk, as ndjson

     Every finished game the filters choose, newest first unless `sort=dateAsc`, one JSON object per
    line, streamed. The filters combine (all must hold). Limited per user, or per client address when
    signed out: over the limit, 429 with `Retry-After`.

    Args:
        bot (int | Unset):
        game (GameEnum | Unset):
        league (int | Unset):
        max_ (int | Unset):
        player (int | Unset):
        rated (bool | Unset):
        since (datetime.datetime | int | Unset):
        sort (ExportGamesSort | Unset):
        tournament (int | Unset):
        until (datetime.datetime | int | Unset):
        version_test (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        bot=bot,
        game=game,
        league=league,
        max_=max_,
        player=player,
        rated=rated,
        since=since,
        sort=sort,
        tournament=tournament,
        until=until,
        version_test=version_test,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    bot: int | Unset = UNSET,
    game: GameEnum | Unset = UNSET,
    league: int | Unset = UNSET,
    max_: int | Unset = UNSET,
    player: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    since: datetime.datetime | int | Unset = UNSET,
    sort: ExportGamesSort | Unset = UNSET,
    tournament: int | Unset = UNSET,
    until: datetime.datetime | int | Unset = UNSET,
    version_test: int | Unset = UNSET,
) -> Error | None:
    """Finished games in bulk, as ndjson

     Every finished game the filters choose, newest first unless `sort=dateAsc`, one JSON object per
    line, streamed. The filters combine (all must hold). Limited per user, or per client address when
    signed out: over the limit, 429 with `Retry-After`.

    Args:
        bot (int | Unset):
        game (GameEnum | Unset):
        league (int | Unset):
        max_ (int | Unset):
        player (int | Unset):
        rated (bool | Unset):
        since (datetime.datetime | int | Unset):
        sort (ExportGamesSort | Unset):
        tournament (int | Unset):
        until (datetime.datetime | int | Unset):
        version_test (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return sync_detailed(
        client=client,
        bot=bot,
        game=game,
        league=league,
        max_=max_,
        player=player,
        rated=rated,
        since=since,
        sort=sort,
        tournament=tournament,
        until=until,
        version_test=version_test,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    bot: int | Unset = UNSET,
    game: GameEnum | Unset = UNSET,
    league: int | Unset = UNSET,
    max_: int | Unset = UNSET,
    player: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    since: datetime.datetime | int | Unset = UNSET,
    sort: ExportGamesSort | Unset = UNSET,
    tournament: int | Unset = UNSET,
    until: datetime.datetime | int | Unset = UNSET,
    version_test: int | Unset = UNSET,
) -> Response[Error]:
    """Finished games in bulk, as ndjson

     Every finished game the filters choose, newest first unless `sort=dateAsc`, one JSON object per
    line, streamed. The filters combine (all must hold). Limited per user, or per client address when
    signed out: over the limit, 429 with `Retry-After`.

    Args:
        bot (int | Unset):
        game (GameEnum | Unset):
        league (int | Unset):
        max_ (int | Unset):
        player (int | Unset):
        rated (bool | Unset):
        since (datetime.datetime | int | Unset):
        sort (ExportGamesSort | Unset):
        tournament (int | Unset):
        until (datetime.datetime | int | Unset):
        version_test (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        bot=bot,
        game=game,
        league=league,
        max_=max_,
        player=player,
        rated=rated,
        since=since,
        sort=sort,
        tournament=tournament,
        until=until,
        version_test=version_test,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    bot: int | Unset = UNSET,
    game: GameEnum | Unset = UNSET,
    league: int | Unset = UNSET,
    max_: int | Unset = UNSET,
    player: int | Unset = UNSET,
    rated: bool | Unset = UNSET,
    since: datetime.datetime | int | Unset = UNSET,
    sort: ExportGamesSort | Unset = UNSET,
    tournament: int | Unset = UNSET,
    until: datetime.datetime | int | Unset = UNSET,
    version_test: int | Unset = UNSET,
) -> Error | None:
    """Finished games in bulk, as ndjson

     Every finished game the filters choose, newest first unless `sort=dateAsc`, one JSON object per
    line, streamed. The filters combine (all must hold). Limited per user, or per client address when
    signed out: over the limit, 429 with `Retry-After`.

    Args:
        bot (int | Unset):
        game (GameEnum | Unset):
        league (int | Unset):
        max_ (int | Unset):
        player (int | Unset):
        rated (bool | Unset):
        since (datetime.datetime | int | Unset):
        sort (ExportGamesSort | Unset):
        tournament (int | Unset):
        until (datetime.datetime | int | Unset):
        version_test (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return (
        await asyncio_detailed(
            client=client,
            bot=bot,
            game=game,
            league=league,
            max_=max_,
            player=player,
            rated=rated,
            since=since,
            sort=sort,
            tournament=tournament,
            until=until,
            version_test=version_test,
        )
    ).parsed
