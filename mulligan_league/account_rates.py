"""django-allauth's rate limits (``ACCOUNT_RATE_LIMITS``) from the one rate of the log-in pages.

A function, not a constant, so a test that lowers ``RATELIMIT_LOGIN`` sets allauth's limits with it.
"""

from __future__ import annotations

# How often one address may be sent a verification mail: a sign-up or "send again" cannot flood it.
VERIFICATION_MAIL_COOLDOWN = "1/3m/key"


def account_rate_limits(rate: str) -> dict[str, str]:
    """Each allauth action limited to ``rate`` ("<count>/<period>", as ``RATELIMIT_LOGIN``) per
    client address, and where allauth gives a key (the username tried, the address asked for) per
    key too, so spreading attempts over many addresses does not help."""
    return {
        "login": f"{rate}/ip",
        "login_failed": f"{rate}/ip,{rate}/key",
        "signup": f"{rate}/ip",
        "reset_password": f"{rate}/ip,{rate}/key",
        "reset_password_from_key": f"{rate}/ip",
        "confirm_email": f"{rate}/ip,{VERIFICATION_MAIL_COOLDOWN}",
        "change_password": f"{rate}/user",
        "manage_email": f"{rate}/user",
        "reauthenticate": f"{rate}/user",
    }
