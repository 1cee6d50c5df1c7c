#!/bin/sh
# Make sure a Chromium is there for the browser tests; never skip them silently.
set -e
if [ -n "$CHROMIUM_PATH" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No /usr/bin/chromium: installing Playwright's Chromium (python -m playwright install chromium)..."
.venv/bin/python -m playwright install chromium || {
  echo "Could not get a Chromium for the browser tests. Install Debian's 'chromium' package" >&2
  echo "(apt-get install chromium) or run: .venv/bin/python -m playwright install chromium" >&2
  exit 1
}
