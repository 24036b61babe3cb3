"""Settings shared by every environment, read from environment variables (django-environ).

With no ``DATABASE_URL`` the service runs on SQLite; with no ``CELERY_BROKER_URL`` Celery uses
kombu's filesystem transport in ``var/celery/``, so a real worker process runs tasks with no broker
server. Set both (PostgreSQL, Redis) in production.
"""

from __future__ import annotations

import warnings
from datetime import timedelta
from pathlib import Path

import environ

from mulligan_league.account_rates import account_rate_limits

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY: str = env("DJANGO_SECRET_KEY", default="dev-only-insecure-key-change-me")
DEBUG: bool = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS: list[str] = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The site's own CSS and scripts, the admin's and the API docs' (drf-spectacular-sidecar), served
    # by the web process itself, with or without DEBUG and without a proxy in front (WhiteNoise, made
    # able to run in the ASGI handler's async chain too: mulligan_league/static_files.py).
    "mulligan_league.static_files.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mulligan_league.urls"
WSGI_APPLICATION = "mulligan_league.wsgi.application"
ASGI_APPLICATION = "mulligan_league.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context.catalog",
                "games.web.context.your_turns",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A worker and the web process write to one file. IMMEDIATE transactions take the write lock
    # up front, so they wait for it (timeout) instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 30, "transaction_mode": "IMMEDIATE"})
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
# Connections are kept (CONN_MAX_AGE, and by workers between tasks: CELERY_DB_REUSE_MAX below), so
# check one that saw an error before it is used again rather than fail the next request or task.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The same backend, whose health check polls the socket instead of a round trip per request.
    DATABASES["default"]["ENGINE"] = "mulligan_league.postgresql"
    # The hand-written SQL of the reads and of a move is prepared by the server once it repeats on a
    # connection (mulligan_league.statements). Off for a pooler in transaction mode that does not
    # keep prepared statements (PgBouncer before 1.21, or without max_prepared_statements).
    DATABASES["default"]["PREPARED_STATEMENTS"] = env.bool("DATABASE_PREPARED_STATEMENTS", default=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Rate limits, whose-turn caches and long polls share this cache. The default lives in each process;
# a deployment with several web processes points CACHE_URL at Redis (redis://host:6379/1) so they
# count and see the same.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
# Django's Redis cache keeps its connections on the cache object, which is made again for each
# request under the ASGI server: this one keeps them per process (mulligan_league/redis_cache.py).
if CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    CACHES["default"]["BACKEND"] = "mulligan_league.redis_cache.SharedRedisCache"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# The site's own stylesheet and scripts (static/), next to each app's.
STATICFILES_DIRS = [BASE_DIR / "static"]
# Until `collectstatic` has filled STATIC_ROOT (a fresh clone, `make run`), serve from the sources.
WHITENOISE_USE_FINDERS: bool = env.bool("WHITENOISE_USE_FINDERS", default=True)
# ...and WhiteNoise's warning that STATIC_ROOT does not exist yet says nothing new then.
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
# Rate limits of the pages (counted in CACHES): "<count>/<period>" with period s, m, h or d. The
# account pages' (log-in, sign-up, password reset: django-allauth) are set from RATELIMIT_LOGIN in
# "-- Accounts" below; moves are counted by django-ratelimit.
RATELIMIT_LOGIN: str = env("RATELIMIT_LOGIN", default="10/m")
RATELIMIT_MOVES: str = env("RATELIMIT_MOVES", default="60/m")

# -- Accounts (django-allauth: sign-up, log-in, e-mail addresses, password reset) ---------------------
# Sign-up asks for a username, an e-mail address and the password twice; log-in is by username. An
# address is verified by a signed link in a mail (no codes). "optional": a new person plays at once,
# but notification mails go only to a verified primary address (games.services.notifications).
INSTALLED_APPS += ["allauth", "allauth.account"]
MIDDLEWARE += ["allauth.account.middleware.AccountMiddleware"]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
# Makes each new person's Player through games.services.players; keeps the primary address.
ACCOUNT_ADAPTER = "games.web.account_adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_EMAIL_VERIFICATION_BY_CODE_ENABLED = False
ACCOUNT_PASSWORD_RESET_BY_CODE_ENABLED = False
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_MAX_EMAIL_ADDRESSES = 5
# A password reset asked for an address no account has sends nothing (the page answers the same).
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Mulligan League] "
# Throttled like the log-in page always was: RATELIMIT_LOGIN per client address, and per username
# (failed log-ins) or address (password resets) tried; a verification mail at most every 3 minutes.
ACCOUNT_RATE_LIMITS = account_rate_limits(RATELIMIT_LOGIN)
# The client address those limits count: as the API's (API_NUM_PROXIES proxies append to
# X-Forwarded-For; with 0 the connection's own address, which a forged header cannot change).
ALLAUTH_TRUSTED_PROXY_COUNT: int = env.int("API_NUM_PROXIES", default=0)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Tokens are stored as digests (games.models.tokens), never as usable keys.
        "games.api.authentication.HashedTokenAuthentication",
        "games.api.authentication.SessionCookieAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON only: an operation that takes more says so (a bot's program upload takes multipart, the
    # token login a plain form too), and the OpenAPI document lists what each one takes.
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.SafeJSONParser"],
    # DRF's JSON text written by orjson (games.api.renderers), and DRF's browsable pages as before.
    "DEFAULT_RENDERER_CLASSES": [
        "games.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.PageNumbers",
    "PAGE_SIZE": 50,
    # drf-spectacular's, with every operation's refusals documented in one error shape.
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.ApiSchema",
    "DEFAULT_FILTER_BACKENDS": ["games.api.filter_backends.FilterBackend"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    # DRF's negotiation, with a short way for the Accept headers scripts send (games.api.negotiation).
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "games.api.negotiation.ContentNegotiation",
    # games.api.throttles: moves sent per user, token logins per client address, game exports per user
    # (or address) ("n/s|min|hour|day").
    "DEFAULT_THROTTLE_RATES": {
        "moves": env("API_MOVE_RATE", default="120/min"),
        "login": env("API_LOGIN_RATE", default="10/min"),
        "export": env("API_EXPORT_RATE", default="20/min"),
    },
    # How many reverse proxies in front append to X-Forwarded-For: with 0 the client address is the
    # connection's, so a forged header cannot dodge the login limit. Behind one proxy, set 1.
    "NUM_PROXIES": env.int("API_NUM_PROXIES", default=0),
}
# API tokens a user may hold; making one more (each token log-in makes one) drops the least recently used.
API_TOKENS_PER_USER: int = env.int("API_TOKENS_PER_USER", default=50)
# A long list's `count` (past 1,000 rows: a ladder, the games) is counted once and kept this many
# seconds (games.api.pagination); shorter lists are counted on every request.
API_COUNT_CACHE_SECONDS: int = env.int("API_COUNT_CACHE_SECONDS", default=30)
# GET /api/me/turns/wait/ looks for a new turn this often (seconds) where no Redis announces turns
# (STREAMS_REDIS_URL empty, or Redis away): one small query per look.
LONG_POLL_INTERVAL: float = env.float("LONG_POLL_INTERVAL", default=1.0)
# A game page waits this long (seconds) for the game to move on before answering "nothing new".
GAME_PAGE_WAIT_SECONDS: float = env.float("GAME_PAGE_WAIT_SECONDS", default=25.0)
# The threads that run requests other than the event streams and the long polls (GET
# /api/me/turns/wait/, which wait as coroutines) and the games' export (whose chunks are read in the
# event loop's pool), per web process (mulligan_league/asgi.py; 4: bench/HISTORY.md): each may
# hold a database connection, as may each of the event loop's pool threads (cores + 4) that run the
# waiting requests' short reads. Keep processes x (threads + cores + 4) below max_connections.
WEB_THREADS: int = env.int("WEB_THREADS", default=4)
# Games per query of an export (GET /api/games/export/, manage.py export_games, archives): large
# enough that a round trip is amortised, small enough to hold in memory (a chunk is ~2 MB at 500
# games of 15 moves); a download holds a thread only while a chunk is read.
EXPORT_CHUNK_GAMES: int = env.int("EXPORT_CHUNK_GAMES", default=500)
# Event streams (GET /api/games/{id}/stream/, /api/tournaments/{id}/stream/, games.streams): a change
# is announced after its commit on Redis pub/sub, here STREAMS_REDIS_URL, else the broker when it is
# Redis. With neither (the embedded default: SQLite and the filesystem broker) each open stream
# looks at the database every STREAM_POLL_SECONDS instead: a fallback for one machine only.
STREAMS_REDIS_URL: str = env("STREAMS_REDIS_URL", default="")
# An idle stream sends a heartbeat this often (seconds), so proxies and clients see it is alive.
STREAM_HEARTBEAT_SECONDS: float = env.float("STREAM_HEARTBEAT_SECONDS", default=15.0)
STREAM_POLL_SECONDS: float = env.float("STREAM_POLL_SECONDS", default=1.0)
# Served by a WSGI server (runserver, pytest-django's live_server), a stream holds a thread: it
# ends after this many seconds and its reader reconnects with Last-Event-ID (ASGI: no limit).
STREAM_WSGI_SECONDS: float = env.float("STREAM_WSGI_SECONDS", default=25.0)

SPECTACULAR_SETTINGS = {
    "TITLE": "Mulligan League API",
    "DESCRIPTION": "Games, moves, bots and ladders for the Mulligan family of card games.",
    # Raised whenever the API takes away or changes something a client relies on (0.x: the minor
    # number), as tests/games/test_api_schema_document.py requires; additions keep it.
    "VERSION": "0.2.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # games.converters.IdConverter: an integer, as Django's own <int:...> is documented.
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    # Request and response components apart (``...Request``): read-only fields are never asked for,
    # and a request's text fields say they may not be empty.
    "COMPONENT_SPLIT_REQUEST": True,
    # After drf-spectacular's own (which names the components' enums): parameters refer to them.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.named_parameter_enums",
    ],
    # The event streams are async Django views, not DRF's: documented by games.api.stream_docs.
    "PREPROCESSING_HOOKS": ["games.api.stream_docs.add_stream_endpoints"],
    # Enums shared by several components get one name, the name of what they are (a generated client
    # has a class of each): drf-spectacular would name them after a field or the first component.
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.GameStatus",
        "CompetitionStateEnum": "games.models.CompetitionState",
        "ChallengeStateEnum": "games.models.ChallengeState",
        "SeatKindEnum": [("player", "player"), ("bot", "bot")],
        "BotKindEnum": "games.models.BotKind",
    },
}

# -- Celery ---------------------------------------------------------------------------------------
# "localhost" only keeps kombu from warning that no host was given; the folders are what count.
CELERY_BROKER_URL: str = env("CELERY_BROKER_URL", default="filesystem://localhost/")
CELERY_FILESYSTEM_DIR = Path(env("CELERY_FILESYSTEM_DIR", default=str(VAR_DIR / "celery")))
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_FILESYSTEM_DIR / "queue"),
        "data_folder_out": str(CELERY_FILESYSTEM_DIR / "queue"),
        "processed_folder": str(CELERY_FILESYSTEM_DIR / "processed"),
        "control_folder": str(CELERY_FILESYSTEM_DIR / "control"),
        "store_processed": False,
        # kombu polls the folder for new messages; at its default (1 s) a free worker could wait
        # up to a second for the next task, far longer than a batch of bot games takes (500 bot
        # games through this broker: 2 games/s at 1 s, ~200 games/s at 0.1 s).
        "polling_interval": env.float("CELERY_FILESYSTEM_POLLING_INTERVAL", default=0.1),
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TIME_LIMIT: int = env.int("CELERY_TASK_TIME_LIMIT", default=300)
CELERY_TASK_SOFT_TIME_LIMIT: int = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=240)
CELERY_TASK_ALWAYS_EAGER: bool = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
# A worker told to stop with SIGQUIT (a cold shutdown: `manage.py serve` and the compose file stop
# workers so) lets its running tasks finish for this many seconds, then cancels them; being
# acks_late and unacknowledged, they go back to the broker as it closes its connection. 0: no wait.
# Keep it below the supervisor's stop timeout. (SIGTERM, a warm shutdown, waits for them without end.)
CELERY_WORKER_SOFT_SHUTDOWN_TIMEOUT: float = env.float("CELERY_WORKER_SOFT_SHUTDOWN_TIMEOUT", default=0.0)
# Celery's Django fixup closes the worker's database connection before and after every task unless
# this is set: a new PostgreSQL backend per task, ~7.5 ms of a worker's time per bot game and most
# of the server's 20-30 ms of CPU per game. With it, the connection is closed only every this many
# tasks, and mulligan_league/celery.py hands the rest to Django's own rules (close_old_connections:
# CONN_MAX_AGE, CONN_HEALTH_CHECKS), as for a web request.
CELERY_DB_REUSE_MAX: int = env.int("CELERY_DB_REUSE_MAX", default=1000)
CELERY_TASK_DEFAULT_QUEUE = "default"
# Celery's defaults, written out: Celery reads these on every task published, and one left unset
# here costs four failed lookups through Django's settings each time (a seventh of a publish).
CELERY_TASK_REPR_MAXLEVELS = 3
CELERY_TASK_SEND_SENT_EVENT = False
CELERY_BROKER_POOL_ACQUIRE_TIMEOUT = None
# Named queues, so a deployment can give each its own workers on its own hosts.
QUEUE_BOTS = "bots"
QUEUE_DEADLINES = "deadlines"
QUEUE_RATINGS = "ratings"
QUEUE_NOTIFICATIONS = "notifications"
# Games with submitted bots (programs in the sandbox, HTTP bots): long tasks that mostly wait, on
# hosts that have bubblewrap (a worker without it refuses program bots).
QUEUE_SANDBOX = "sandbox"
# Version tests' games and bookkeeping (games.services.version_tests): below every tournament queue.
# Each test keeps at most VERSIONTEST_DEALS_IN_FLIGHT deals queued, so this queue never holds a
# backlog, and a worker that consumes several queues takes from them in turn: a tournament's task
# waits behind at most the one test task each worker process is playing, never behind a test's
# thousands of deals. A deployment gives the queue workers of its own (docker/README.md) and
# leaves it off the tournament workers' -Q, so tests never take a tournament worker's time at all.
QUEUE_VERSIONTESTS = "versiontests"
WORKER_QUEUES = [
    QUEUE_BOTS,
    QUEUE_SANDBOX,
    QUEUE_DEADLINES,
    QUEUE_RATINGS,
    QUEUE_NOTIFICATIONS,
    CELERY_TASK_DEFAULT_QUEUE,
    QUEUE_VERSIONTESTS,
]
CELERY_TASK_ROUTES = {
    "games.tasks.play_bot_game": {"queue": QUEUE_BOTS},
    "games.tasks.play_bot_games": {"queue": QUEUE_BOTS},
    "games.tasks.play_remote_bots": {"queue": QUEUE_SANDBOX},
    "games.tasks.recompute_ratings": {"queue": QUEUE_RATINGS},
    "games.tasks.*deadline*": {"queue": QUEUE_DEADLINES},
    "games.tasks.advance_competitions": {"queue": QUEUE_RATINGS},
    "games.tasks.ladder_matchmaking": {"queue": QUEUE_BOTS},
    "games.tasks.deliver_notification": {"queue": QUEUE_NOTIFICATIONS},
    "games.tasks.notify_turns": {"queue": QUEUE_NOTIFICATIONS},
    "games.tasks.warn_deadlines": {"queue": QUEUE_NOTIFICATIONS},
    "games.tasks.requeue_stalled": {"queue": QUEUE_DEADLINES},
    "games.tasks.*version_test*": {"queue": QUEUE_VERSIONTESTS},
}
# Running leagues match their idle bots this often (games.tasks.ladder_matchmaking, on celery beat).
LADDER_MATCH_INTERVAL: float = env.float("LADDER_MATCH_INTERVAL", default=10.0)
# Overdue moves are handled this often (games.tasks.expire_deadlines, on celery beat), and games
# outside any competition give each move this long (leagues and tournaments have their own limit).
DEADLINE_CHECK_INTERVAL: float = env.float("DEADLINE_CHECK_INTERVAL", default=60.0)
DEFAULT_MOVE_TIME_LIMIT = timedelta(seconds=env.int("DEFAULT_MOVE_TIME_LIMIT_SECONDS", default=3 * 24 * 3600))
# A person's move keeps its game's engine state in the process for the next move in that game, so the
# next one need not read and replay the whole history (games.services.move_states): at most this
# many games per process, the least recently moved forgotten first (a Mulligan state is a few kB);
# 0 switches it off.
MOVE_STATE_CACHE_GAMES: int = env.int("MOVE_STATE_CACHE_GAMES", default=2000)
# What a game shows at one version (a viewer's observation and legal actions, a finished game's
# final state) is kept per process, so polling a game between moves does not read and replay its
# history each time (games.selectors.replays): at most this many answers, the least recently read
# forgotten first; and at most GAME_REPLAY_CACHE_BYTES of their JSON text (a Mulligan observation
# is under 1 kB, a golf game's final state some 240 kB; an answer over a tenth of it is not kept;
# the objects take 3-5 times their text in memory). Either at 0 switches it off.
GAME_REPLAY_CACHE_ENTRIES: int = env.int("GAME_REPLAY_CACHE_ENTRIES", default=4000)
GAME_REPLAY_CACHE_BYTES: int = env.int("GAME_REPLAY_CACHE_BYTES", default=16_000_000)
# Work a dead worker left behind is found this often (games.tasks.requeue_stalled, on celery beat):
# a running game whose bots must act and that has not moved for STALL_SECONDS is queued again, and
# a tournament whose round has no running game left and has been still that long is moved on
# (games.services.stalls). STALL_SECONDS must be longer than a worker may take between two commits
# of one game (BOT_MOVES_PER_COMMIT bot moves, well under a second): a game being played holds its
# row lock and is passed over anyway, so a shorter one only queues games waiting in a long queue twice.
STALL_CHECK_INTERVAL: float = env.float("STALL_CHECK_INTERVAL", default=10.0)
STALL_SECONDS: float = env.float("STALL_SECONDS", default=30.0)
# A game handed over and still not moving is handed over again after twice the wait each time, up to this.
STALL_BACKOFF_MAX: float = env.float("STALL_BACKOFF_MAX", default=3600.0)
# -- Version tests (games.services.version_tests) ---------------------------------------------------
# One author may run this many tests at once and start this many deals (two games each) per 24 hours;
# one test may ask for at most VERSIONTEST_MAX_DEALS deals. A test keeps this many deals queued or
# playing at a time (the queue's fairness, above), and the top-up sweep runs this often.
VERSIONTEST_MAX_RUNNING: int = env.int("VERSIONTEST_MAX_RUNNING", default=2)
VERSIONTEST_DEALS_PER_DAY: int = env.int("VERSIONTEST_DEALS_PER_DAY", default=20_000)
VERSIONTEST_MAX_DEALS: int = env.int("VERSIONTEST_MAX_DEALS", default=20_000)
VERSIONTEST_DEFAULT_MAX_DEALS: int = env.int("VERSIONTEST_DEFAULT_MAX_DEALS", default=5_000)
VERSIONTEST_DEALS_IN_FLIGHT: int = env.int("VERSIONTEST_DEALS_IN_FLIGHT", default=8)
VERSIONTEST_TOP_UP_INTERVAL: float = env.float("VERSIONTEST_TOP_UP_INTERVAL", default=60.0)
CELERY_BEAT_SCHEDULE = {
    "ladder-matchmaking": {
        "task": "games.tasks.ladder_matchmaking",
        "schedule": LADDER_MATCH_INTERVAL,
        "options": {"queue": QUEUE_BOTS, "expires": LADDER_MATCH_INTERVAL},
    },
    "expire-deadlines": {
        "task": "games.tasks.expire_deadlines",
        "schedule": DEADLINE_CHECK_INTERVAL,
        "options": {"queue": QUEUE_DEADLINES, "expires": DEADLINE_CHECK_INTERVAL},
    },
    "warn-deadlines": {
        "task": "games.tasks.warn_deadlines",
        "schedule": DEADLINE_CHECK_INTERVAL,
        "options": {"queue": QUEUE_NOTIFICATIONS, "expires": DEADLINE_CHECK_INTERVAL},
    },
    "requeue-stalled": {
        "task": "games.tasks.requeue_stalled",
        "schedule": STALL_CHECK_INTERVAL,
        "options": {"queue": QUEUE_DEADLINES, "expires": STALL_CHECK_INTERVAL},
    },
    # Running version tests get deals again where a lost task or the daily cap left them idle.
    "top-up-version-tests": {
        "task": "games.tasks.top_up_version_tests",
        "schedule": VERSIONTEST_TOP_UP_INTERVAL,
        "options": {"queue": QUEUE_VERSIONTESTS, "expires": VERSIONTEST_TOP_UP_INTERVAL},
    },
    # Open challenges nobody accepted in CHALLENGE_LIFETIME_SECONDS leave the lobby (games.services.challenges).
    "expire-challenges": {
        "task": "games.tasks.expire_challenges",
        "schedule": DEADLINE_CHECK_INTERVAL,
        "options": {"queue": QUEUE_DEADLINES, "expires": DEADLINE_CHECK_INTERVAL},
    },
}
CHALLENGE_LIFETIME_SECONDS: int = env.int("CHALLENGE_LIFETIME_SECONDS", default=7 * 24 * 3600)
# -- Notifications (games.services.notifications) ---------------------------------------------------
# E-mail from EMAIL_URL (django-environ: smtp://user:pass@host:587/?tls=True); the console by default.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL: str = env("DEFAULT_FROM_EMAIL", default="Mulligan League <noreply@localhost>")
# Links in e-mails and webhook payloads start with this.
SITE_URL: str = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# A "deadline near" warning goes out once less than this fraction of the move time limit is left.
NOTIFY_DEADLINE_WARNING: float = env.float("NOTIFY_DEADLINE_WARNING", default=0.25)
NOTIFY_MAX_ATTEMPTS: int = env.int("NOTIFY_MAX_ATTEMPTS", default=5)
NOTIFY_RETRY_BASE_SECONDS: float = env.float("NOTIFY_RETRY_BASE_SECONDS", default=30.0)
NOTIFY_WEBHOOK_TIMEOUT: float = env.float("NOTIFY_WEBHOOK_TIMEOUT", default=5.0)
NOTIFY_TESTS_PER_HOUR: int = env.int("NOTIFY_TESTS_PER_HOUR", default=10)
# Webhooks to loopback, private and link-local addresses are refused unless this is on (development,
# tests): a user's URL must not reach the services next to ours.
NOTIFY_WEBHOOK_ALLOW_PRIVATE: bool = env.bool("NOTIFY_WEBHOOK_ALLOW_PRIVATE", default=False)
# Games created together (a round, the demo, bench/pipeline.py) are played this many to a task
# (games_enqueue_bots): one task, one transaction and one round of rating locks per batch. Large
# enough to spread those costs (a 4-player bot game takes a few ms), small enough that the workers
# share a round evenly and a redelivered batch repeats little.
BOT_GAMES_PER_TASK: int = env.int("BOT_GAMES_PER_TASK", default=20)

# -- Submitted bots (games.services.remote_play) -----------------------------------------------------
# The clock and fault policy of games outside any competition (tournaments and leagues have their
# own BotRules fields); validation games always forfeit at the first fault.
BOT_MOVE_TIME_MS: int = env.int("BOT_MOVE_TIME_MS", default=2000)
BOT_TIME_BANK_MS: int = env.int("BOT_TIME_BANK_MS", default=10_000)
BOT_FAULT_POLICY: str = env("BOT_FAULT_POLICY", default="default_move")
BOT_MAX_STRIKES: int = env.int("BOT_MAX_STRIKES", default=3)
# Uploaded programs are unpacked once per worker host, in a folder named by their SHA-256.
BOT_CACHE_DIR = Path(env("BOT_CACHE_DIR", default=str(VAR_DIR / "bots")))
# Overrides of engine.bots.sandbox.Limits (field name -> value); empty: the engine's defaults.
BOT_SANDBOX_LIMITS: dict[str, int] = {}
# HTTP bots on loopback, private and link-local addresses are refused unless this is on (tests).
BOT_HTTP_ALLOW_PRIVATE: bool = env.bool("BOT_HTTP_ALLOW_PRIVATE", default=False)
# One play_remote_bots task plays a whole bots-only game: at most this long (soft limit; hard +60 s).
BOT_GAME_TIME_LIMIT: int = env.int("BOT_GAME_TIME_LIMIT", default=3600)
# Redis hands a task that was delivered and not acknowledged (acks_late: acknowledged when it ends)
# to another worker after this many seconds. It must be longer than any task may run: the longest
# hard time limit is play_remote_bots' (BOT_GAME_TIME_LIMIT + 60 s); a shorter timeout would start
# a second copy of a task still running. So a task whose worker was killed comes back only after
# it (kombu restores it then), and the stall sweep (STALL_SECONDS) is what gets the work going again
# within seconds. `manage.py check` refuses a timeout shorter than a task's time limit
# (games.checks), and every countdown (retries) stays below it, or Redis would deliver it early.
CELERY_VISIBILITY_TIMEOUT: int = env.int("CELERY_VISIBILITY_TIMEOUT", default=BOT_GAME_TIME_LIMIT + 60 + 300)
if CELERY_BROKER_URL.startswith(("redis://", "rediss://", "sentinel://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT}
# kombu's Redis transport made a Redis client for every task published (mulligan_league/broker.py).
# Plain redis:// only: kombu turns rediss:// into TLS options by the transport's name.
if CELERY_BROKER_URL.startswith("redis://"):
    CELERY_BROKER_TRANSPORT = "mulligan_league.broker:Transport"
# A worker of the sandbox queue that cannot isolate programs (no bubblewrap or user namespaces) puts
# the game back this often, this many times, for a worker that can: the bot is never charged for it.
BOT_SANDBOX_RETRY_SECONDS: int = env.int("BOT_SANDBOX_RETRY_SECONDS", default=60)
BOT_SANDBOX_MAX_RETRIES: int = env.int("BOT_SANDBOX_MAX_RETRIES", default=60)
# Submitted bots (games.services.bot_versions): the largest upload (bytes), and how many new
# versions one bot may get per hour (each one costs a sandboxed validation game).
BOT_UPLOAD_MAX_BYTES: int = env.int("BOT_UPLOAD_MAX_BYTES", default=5 * 1024 * 1024)
BOT_VERSIONS_PER_HOUR: int = env.int("BOT_VERSIONS_PER_HOUR", default=20)

# -- Ratings --------------------------------------------------------------------------------------
ELO_INITIAL: float = env.float("ELO_INITIAL", default=1500.0)
ELO_K: float = env.float("ELO_K", default=20.0)
ELO_K_PROVISIONAL: float = env.float("ELO_K_PROVISIONAL", default=40.0)
ELO_PROVISIONAL_GAMES: int = env.int("ELO_PROVISIONAL_GAMES", default=30)
# League ratings (games.services.leagues): an OpenSkill rating is provisional while it has fewer
# games than this or its sigma is above this (openskill starts at 25/3 ~ 8.33).
LEAGUE_OPENSKILL_PROVISIONAL_GAMES: int = env.int("LEAGUE_OPENSKILL_PROVISIONAL_GAMES", default=10)
LEAGUE_OPENSKILL_PROVISIONAL_SIGMA: float = env.float("LEAGUE_OPENSKILL_PROVISIONAL_SIGMA", default=5.0)
# Continuous ladder (games.scheduling.ladder): a waiting bot accepts tables whose rating spread is
# at most LADDER_BASE_GAP + LADDER_GAP_PER_SECOND x seconds waited (OpenSkill leagues: the ordinal
# scale is ~1/60 of Elo's, so the gaps are scaled by LADDER_OPENSKILL_SCALE).
LADDER_BASE_GAP: float = env.float("LADDER_BASE_GAP", default=100.0)
LADDER_GAP_PER_SECOND: float = env.float("LADDER_GAP_PER_SECOND", default=2.0)
LADDER_OPENSKILL_SCALE: float = env.float("LADDER_OPENSKILL_SCALE", default=1 / 60)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}

# -- Self-contained pages: nothing is loaded from another host ---------------------------------------
# The API docs' Swagger UI and Redoc come from drf-spectacular-sidecar (static files served by
# WhiteNoise above), and every response carries a Content-Security-Policy that allows this host
# only: no inline script or style, no other origin. CSPMiddleware (django-csp's, with the settings'
# policy built once: mulligan_league/security_headers.py) sits right after SecurityMiddleware so
# even responses that earlier middleware cut short get the header.
from csp.constants import NONE, SELF  # noqa: E402

INSTALLED_APPS += ["drf_spectacular_sidecar", "csp"]
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "mulligan_league.security_headers.CSPMiddleware",
)
SPECTACULAR_SETTINGS |= {
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Swagger UI would otherwise show a badge image from validator.swagger.io. Deep links off: with
    # them each operation's path is a link inside its expand button, which screen readers and
    # keyboards cannot reach as either (axe-core's nested-interactive, serious).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "validatorUrl": None},
}
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Where event streams are announced (see STREAMS_REDIS_URL above): empty means the database poll.
if not STREAMS_REDIS_URL and CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    STREAMS_REDIS_URL = CELERY_BROKER_URL
