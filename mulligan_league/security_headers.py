"""django-csp's middleware, with the policy that most responses carry built once per process.

django-csp builds the Content-Security-Policy header from the settings anew for every response
(copying the settings' directives, twice: the policy and the report-only one), so that a view's
decorator or a nonce can change it. Most responses have neither, and for them that work was a
third of what a small JSON answer cost (bench/read_path.py's profile). Here a response with no
decorator's change and no nonce gets the header built once from the settings (again whenever a
test changes them); any other goes through django-csp as before, and both set the header under
the same conditions (tests/test_security_headers.py compares them).
"""

from __future__ import annotations

import functools
import http.client
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCspMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

# What a view's decorators (csp_update, csp_replace, csp(), csp_exempt's counterparts) leave on a
# response to change its policy: such a response is built by django-csp itself.
_PER_RESPONSE = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)
# (header, the setting it comes from, the attribute that exempts a response from it)
_POLICIES = (
    (HEADER, "CONTENT_SECURITY_POLICY", "_csp_exempt"),
    (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", "_csp_exempt_ro"),
)
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


@functools.cache
def _settings_policies() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """(header, its value, exempting attribute, excluded path prefixes) of each policy the settings
    give: what django-csp builds for a response that changes nothing about them."""
    found = []
    for header, setting, exempt in _POLICIES:
        value = build_policy(report_only=header == HEADER_REPORT_ONLY)
        if value:
            policy: dict[str, Any] = getattr(settings, setting, None) or {}
            prefixes = tuple(policy.get("EXCLUDE_URL_PREFIXES") or ())
            found.append((header, value, exempt, prefixes))
    return tuple(found)


@receiver(setting_changed)
def _policies_forgotten(*, setting: str, **kwargs: Any) -> None:
    if setting in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
        _settings_policies.cache_clear()


class CSPMiddleware(DjangoCspMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _PER_RESPONSE
        ):
            return super().process_response(request, response)
        if response.status_code in _DEBUG_EXEMPT and settings.DEBUG:
            return response
        for header, value, exempt, prefixes in _settings_policies():
            if (
                header not in response
                and getattr(response, exempt, False) is False
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = value
        # As django-csp does: a nonce asked for after the header is written is an error, not a
        # nonce the policy never named.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
