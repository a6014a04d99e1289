"""Settings read from the environment; the defaults run the demo with no server installed."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Development only: a fixed key so sessions survive a restart of the demo.
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_filters",
    "django_htmx",
    "django_celery_beat",
    "accounts",
    "activity",
    "scoring",
    "league",
    "tournaments",
    "notices",
    "people",
    "money",
    "api",
    "ninja",
    "wording",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "config.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "api.http_errors.ApiErrorsAsJsonMiddleware",  # /api/v1/'s own 404 and 405 in JSON
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

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
                "accounts.context_processors.roles",
                "accounts.context_processors.menu",
            ],
            # Dates, times and wording one way in every template, with no {% load %}.
            "builtins": ["wording.templatetags.when", "wording.templatetags.words"],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default: a transaction takes SQLite's write lock when it begins, and
    # waits its turn for it, so two people acting at once queue instead of one failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database host that stops answering fails a request (a 503) and /healthz in seconds,
    # not after the system's TCP timeout of minutes; a URL's own ?connect_timeout= wins.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "connect_timeout", env_int("DB_CONNECT_TIMEOUT", 5)
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # An optimisation only: while Redis fails, pages are built without it (config/cache.py).
    CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSoftRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Sessions live in the database so any web process can serve any request.
# (Django's database store, its read written once: accounts/session_store.py.)
SESSION_ENGINE = "accounts.session_store"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Sign-in goes through the login throttle (accounts/throttle.py), which keeps its counts in
# the database, so every web process shares them and a cache outage changes nothing.
AUTHENTICATION_BACKENDS = ["accounts.throttle.ThrottledModelBackend"]
# Failed sign-ins for one account: half are free, then each waits longer, then it is locked.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
# Failed sign-ins from one address across every account (a bar's wifi is shared).
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 60)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15)
# Behind N reverse proxies the visitor's address is N-th from the right of X-Forwarded-For.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
# Phone numbers typed without a country code are read in this region (ISO 3166 code).
PHONE_REGION = env_str("PHONE_REGION", "US")

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "America/New_York")
USE_I18N = True
USE_TZ = True
# Dates and times one way (wording.dates): "Tue 8 Dec 2026", "7:33 PM".
FORMAT_MODULE_PATH = ["config.formats"]
# Tables name each cell's column, so they stack into cards on a phone (app.css, table.stack).
DJANGO_TABLES2_TEMPLATE = "django_tables2/stacked.html"

STATIC_URL = "static/"
# Where `collectstatic` puts a release's files, which whitenoise serves.
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Mail: console in development, a file in the demo, an anymail backend in production
# (e.g. anymail.backends.mailgun.EmailBackend) configured through ANYMAIL_* variables.
EMAIL_BACKEND_PATH = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
_mail_options: dict = {}
if EMAIL_BACKEND_PATH.endswith("filebased.EmailBackend"):
    _mail_options["file_path"] = env_str("EMAIL_FILE_PATH", str(BASE_DIR / "var" / "mail"))
elif EMAIL_BACKEND_PATH.endswith("smtp.EmailBackend"):
    _mail_options.update(
        host=env_str("EMAIL_HOST", "localhost"),
        port=env_int("EMAIL_PORT", 25),
        username=env_str("EMAIL_HOST_USER"),
        password=env_str("EMAIL_HOST_PASSWORD"),
        use_tls=env_bool("EMAIL_USE_TLS"),
    )
MAILERS = {"default": {"BACKEND": EMAIL_BACKEND_PATH, "OPTIONS": _mail_options}}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Euchre League <league@example.com>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_")
}

# Absolute links in notices (emails and texts leave the site), e.g. https://euchre.example.com
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000" if DEBUG else "")

# Text messages through django-sms: kept in the database for the demo and test sites (every
# host reads them at /notices/texts/, whichever worker sent them), Twilio in production.
SMS_BACKEND = env_str("SMS_BACKEND", "notices.text_backends.DatabaseSmsBackend")
SMS_FILE_PATH = env_str("SMS_FILE_PATH", str(BASE_DIR / "var" / "sms"))
TWILIO_ACCOUNT_SID = env_str("TWILIO_ACCOUNT_SID")
TWILIO_AUTH_TOKEN = env_str("TWILIO_AUTH_TOKEN")
DEFAULT_FROM_SMS = env_str("DEFAULT_FROM_SMS", "+15555550100")

# Card payments through Stripe Checkout (a sign-up's choice; paying at the door needs none).
STRIPE_SECRET_KEY = env_str("STRIPE_SECRET_KEY")
STRIPE_WEBHOOK_SECRET = env_str("STRIPE_WEBHOOK_SECRET")
# Where the `stripe` library sends its calls: Stripe's own; tests point it at a local stand-in.
STRIPE_API_BASE = env_str("STRIPE_API_BASE", "https://api.stripe.com")
# Where Stripe's hosted checkout page lives: the page with the "Pay by card" form lets the
# form go there (CSP form-action), and nowhere else does.
STRIPE_CHECKOUT_ORIGIN = env_str("STRIPE_CHECKOUT_ORIGIN", "https://checkout.stripe.com")

# Hosts outbound webhooks may reach over plain http and at any address (a test's local
# receiver, "127.0.0.1"); everything else must be https to a public address.
WEBHOOK_ALLOW_HOSTS = env_list("WEBHOOK_ALLOW_HOSTS")
# Calls a personal access token may make to the API's writes in a minute.
API_TOKEN_RATE_PER_MINUTE = env_int("API_TOKEN_RATE_PER_MINUTE", 120)

# Celery: without a broker the tasks run eagerly in the web process (the demo).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", CELERY_BROKER_URL or "cache+memory://")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
# Periodic jobs live in the database (django-celery-beat), editable in the admin.
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"

# Production hardening, switched on whenever DEBUG is off.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
    SECURE_CONTENT_TYPE_NOSNIFF = True

# The load balancer probes /healthz over plain http (config/health.py): never redirected.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy (Django's own middleware): the pages load only the site's own
# scripts, styles, fonts and images (Pico's icons are data: images), talk only to the site
# (htmx), post forms only to it and are never framed. No inline script, event handler or
# style attribute anywhere: tests/config/test_csp_templates.py keeps them out. CSP_REPORT_ONLY=1
# sends the same policy as Content-Security-Policy-Report-Only instead (a trial run).
_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}
_CSP_TRIAL = env_bool("CSP_REPORT_ONLY", default=False)
SECURE_CSP = {} if _CSP_TRIAL else _CSP
SECURE_CSP_REPORT_ONLY = _CSP if _CSP_TRIAL else {}

# Permissions-Policy (config/middleware.py): browser features no page uses are off.
# Checking in by scanning a QR code would need "camera": ["self"].
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "usb",
    )
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
