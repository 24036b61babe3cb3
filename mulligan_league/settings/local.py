"""Development on one machine: DEBUG on, everything else from ``base``'s embedded defaults."""

from mulligan_league.settings.base import *  # noqa: F403
from mulligan_league.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
