from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI runs the same examples every time (a red build must be reproducible); locally hypothesis
# explores freely.
settings.register_profile(
    "ci", derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
