#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (Playwright's own browser download is not available here).
set -euo pipefail
# Noto CJK renders the Chinese UI in screenshots.
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
/usr/bin/chromium --version
