#!/usr/bin/env bash
# The scale-out test runs the production setup behind Debian's HAProxy: install it when it is missing and we are
# root (as on CI machines); otherwise the test is skipped, like the PostgreSQL and Mosquitto ones without them.
set -euo pipefail
if [ -x /usr/sbin/haproxy ] || [ "$(id -u)" != 0 ]; then exit 0; fi
echo "Installing Debian's haproxy for the scale-out test…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
