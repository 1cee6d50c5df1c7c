"""Scorekeeper settings: one file, configured by environment variables.

Local defaults are safe: DEBUG is off unless asked for, the secret key is generated
once per install and kept outside git, and the database is an embedded SQLite file.
"""

import base64
import hashlib
import os
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("SCOREKEEPER_DATA_DIR", BASE_DIR / "data"))

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def envbool(name: str, default: bool = False) -> bool:
    """A yes/no setting. A typo ("ture") stops the start-up: read as false, it would
    silently switch off what the operator meant to switch on."""
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in TRUE_WORDS:
        return True
    if raw in FALSE_WORDS:
        return False
    accepted = ", ".join(f"{yes}/{no}" for yes, no in zip(TRUE_WORDS, FALSE_WORDS, strict=True))
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value: use one of {accepted}.")


def envint(name: str, default: int) -> int:
    """A whole-number setting; anything else stops the start-up, naming the variable."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def _local_secret_key() -> str:
    """A per-install key stored under data/, so no secret ever lives in the repository."""
    key_file = DATA_DIR / "secret_key"
    try:
        return key_file.read_text().strip()
    except FileNotFoundError:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        key = secrets.token_urlsafe(50)
        key_file.write_text(key)
        key_file.chmod(0o600)
        return key


SECRET_KEY = os.environ.get("SECRET_KEY") or _local_secret_key()
DEBUG = envbool("DEBUG")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")


def envurl(name: str) -> str:
    """An http(s) address without a path ("https://score.example.org"), or "" when unset."""
    raw = os.environ.get(name, "").strip().rstrip("/")
    if not raw:
        return ""
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not an address like https://score.example.org or "
            "http://192.168.1.20:8000 (http or https, a host, an optional port, no path)."
        )
    return raw


# The address the other phones use (the share QR code, live and invite links) when the app
# was opened on this machine's loopback address. Unset: this machine's LAN address.
PUBLIC_URL = envurl("PUBLIC_URL")
if PUBLIC_URL and "*" not in ALLOWED_HOSTS:
    _public_host = urlsplit(PUBLIC_URL).hostname or ""
    ALLOWED_HOSTS.append(f"[{_public_host}]" if ":" in _public_host else _public_host)

# The address the server was started on (`make run` passes its HOST): a loopback one means no
# other phone can reach it, a specific one is the only address worth sharing. Empty: every
# address of this machine (gunicorn's 0.0.0.0), as when it is unknown.
LISTEN_HOST = os.environ.get("LISTEN_HOST", "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Django's own widget templates, for the project form renderer (TemplatesSetting).
    "django.forms",
    "django_htmx",
    "django_tables2",
    "template_partials",
    "simple_history",
    "axes",
    "scorekeeper.languages",
    "scorekeeper.games",
    "scorekeeper.decks",
    "scorekeeper.gamefiles",
    "scorekeeper.history",
    "scorekeeper.nights",
    "scorekeeper.crews",
    "scorekeeper.roster",
    "scorekeeper.referee",
    "scorekeeper.demo",
]

MIDDLEWARE = [
    # Drops what Django's SecurityMiddleware sends that a plain-http network address ignores,
    # and adds the Permissions-Policy.
    "scorekeeper.middleware.ResponseHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # First among the response headers, so that the live board's early 304 (below) has it too.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # django-csp's, with the settings' policy built once (scorekeeper/middleware.py).
    "scorekeeper.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages travel compressed (gzip, with Django's BREACH mitigation); below WhiteNoise, which
    # answers static files itself from its own gzip and brotli copies.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language cookie (the switcher), else the browser's Accept-Language (Django's
    # LocaleMiddleware without the URL-prefix work our URLs do not need).
    "scorekeeper.languages.locale.LocaleMiddleware",
    # A body over MAX_REQUEST_BYTES is refused (413, in the reader's language) before anything
    # below reads it (the CSRF check reads a POST's form).
    "scorekeeper.middleware.RequestSizeMiddleware",
    # A watcher's poll of an unchanged live board: its 304 here, past nothing it needs.
    "scorekeeper.live.middleware.LivePollMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's saved language wins over the cookie (it follows them to other phones).
    "scorekeeper.crews.preferences.UserLanguageMiddleware",
    "scorekeeper.middleware.SlidingSessionMiddleware",
    "scorekeeper.languages.zones.CrewTimeZoneMiddleware",
    # Django's, opening the message store only when a message is read or added.
    "scorekeeper.middleware.LazyMessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # simple-history's (who made each change), skipped by the methods that never write.
    "scorekeeper.middleware.HistoryRequestMiddleware",
    "scorekeeper.middleware.PrivateCacheMiddleware",
    # Last, as django-axes asks: it turns a lockout flagged by the login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "scorekeeper.languages.words.script_messages",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.pwa.no_messages_for_the_worker",
                "scorekeeper.history.context_processors.season_leader",
            ],
            "builtins": [
                "template_partials.templatetags.partials",
                "scorekeeper.languages.templatetags.words",
            ],
            # {% fragment %}: kept fragments with the reader's own CSRF token put in.
            "libraries": {"fragments": "scorekeeper.games.kept"},
        },
    }
]
FORM_RENDERER = "scorekeeper.renderers.FormRenderer"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'scorekeeper.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock at BEGIN (no "database is locked" when a reader upgrades), readers
    # never block writers (WAL), and a busy phone waits for the lock instead of failing.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "timeout": 20,
    }
    # Tests use a file of their own (not SQLite's shared-cache memory database) so that
    # threads writing at once really hit separate connections, WAL and the write lock.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Refuses a locked-out username+address before the password is even checked.
    "scorekeeper.crews.throttle.LockoutBackend",
    # Django's ModelBackend, reading the user's language preference in the same query.
    "scorekeeper.crews.preferences.PreferenceModelBackend",
]
LOGIN_URL = "accounts:login"
# Django's own database sessions: a session store reading its row through prepared SQL measured
# no faster on the scoreboard (bench/middleware_floor.py), so it was given back.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# A sign-in outlasts a game night and the hours a phone spends offline: a month, and sliding, so
# rounds kept on a phone can still be sent when it comes back. Renewed at most once a day by
# scorekeeper.middleware.SlidingSessionMiddleware rather than SESSION_SAVE_EVERY_REQUEST, which
# would write the session row on every page and poll (a GET never writes; query counts hold).
SESSION_COOKIE_AGE = envint("SESSION_DAYS", 30) * 24 * 3600
SESSION_RENEW_SECONDS = 24 * 3600
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "games:home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
# Compiled from the .po files by `manage.py compile_translations` (make run / make test).
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice outlives the browser session (Django's default cookie does not).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True
# One date style per language (scorekeeper/languages/formats/): "1 Dec 2026", "1 dic 2026".
FORMAT_MODULE_PATH = ["scorekeeper.languages.formats"]

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    # The scripts every page loads, kept apart by concern and shipped joined (js/site.js).
    "scorekeeper.staticfiles.JoinedScriptsFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # collectstatic minifies our scripts and stylesheets, then writes each file under a name with
    # its content's hash, plus gzip and brotli copies; WhiteNoise sends those with a far-future
    # (ten-year) immutable Cache-Control.
    "staticfiles": {"BACKEND": "scorekeeper.staticfiles.MinifiedStaticFilesStorage"},
}
# Serve straight from the app folders when collectstatic has not run (tests, first start).
WHITENOISE_USE_FINDERS = True

# --- Abuse: login, admin login and sign-up are throttled in the database (django-axes), so
# every app server sees the same counts. Locked out: this username from this address, and an
# address with too many wrong passwords for any usernames (scorekeeper/crews/throttle.py; high
# enough for a table of friends behind one home router).
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = envint("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = timedelta(minutes=envint("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorekeeper.crews.throttle.lockout_response"
AXES_CLIENT_IP_CALLABLE = "scorekeeper.crews.throttle.client_ip"
AXES_SENSITIVE_PARAMETERS = ["password1", "password2"]
# The largest request body, a file upload included, refused (413) before it is read: the
# import page's largest game file (10 MB, gamefiles.files.MAX_FILE_BYTES) and its form fit.
# docs/deploy.md sets the same limit in the proxy (nginx client_max_body_size 11m).
MAX_REQUEST_BYTES = envint("MAX_REQUEST_MB", 11) * 1024 * 1024
# Accounts created from one address within an hour (a table of friends joining is far below).
SIGNUPS_PER_HOUR = envint("SIGNUPS_PER_HOUR", 10)
INVITE_DAYS = envint("INVITE_DAYS", 7)
# People one invite link lets join, and links a crew may have open at once: a link forwarded
# beyond the table stops, and nobody mints links by the hundred.
INVITE_USES = envint("INVITE_USES", 10)
INVITES_OPEN = envint("INVITES_OPEN", 5)

# --- Headers. No inline style anywhere and one inline script, allowed by its hash: it marks the
# page as scripted before the first layout (templates/base.html), so the scripted layout (`.js …`
# in the CSS) is the first one drawn, not a second layout of the whole page once the deferred
# scripts run. htmx's config is a <meta>, the rest of our JS is static.
BOOT_SCRIPT = 'document.documentElement.className+=" js"'
_BOOT_DIGEST = base64.b64encode(hashlib.sha256(BOOT_SCRIPT.encode()).digest()).decode()
BOOT_SCRIPT_HASH = f"'sha256-{_BOOT_DIGEST}'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, BOOT_SCRIPT_HASH],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone",
        "payment", "usb", "browsing-topics",
    )
}  # fmt: skip

# --- Behind HTTPS: one switch for a deployment behind a TLS-terminating reverse proxy that
# sets X-Forwarded-Proto and X-Forwarded-For (docs/deploy.md). SECURE_COOKIES is its old name.
BEHIND_HTTPS = envbool("BEHIND_HTTPS", default=envbool("SECURE_COOKIES"))
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = BEHIND_HTTPS
SECURE_SSL_REDIRECT = BEHIND_HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_HTTPS else None
SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", 365 * 24 * 3600) if BEHIND_HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = BEHIND_HTTPS

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
