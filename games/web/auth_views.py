"""Sign up, log in and log out, on Django's own auth forms and views; log-in attempts are rate limited."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from games.services.errors import InvalidInput
from games.services.players import player_create

TOO_MANY_ATTEMPTS = "Too many attempts in a short time. Nothing was done; wait a minute and try again."


def login_rate(group: str, request: HttpRequest) -> str:
    # Read at each request, so the settings (and tests) decide the rate.
    return str(settings.RATELIMIT_LOGIN)


def _refused(request: HttpRequest, template: str, form: Any) -> HttpResponse:
    # An unbound form (nothing was checked), with the reason above it.
    return render(request, template, {"form": form, "refused": TOO_MANY_ATTEMPTS}, status=429)


@ratelimit(group="login-ip", key="ip", rate=login_rate, method="POST", block=False)
@ratelimit(group="login-username", key="post:username", rate=login_rate, method="POST", block=False)
def login_view(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and getattr(request, "limited", False):
        form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")[:150]})
        return _refused(request, "registration/login.html", form)
    return LoginView.as_view(redirect_authenticated_user=True)(request)


logout_view = LogoutView.as_view()


class SignUpForm(UserCreationForm):
    """Django's form (username, password1, password2, with the password validators)."""


@require_http_methods(["GET", "POST"])
@ratelimit(group="signup-ip", key="ip", rate=login_rate, method="POST", block=False)
def signup_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    if request.method == "POST" and getattr(request, "limited", False):
        return _refused(request, "registration/signup.html", SignUpForm())
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = player_create(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except InvalidInput as exc:
            form.add_error(None, exc.message)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(settings.LOGIN_REDIRECT_URL)
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)
