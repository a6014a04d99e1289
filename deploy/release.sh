#!/bin/sh
# One release, run once from any host before the web hosts restart: the schema, the static
# files (each web host needs the same STATIC_ROOT: run the collectstatic line on each host,
# or share the folder), and Django's deployment checks.
#   deploy/release.sh [/etc/euchre/euchre.env]
set -eu
cd "$(dirname "$0")/.."
env_file="${1:-/etc/euchre/euchre.env}"
if [ -f "$env_file" ]; then
  # KEY=value lines read as systemd's EnvironmentFile= reads them (values may hold spaces
  # and <>, which sourcing the file as shell would not take).
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in '' | '#'*) continue ;; esac
    export "$line"
  done <"$env_file"
fi
python="${PYTHON:-.venv/bin/python}"
"$python" manage.py migrate --noinput
"$python" manage.py collectstatic --noinput --verbosity 0
"$python" manage.py check --deploy --fail-level ERROR
