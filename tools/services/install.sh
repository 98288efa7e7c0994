#!/usr/bin/env bash
# Installs the Debian packages the tests use (PostgreSQL, Redis, Chromium's headless shell,
# Prometheus) when any is missing.
# Run as root on a fresh machine; `npm test` runs it first. Does nothing when all are present.
set -euo pipefail

missing=()
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
# The metrics tests scrape the API with the real engine and lint its text with promtool (same package).
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these Debian packages: ${missing[*]}." >&2
  echo "Install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing ${missing[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed ${missing[*]}."
