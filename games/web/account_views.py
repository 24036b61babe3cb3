"""django-allauth's account views, as the site mounts them under ``/accounts/``.

The pages are allauth's own; only the sign-up form answers a refused form with 400, as every other
form of the site does (allauth answers 200).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from allauth.account import views as allauth_views
from django.http import HttpRequest, HttpResponse

View = Callable[..., HttpResponse]


def refusals_are_400(view: View) -> View:
    """A POST whose form comes back with errors is answered 400 Bad Request."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        context = getattr(response, "context_data", None) or {}
        form = context.get("form")
        if request.method == "POST" and response.status_code == 200 and form is not None and form.errors:
            response.status_code = 400
        return response

    return wrapped


signup = refusals_are_400(allauth_views.signup)
login = allauth_views.login
logout = allauth_views.logout
