#!/bin/sh
# Playwright drives Debian's Chromium: a browser download cannot work on these machines.
# Install it only when it is missing, so repeated test runs stay fast and offline.
set -eu
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
echo "ensure-chromium: /usr/bin/chromium missing, installing Debian's chromium" >&2
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
