"""The test suite: the same database and broker as configured (CI points them at PostgreSQL and
Redis), fast password hashing, and no tasks left in a broker by accident."""

from mulligan_league.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Tests play whole games through the API from one user and log in many times from one address: the
# real rates would refuse them. tests/games/api_me/test_throttles.py sets its own low rates.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {"moves": "100000/min", "login": "100000/min", "export": "100000/min"},
}
