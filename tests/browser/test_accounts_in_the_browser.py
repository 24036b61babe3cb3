"""A person signs up with an e-mail address in a real browser, verifies it from the mail, and finds
every account page usable (axe-core: no serious or critical violations)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
LINK = re.compile(r"https?://\S+")


def test_sign_up_verify_from_the_mail_and_visit_the_account_pages(
    live_server: Any, page: Any, screenshot: Any, accessibility: Any
) -> None:
    base = live_server.url
    page.goto(f"{base}/accounts/signup/")
    accessibility("the sign-up page")
    page.fill("#id_username", "maud")
    page.fill("#id_email", "maud@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", "not the same password")
    page.click("form[data-testid=signup-form] [type=submit]")
    page.wait_for_load_state()
    assert "You must type the same password each time." in page.inner_text("[data-field=password2]")
    accessibility("the sign-up page with errors")
    screenshot("accounts-signup-refused")

    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form[data-testid=signup-form] [type=submit]")
    page.wait_for_load_state()
    assert "Log out" in page.inner_text("header")
    assert "Please verify your e-mail address maud@example.org" in page.inner_text(
        "[data-testid=verify-banner]"
    )
    accessibility("the home page of a new person")
    screenshot("accounts-home-unverified")

    [message] = mail.outbox
    assert message.to == ["maud@example.org"]
    [link] = LINK.findall(message.body)
    page.goto(base + urlsplit(link).path)
    accessibility("the confirm page")
    screenshot("accounts-confirm")
    page.click("form[data-testid=confirm-email-form] [type=submit]")
    page.wait_for_load_state()
    assert EmailAddress.objects.get(email="maud@example.org").verified
    assert page.locator("[data-testid=verify-banner]").count() == 0

    for path, name in [
        ("/settings/", "settings"),
        ("/accounts/email/", "email"),
        ("/accounts/password/change/", "password-change"),
        ("/accounts/logout/", "logout"),
    ]:
        page.goto(base + path)
        accessibility(f"the {name} page")
        screenshot(f"accounts-{name}")
    page.click("form[data-testid=logout-form] [type=submit]")
    page.wait_for_load_state()

    for path, name in [
        ("/accounts/password/reset/", "password-reset"),
        ("/accounts/login/", "login"),
    ]:
        page.goto(base + path)
        accessibility(f"the {name} page")
        screenshot(f"accounts-{name}")
    page.fill("#id_login", "maud")
    page.fill("#id_password", PASSWORD)
    page.click("form[data-testid=login-form] [type=submit]")
    page.wait_for_load_state()
    assert "maud" in page.inner_text("header")
