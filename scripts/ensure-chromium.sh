#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium (Playwright's own browser download is not available here),
# with a CJK font for the Chinese UI in screenshots, and run the flow specs once more with the servers'
# clock just after midnight in UTC+8 through Debian's faketime.
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' && command -v faketime >/dev/null; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-noto-cjk faketime >/dev/null
/usr/bin/chromium --version
