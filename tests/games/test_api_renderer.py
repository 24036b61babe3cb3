"""games.api.renderers.JSONRenderer writes what DRF's JSONRenderer writes, byte for byte."""

from __future__ import annotations

import datetime
import decimal
import zoneinfo
from typing import Any

import pytest
from django.utils.functional import lazy
from hypothesis import example, given
from hypothesis import strategies as st
from rest_framework import renderers

from games.api.renderers import JSONRenderer

ours, drf = JSONRenderer(), renderers.JSONRenderer()

utc = datetime.UTC
paris = zoneinfo.ZoneInfo("Europe/Paris")
# A zone's offsets since standard time (orjson drops the seconds of a local mean time: the module says why).
modern = st.datetimes(min_value=datetime.datetime(1980, 1, 1))
datetimes = (
    st.builds(lambda moment, zone: moment.replace(tzinfo=zone), st.datetimes(), st.sampled_from([utc, None]))
    | st.builds(lambda moment: moment.replace(tzinfo=zoneinfo.ZoneInfo("UTC")), st.datetimes())
    | st.builds(lambda moment: moment.replace(tzinfo=paris), modern)
)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | datetimes
    | st.dates()
    | st.decimals(allow_nan=False, allow_infinity=False, places=6)
)
keys = st.text() | st.integers(min_value=-(2**40), max_value=2**40) | st.booleans() | st.none()
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)


def both(data: Any, media_type: str | None = "application/json") -> tuple[bytes, bytes]:
    return ours.render(data, media_type, {}), drf.render(data, media_type, {})


@given(documents)
@example({"at": datetime.datetime(2026, 11, 25, 13, 4, 5, 678900, tzinfo=utc), "rating": 1523.4567})
@example({"tiny": 1e-05, "small": 0.00012, "large": 1e16, "nine": 9.5e-09, "zero": -0.0})
@example({"text": 'é\u2028 \u2029\x00\x1f\x7f"\\/\n😀', "name": "Ünïcode 名前"})
@example({"big": 2**64, "negative": -(2**63) - 1})
@example(
    [decimal.Decimal("1.10"), decimal.Decimal("0.00001"), {1: "one", False: "no", None: "none", 2.5: "half"}]
)
def test_the_same_bytes_as_drf(data: Any) -> None:
    fast, reference = both(data)
    assert fast == reference


def test_lazy_strings_and_durations_go_through_drfs_encoder() -> None:
    data = {"lazy": lazy(lambda: "later", str)(), "took": datetime.timedelta(seconds=90), "set": {3}}
    fast, reference = both(data)
    assert fast == reference == b'{"lazy":"later","took":"90.0","set":[3]}'


def test_an_indent_asked_for_is_given() -> None:
    fast, reference = both({"a": [1, 2]}, "application/json; indent=4")
    assert fast == reference == b'{\n    "a": [\n        1,\n        2\n    ]\n}'


def test_what_drf_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        ours.render({"thing": object()}, "application/json", {})
    with pytest.raises(ValueError):
        drf.render({"nan": float("nan")}, "application/json", {})


def test_nothing_is_no_bytes() -> None:
    assert both(None) == (b"", b"")
