"""gunicorn's settings for a web host: `gunicorn -c deploy/gunicorn.conf.py config.wsgi`.

Every value can be set from the environment file (deploy/euchre.env.example), so one file
serves every host. The processes are stateless (sessions, the login throttle, sign-ups and
pending imports are in PostgreSQL; built pages in Redis), so any host may serve any request
and a host lost mid-request loses only the requests it was running.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
# Sync workers behind nginx, which buffers slow phones: two a core and one more.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
# A request slower than this is a stuck worker: it is killed and replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On a deploy or a stop, requests under way get this long to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
# Workers are replaced now and then, so a slow leak never grows for weeks.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "200"))
# The load balancer's address: only its X-Forwarded-Proto is believed.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# Heartbeat files in memory, not on a disk that may stall.
worker_tmp_dir = os.environ.get("GUNICORN_WORKER_TMP_DIR", "/dev/shm")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = os.environ.get("GUNICORN_ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "euchre-web"
