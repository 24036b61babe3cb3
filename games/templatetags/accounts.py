"""``{% email_verification_banner %}``: asks a logged-in person to verify their address while
notification mails cannot reach them (see ``games.selectors.accounts``)."""

from __future__ import annotations

from typing import Any

from django import template

from games.selectors.accounts import mail_state

register = template.Library()


@register.inclusion_tag("account/snippets/verify_banner.html", takes_context=True)
def email_verification_banner(context: template.Context) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"state": None}
    return {"state": mail_state(user)}
