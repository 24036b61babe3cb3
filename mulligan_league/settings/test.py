"""The test suite: the same database and broker as configured (CI points them at PostgreSQL and
Redis), fast password hashing, and no tasks left in a broker by accident."""

from mulligan_league.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
