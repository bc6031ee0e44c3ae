#!/usr/bin/env bash
# Installs the Debian packages the app (`run`: the PDF export) or the tests (`test`, the default)
# need, when missing. As root it runs apt-get; otherwise it prints the one command to run and fails.
set -euo pipefail

purpose=${1:-test}
needed=()
# What is installed, read once into variables: `fc-list | grep -q` under pipefail failed whenever grep
# quit at its first match before fc-list had written everything (SIGPIPE), about one check in three,
# and a present font was then "missing" (apt-get ran, or without root the run stopped).
libraries=$(ldconfig -p 2>/dev/null || true)
fonts=$(fc-list 2>/dev/null || true)
chinese_fonts=$(fc-list :lang=zh 2>/dev/null || true)
# WeasyPrint renders with Pango; fonts make the PDF readable.
grep -q 'libpango-1.0.so' <<<"$libraries" || needed+=(libpango-1.0-0 libpangoft2-1.0-0)
grep -qi dejavu <<<"$fonts" || needed+=(fonts-dejavu-core fontconfig)
# The printed scoresheet sets names and figures in DejaVu Sans/Serif Condensed (fonts-dejavu-extra).
grep -qi 'DejaVu Serif Condensed' <<<"$fonts" || needed+=(fonts-dejavu-extra)
# Players' names may carry emoji: without an emoji font the PDF shows empty boxes (Noto Color Emoji).
grep -qi 'Noto Color Emoji' <<<"$fonts" || needed+=(fonts-noto-color-emoji)
# Names in Chinese, Japanese or Korean: DejaVu has none of their characters (Noto Sans CJK).
[ -n "$chinese_fonts" ] || needed+=(fonts-noto-cjk)
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
