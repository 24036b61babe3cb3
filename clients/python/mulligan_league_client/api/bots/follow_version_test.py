from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    tid: int,
    *,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/bots/{id}/tests/{tid}/stream/".format(
            id=quote(str(id), safe=""),
            tid=quote(str(tid), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 406:
        response_406 = Error.from_dict(response.json())

        return response_406

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
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
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Error | str]:
    """Follow a version test as its pairs are counted

     The test's figures as they change, for whoever may read the test (its author; anyone once it is
    published). Without Last-Event-ID it starts with a `test` event (the test as the detail shows it,
    with the number of pairs counted as id); then a `figures` event each time a pair is counted (id: the
    pairs counted; the counts, LLR with its bounds, Elo and normalized Elo, state), and `end` when the
    test is accepted, rejected, inconclusive or stopped (id: one past the last pair; the final figures),
    after which the stream ends. The figures are cumulative, so a reader that resumes with Last-Event-ID
    n gets one `figures` event, the latest, if more than n pairs were counted meanwhile (not one per
    pair missed), then the end if the test has finished. While nothing happens a heartbeat comes every
    STREAM_HEARTBEAT_SECONDS (15 by default): an empty line in ndjson, a comment in server-sent events.
    Accept chooses the format: application/x-ndjson (the default) or text/event-stream.

    Args:
        id (int):
        tid (int):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        tid=tid,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
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
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Error | str | None:
    """Follow a version test as its pairs are counted

     The test's figures as they change, for whoever may read the test (its author; anyone once it is
    published). Without Last-Event-ID it starts with a `test` event (the test as the detail shows it,
    with the number of pairs counted as id); then a `figures` event each time a pair is counted (id: the
    pairs counted; the counts, LLR with its bounds, Elo and normalized Elo, state), and `end` when the
    test is accepted, rejected, inconclusive or stopped (id: one past the last pair; the final figures),
    after which the stream ends. The figures are cumulative, so a reader that resumes with Last-Event-ID
    n gets one `figures` event, the latest, if more than n pairs were counted meanwhile (not one per
    pair missed), then the end if the test has finished. While nothing happens a heartbeat comes every
    STREAM_HEARTBEAT_SECONDS (15 by default): an empty line in ndjson, a comment in server-sent events.
    Accept chooses the format: application/x-ndjson (the default) or text/event-stream.

    Args:
        id (int):
        tid (int):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        id=id,
        tid=tid,
        client=client,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Error | str]:
    """Follow a version test as its pairs are counted

     The test's figures as they change, for whoever may read the test (its author; anyone once it is
    published). Without Last-Event-ID it starts with a `test` event (the test as the detail shows it,
    with the number of pairs counted as id); then a `figures` event each time a pair is counted (id: the
    pairs counted; the counts, LLR with its bounds, Elo and normalized Elo, state), and `end` when the
    test is accepted, rejected, inconclusive or stopped (id: one past the last pair; the final figures),
    after which the stream ends. The figures are cumulative, so a reader that resumes with Last-Event-ID
    n gets one `figures` event, the latest, if more than n pairs were counted meanwhile (not one per
    pair missed), then the end if the test has finished. While nothing happens a heartbeat comes every
    STREAM_HEARTBEAT_SECONDS (15 by default): an empty line in ndjson, a comment in server-sent events.
    Accept chooses the format: application/x-ndjson (the default) or text/event-stream.

    Args:
        id (int):
        tid (int):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        tid=tid,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    tid: int,
    *,
    client: AuthenticatedClient,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Error | str | None:
    """Follow a version test as its pairs are counted

     The test's figures as they change, for whoever may read the test (its author; anyone once it is
    published). Without Last-Event-ID it starts with a `test` event (the test as the detail shows it,
    with the number of pairs counted as id); then a `figures` event each time a pair is counted (id: the
    pairs counted; the counts, LLR with its bounds, Elo and normalized Elo, state), and `end` when the
    test is accepted, rejected, inconclusive or stopped (id: one past the last pair; the final figures),
    after which the stream ends. The figures are cumulative, so a reader that resumes with Last-Event-ID
    n gets one `figures` event, the latest, if more than n pairs were counted meanwhile (not one per
    pair missed), then the end if the test has finished. While nothing happens a heartbeat comes every
    STREAM_HEARTBEAT_SECONDS (15 by default): an empty line in ndjson, a comment in server-sent events.
    Accept chooses the format: application/x-ndjson (the default) or text/event-stream.

    Args:
        id (int):
        tid (int):
        last_event_id_query (int | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            id=id,
            tid=tid,
            client=client,
            last_event_id_query=last_event_id_query,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
