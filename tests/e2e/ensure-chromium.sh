#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing (needs root, as on CI machines).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: run 'apt-get install chromium' as root, then try again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
