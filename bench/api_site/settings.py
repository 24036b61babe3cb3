"""The production settings, served with one extra URL: ``bench/bare/``, the bare Django view that
bench/api.py measures every endpoint against (same process, same middleware stack).

Production's required environment (``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS``) is given by
bench/api.py when it starts the server; nothing else is changed here, so what is measured is what
production serves.
"""

from mulligan_league.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.api_site.urls"
