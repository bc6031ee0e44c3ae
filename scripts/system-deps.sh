#!/usr/bin/env bash
# Installs the Debian packages the app (`run`: the PDF export) or the tests (`test`, the default)
# need, when missing. As root it runs apt-get; otherwise it prints the one command to run and fails.
set -euo pipefail
# The checks read a list to its end (grep >/dev/null, not grep -q): grep -q leaves at the first
# match, the lister then dies of SIGPIPE, and pipefail took that for a missing package (an
# apt-get update and install on a random `make run`).

purpose=${1:-test}
needed=()
# WeasyPrint renders with Pango; fonts make the PDF readable.
ldconfig -p 2>/dev/null | grep 'libpango-1.0.so' >/dev/null || needed+=(libpango-1.0-0 libpangoft2-1.0-0)
fc-list 2>/dev/null | grep -i dejavu >/dev/null || needed+=(fonts-dejavu-core fontconfig)
# The printed scoresheet sets names and figures in DejaVu Sans/Serif Condensed (fonts-dejavu-extra).
fc-list 2>/dev/null | grep -i 'DejaVu Serif Condensed' >/dev/null || needed+=(fonts-dejavu-extra)
# Players' names may carry emoji: without an emoji font the PDF shows empty boxes (Noto Color Emoji).
fc-list 2>/dev/null | grep -i 'Noto Color Emoji' >/dev/null || needed+=(fonts-noto-color-emoji)
# Names in Chinese, Japanese or Korean: DejaVu has none of their characters (Noto Sans CJK).
fc-list :lang=zh 2>/dev/null | grep . >/dev/null || needed+=(fonts-noto-cjk)
if [ "$purpose" = test ]; then
  command -v chromium >/dev/null 2>&1 || needed+=(chromium)
  command -v pdftoppm >/dev/null 2>&1 || needed+=(poppler-utils)
  # The accessibility tests npm-install a pinned axe-core once (tests/support/axe.py).
  command -v npm >/dev/null 2>&1 || needed+=(npm)
  # The PostgreSQL tests run their own throwaway cluster with these server binaries (not on PATH).
  compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null || needed+=(postgresql)
  # The several-instances test starts its own Redis (tests/support/redis_server.py).
  command -v redis-server >/dev/null 2>&1 || needed+=(redis-server)
fi

if [ ${#needed[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing Debian packages: ${needed[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Install only: no package may start a system service (the tests start their own server).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${needed[@]}"
else
  echo "Missing Debian packages. Run once:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${needed[*]}" >&2
  exit 1
fi
