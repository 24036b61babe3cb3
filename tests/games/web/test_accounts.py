"""Accounts that reach people (django-allauth): sign-up with an e-mail address, verification by the
signed link of a mail, more addresses, password reset by mail, the limits, and that notification
mails go only to a verified primary address."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from bs4 import BeautifulSoup
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.models import Competitor, Notification, NotificationKind, Player
from games.selectors.accounts import verified_primary_emails
from games.selectors.games import game_state
from games.services.notifications import notification_deliver, notify_turn
from mulligan_league.account_rates import account_rate_limits
from tests.games.factories import PlayerFactory, VerifiedPlayerFactory
from tests.games.helpers import create_game
from tests.games.web.conftest import SEED

pytestmark = pytest.mark.django_db

PASSWORD = "a quiet harbour 42"
NEW_PASSWORD = "a louder harbour 43"
LINK = re.compile(r"https?://\S+")


def sign_up_form(**changes: str) -> dict[str, str]:
    form = {"username": "ada", "email": "ada@example.org", "password1": PASSWORD, "password2": PASSWORD}
    return form | changes


def sign_up(client: Client, **changes: str) -> User:
    response = client.post(reverse("signup"), sign_up_form(**changes))
    assert response.status_code == 302, response.content.decode()
    return User.objects.get(username=sign_up_form(**changes)["username"])


def only_link(message: mail.EmailMessage) -> str:
    """The path of the one link in a mail."""
    links = LINK.findall(message.body)
    assert len(links) == 1, message.body
    return urlsplit(links[0]).path


def verify(client: Client, message: mail.EmailMessage) -> None:
    """Follow the mail's link and press the confirm button, as a person does."""
    link = only_link(message)
    page = client.get(link)
    assert page.status_code == 200 and 'data-testid="confirm-email-form"' in page.content.decode()
    assert client.post(link).status_code == 302


def address(email: str) -> EmailAddress:
    return EmailAddress.objects.get(email=email)


def field_errors(html: str, field: str) -> str:
    """The text next to one field of a form (its label, input, help and errors)."""
    box = BeautifulSoup(html, "html.parser").select_one(f'[data-field="{field}"]')
    assert box is not None, f"no field {field}"
    return box.get_text(" ", strip=True)


class TestSignUpMailsOneLink:
    def test_sign_up_creates_a_player_and_sends_exactly_one_mail_with_a_link(self, client: Client) -> None:
        user = sign_up(client)
        player = Player.objects.get(user=user)
        assert player.competitor.name == "ada"
        assert str(client.session["_auth_user_id"]) == str(user.pk), "they can play at once"
        [message] = mail.outbox
        assert message.to == ["ada@example.org"]
        assert only_link(message).startswith("/accounts/confirm-email/")
        stored = address("ada@example.org")
        assert (stored.user_id, stored.primary, stored.verified) == (user.pk, True, False)

    def test_the_home_page_asks_to_verify_until_the_link_is_followed(self, client: Client) -> None:
        sign_up(client)
        assert 'data-testid="verify-banner"' in client.get("/").content.decode()
        verify(client, mail.outbox[0])
        assert address("ada@example.org").verified
        assert 'data-testid="verify-banner"' not in client.get("/").content.decode()

    def test_the_link_works_in_another_browser_without_logging_in(self, client: Client) -> None:
        sign_up(client)
        verify(Client(), mail.outbox[0])
        assert address("ada@example.org").verified

    def test_a_changed_link_verifies_nothing(self, client: Client) -> None:
        sign_up(client)
        link = only_link(mail.outbox[0])
        forged = link[:-3] + ("A" if link[-3] != "A" else "B") + link[-2:]
        assert 'data-testid="confirm-email-invalid"' in client.get(forged).content.decode()
        client.post(forged)
        assert not address("ada@example.org").verified

    def test_opening_the_link_alone_verifies_nothing(self, client: Client) -> None:
        sign_up(client)
        client.get(only_link(mail.outbox[0]))
        assert not address("ada@example.org").verified, "a mail scanner that opens links verifies nothing"


class TestNotificationMailsNeedAVerifiedAddress:
    def _start_game(self, user: User, bot: Any, on_commit: Any) -> int:
        with on_commit():
            game = create_game([user.player.competitor, bot.competitor], seed=SEED)
        return game.pk

    def test_unverified_gets_no_turn_mail_verified_does(
        self, client: Client, random_bot: Any, on_commit: Any
    ) -> None:
        user = sign_up(client)
        [confirmation] = mail.outbox
        first = self._start_game(user, random_bot, on_commit)
        assert Notification.objects.filter(game_id=first, kind=NotificationKind.TURN).exists() is False
        assert mail.outbox == [confirmation], "no turn mail to an unverified address"

        verify(client, confirmation)
        second = self._start_game(user, random_bot, on_commit)
        [turn_mail] = mail.outbox[1:]
        assert turn_mail.to == ["ada@example.org"]
        assert f"/games/{second}/" in turn_mail.body
        assert Notification.objects.get(game_id=second, channel="email").status == "sent"

    def test_an_address_unverified_after_the_turn_is_not_mailed(self) -> None:
        people = VerifiedPlayerFactory.create_batch(2)
        game = create_game([p.competitor for p in people], seed=SEED)
        to_act = game_state(game).to_act()
        seats = [seat for seat in game.seats.all() if seat.index in to_act]
        # Written to the outbox; its delivery waits for a commit that this test never makes.
        assert notify_turn([(game, seats)]) == len(seats)
        row = Notification.objects.filter(game=game, channel="email").first()
        assert row is not None
        EmailAddress.objects.filter(user_id=row.user_id).update(verified=False)
        assert notification_deliver(notification_pk=row.pk) == "failed"
        row.refresh_from_db()
        assert row.last_error == "the user has no verified e-mail address"
        assert not mail.outbox

    def test_an_account_with_only_a_user_email_counts_as_unverified(
        self, random_bot: Any, on_commit: Any
    ) -> None:
        legacy = PlayerFactory(user__email="old@example.org")
        assert not EmailAddress.objects.filter(user=legacy.user).exists()
        self._start_game(legacy.user, random_bot, on_commit)
        assert not Notification.objects.filter(channel="email").exists() and not mail.outbox

    def test_the_settings_page_and_its_test_button_say_why_nothing_goes_out(self, client: Client) -> None:
        sign_up(client)
        page = client.get("/settings/").content.decode()
        assert "No e-mails are sent: your address ada@example.org is not verified yet" in page
        response = client.post("/settings/test/", follow=True)
        assert (
            "nothing to test: your address ada@example.org is not verified yet" in response.content.decode()
        )
        assert not Notification.objects.exists() and len(mail.outbox) == 1


class TestAddresses:
    def test_a_second_address_is_added_verified_and_made_primary(self, client: Client) -> None:
        user = sign_up(client)
        verify(client, mail.outbox[0])
        mail.outbox.clear()
        response = client.post("/accounts/email/", {"email": "ada@work.example", "action_add": ""})
        assert response.status_code == 302
        [message] = mail.outbox
        assert message.to == ["ada@work.example"]
        assert not address("ada@work.example").verified

        # Not verified yet: it cannot take over from the verified primary address.
        client.post("/accounts/email/", {"email": "ada@work.example", "action_primary": ""})
        assert address("ada@example.org").primary and not address("ada@work.example").primary

        verify(client, message)
        client.post("/accounts/email/", {"email": "ada@work.example", "action_primary": ""})
        assert address("ada@work.example").primary and not address("ada@example.org").primary
        user.refresh_from_db()
        assert user.email == "ada@work.example"
        assert verified_primary_emails([user.pk]) == {user.pk: "ada@work.example"}

        client.post("/accounts/email/", {"email": "ada@example.org", "action_remove": ""})
        assert list(EmailAddress.objects.filter(user=user).values_list("email", flat=True)) == [
            "ada@work.example"
        ]

    def test_the_primary_address_cannot_be_removed(self, client: Client) -> None:
        user = sign_up(client)
        response = client.post(
            "/accounts/email/", {"email": "ada@example.org", "action_remove": ""}, follow=True
        )
        assert "You cannot remove your primary email address" in response.content.decode()
        assert EmailAddress.objects.filter(user=user, email="ada@example.org", primary=True).exists()

    def test_an_address_verified_by_another_account_stays_theirs(self, client: Client) -> None:
        bea = VerifiedPlayerFactory(user__email="bea@example.org")
        ada = sign_up(client)
        client.post("/accounts/email/", {"email": "bea@example.org", "action_add": ""})
        # The mail goes to the address's owner, whose link cannot hand it to ada.
        message = mail.outbox[-1]
        assert message.to == ["bea@example.org"]
        assert "another account verified it already" in Client().get(only_link(message)).content.decode()
        Client().post(only_link(message))
        client.post("/accounts/email/", {"email": "bea@example.org", "action_primary": ""})
        assert verified_primary_emails([bea.user_id, ada.pk]) == {bea.user_id: "bea@example.org"}

    def test_the_settings_page_lists_the_addresses_and_links_to_change_them(self, client: Client) -> None:
        sign_up(client)
        verify(client, mail.outbox[0])
        client.post("/accounts/email/", {"email": "ada@work.example", "action_add": ""})
        soup = BeautifulSoup(client.get("/settings/").content.decode(), "html.parser")
        rows = [
            row.get_text(" ", strip=True) for row in soup.select('[data-testid="account-addresses"] tbody tr')
        ]
        assert rows == [
            "ada@example.org verified, primary: notifications go here",
            "ada@work.example not verified",
        ]
        assert soup.select_one('[data-testid="manage-addresses"]')["href"] == reverse("account_email")
        assert soup.select_one('[data-testid="change-password"]')["href"] == reverse(
            "account_change_password"
        )


class TestPasswords:
    def test_a_reset_by_mail_link_sets_a_new_password(self, client: Client) -> None:
        VerifiedPlayerFactory(user__username="bea", user__email="bea@example.org")
        response = client.post(reverse("account_reset_password"), {"email": "bea@example.org"})
        assert response.status_code == 302 and response["Location"] == reverse("account_reset_password_done")
        [message] = mail.outbox
        assert message.to == ["bea@example.org"] and "bea" in message.body
        link = only_link(message)
        form_page = client.get(link)
        assert form_page.status_code == 302, "the key moves from the address into the session"
        done = client.post(form_page["Location"], {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
        assert done.status_code == 302 and done["Location"] == reverse("account_reset_password_from_key_done")

        assert Client().post(reverse("login"), {"login": "bea", "password": NEW_PASSWORD}).status_code == 302
        old = Client().post(reverse("login"), {"login": "bea", "password": "correct horse battery staple"})
        assert old.status_code == 200 and "_auth_user_id" not in old.client.session
        # The link is spent.
        again = Client().get(link, follow=True)
        assert 'data-testid="reset-link-invalid"' in again.content.decode()

    def test_an_unknown_address_gets_the_same_answer_and_no_mail(self, client: Client) -> None:
        response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
        assert response.status_code == 302 and response["Location"] == reverse("account_reset_password_done")
        assert not mail.outbox, "no mail to a stranger's address"

    def test_a_mismatched_new_password_is_refused_and_the_old_one_kept(self, client: Client) -> None:
        VerifiedPlayerFactory(user__username="bea", user__email="bea@example.org")
        client.post(reverse("account_reset_password"), {"email": "bea@example.org"})
        form_page = client.get(only_link(mail.outbox[0]))
        response = client.post(form_page["Location"], {"password1": NEW_PASSWORD, "password2": "other 12345"})
        assert "You must type the same password each time." in field_errors(
            response.content.decode(), "password2"
        )
        assert User.objects.get(username="bea").check_password("correct horse battery staple")

    def test_a_logged_in_person_changes_their_password(self, client: Client) -> None:
        sign_up(client)
        response = client.post(
            reverse("account_change_password"),
            {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        )
        assert response.status_code == 302
        assert User.objects.get(username="ada").check_password(NEW_PASSWORD)


class TestLimits:
    def test_sign_ups_beyond_the_rate_get_429_and_create_nothing(self, settings: Any) -> None:
        settings.ACCOUNT_RATE_LIMITS = account_rate_limits("2/m")
        for name in ("una", "val"):
            sign_up(Client(), username=name, email=f"{name}@example.org")
        response = Client().post(reverse("signup"), sign_up_form(username="wes", email="wes@example.org"))
        assert response.status_code == 429
        assert "Too many attempts in a short time. Nothing was done" in response.content.decode()
        assert not User.objects.filter(username="wes").exists()
        assert not Competitor.objects.filter(name="wes").exists()
        assert [m.to for m in mail.outbox] == [["una@example.org"], ["val@example.org"]]

    def test_password_resets_beyond_the_rate_get_429_and_send_nothing(
        self, client: Client, settings: Any
    ) -> None:
        settings.ACCOUNT_RATE_LIMITS = account_rate_limits("2/m")
        VerifiedPlayerFactory(user__username="bea", user__email="bea@example.org")
        for _ in range(2):
            assert (
                client.post(reverse("account_reset_password"), {"email": "bea@example.org"}).status_code
                == 302
            )
        response = client.post(reverse("account_reset_password"), {"email": "bea@example.org"})
        assert response.status_code == 429 and "Too many attempts" in response.content.decode()
        assert len(mail.outbox) == 2

    def test_the_verification_mail_is_not_sent_again_at_once(self, client: Client) -> None:
        sign_up(client)
        client.post("/accounts/email/", {"email": "ada@example.org", "action_send": ""})
        assert len(mail.outbox) == 1, "one mail per address every few minutes"


BAD_SIGN_UPS = [
    ("username", {"username": "taken"}, "A user with that username already exists."),
    ("username", {"username": "two words"}, "Enter a valid username."),
    ("username", {"username": ""}, "This field is required."),
    ("email", {"email": "taken@example.org"}, "A user is already registered with this email address."),
    ("email", {"email": "TAKEN@example.org"}, "A user is already registered with this email address."),
    ("email", {"email": "not-an-address"}, "Enter a valid email address."),
    ("email", {"email": ""}, "This field is required."),
    ("password2", {"password2": "a quiet harbour 24"}, "You must type the same password each time."),
    ("password1", {"password1": "short", "password2": "short"}, "This password is too short."),
]


@pytest.mark.parametrize(("field", "changes", "reason"), BAD_SIGN_UPS)
def test_a_bad_sign_up_shows_the_reason_next_to_the_field_and_creates_nothing(
    client: Client, field: str, changes: dict[str, str], reason: str
) -> None:
    PlayerFactory(user__username="taken", user__email="taken@example.org")
    before = (
        User.objects.count(),
        Player.objects.count(),
        Competitor.objects.count(),
        EmailAddress.objects.count(),
    )
    response = client.post(reverse("signup"), sign_up_form(**changes))
    assert response.status_code == 400
    assert reason in field_errors(response.content.decode(), field)
    after = (
        User.objects.count(),
        Player.objects.count(),
        Competitor.objects.count(),
        EmailAddress.objects.count(),
    )
    assert after == before and not mail.outbox
    assert "_auth_user_id" not in client.session


class TestPages:
    def _pages(self, client: Client) -> dict[str, int]:
        """Each account page a person meets, with the status it answers."""
        sign_up(client)
        confirm = only_link(mail.outbox[0])
        return {
            reverse("login"): 200,
            reverse("signup"): 200,
            reverse("account_reset_password"): 200,
            reverse("account_reset_password_done"): 200,
            "/accounts/password/reset/key/1-nonsense/": 200,
            reverse("account_reset_password_from_key_done"): 200,
            reverse("account_email_verification_sent"): 200,
            confirm: 200,
            reverse("logout"): 200,
            reverse("account_email"): 200,
            reverse("account_change_password"): 200,
        }

    def test_every_account_page_is_in_the_sites_frame_without_inline_code(self, client: Client) -> None:
        for path, status in self._pages(client).items():
            # The logged-out pages are seen logged out, the others logged in.
            viewer = (
                client
                if path in {reverse("logout"), reverse("account_email"), reverse("account_change_password")}
                else Client()
            )
            response = viewer.get(path)
            html = response.content.decode()
            assert response.status_code == status, path
            soup = BeautifulSoup(html, "html.parser")
            assert soup.select_one("header.site a.brand") is not None, path
            assert soup.select_one('link[href="/static/css/site.css"]') is not None, path
            assert soup.title.get_text().strip().endswith("— Mulligan League"), path
            assert len(soup.find_all("h1")) == 1, path
            assert not soup.find_all("style") and not soup.select("[style]"), path
            assert all(tag.get("src") for tag in soup.find_all("script")), path
            for box in soup.select("input:not([type=hidden])"):
                assert soup.select_one(f'label[for="{box["id"]}"]') is not None, (path, box)

    def test_the_short_url_names_still_lead_to_the_account_pages(self) -> None:
        assert (reverse("login"), reverse("signup"), reverse("logout")) == (
            "/accounts/login/",
            "/accounts/signup/",
            "/accounts/logout/",
        )
        assert reverse("account_login") == reverse("login")
