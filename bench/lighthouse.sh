#!/usr/bin/env bash
# Lighthouse (mobile) on the home page and a game's scoreboard, signed in, on a real gunicorn.
#
# Run: bench/lighthouse.sh   (LIGHTHOUSE_DIR=/tmp/lh by default: where `npm i lighthouse@12`
# was run; lighthouse 12 because Node here is v20; CHROME_PATH=/usr/bin/chromium by default;
# LIGHTHOUSE_REPORTS=<dir> keeps the JSON reports; LIGHTHOUSE_RUNS=3 runs per page)
#
# It collects the static files, migrates a throwaway SQLite database in a temp
# SCOREKEEPER_DATA_DIR, seeds 20 finished games and one game in play with three rounds and a
# challenge, signs in through Django's test client in the Django shell (its session and CSRF
# cookies go to Lighthouse through --extra-headers), starts gunicorn (DEBUG=0) on a free loopback
# port and runs Lighthouse's performance, accessibility and best-practices categories on each
# page, LIGHTHOUSE_RUNS times (a run Lighthouse itself could not record, such as NO_NAVSTART on a
# busy machine, is tried again, twice at most). The HTML goes out gzip-compressed, as behind the
# Caddy of docs/deploy.md (`encode zstd gzip`): the project's settings plus Django's
# GZipMiddleware (the static files are WhiteNoise's precompressed copies either way).
# Prints each run's scores and every audit that kept a category below 100, then the lowest score
# of each category per page; exits non-zero if any score is below 100. Skips (exit 0) with a
# message when Lighthouse is not installed.
# The installability of the app is checked in tests/browser/test_offline.py instead: Lighthouse
# 12 has no PWA category.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="$ROOT/.venv/bin/python"
GUNICORN="$ROOT/.venv/bin/gunicorn"
LIGHTHOUSE_DIR="${LIGHTHOUSE_DIR:-/tmp/lh}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

lighthouse() { (cd "$LIGHTHOUSE_DIR" 2>/dev/null && npx --no-install lighthouse "$@"); }
if ! command -v npx >/dev/null || ! lighthouse --version >/dev/null 2>&1; then
  echo "lighthouse: skipped, Lighthouse is not installed (npx --no-install lighthouse failed in"
  echo "  $LIGHTHOUSE_DIR). Install it outside the project, then run this again:"
  echo "  mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse@12"
  exit 0
fi
if [ ! -x "$CHROME_PATH" ]; then
  echo "lighthouse: skipped, no Chromium at $CHROME_PATH (set CHROME_PATH)."
  exit 0
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

export SCOREKEEPER_DATA_DIR="$WORK/data" DEBUG=0 ALLOWED_HOSTS=127.0.0.1
unset DATABASE_URL
# The project's settings, with the static files collected into the temp folder (not the
# checkout's staticfiles/, which other runs may be writing) and the HTML gzip-compressed, as the
# deployment's proxy sends it (docs/deploy.md); WhiteNoise serves precompressed static files.
cat >"$WORK/lighthouse_settings.py" <<EOF
from scorekeeper.settings import *  # noqa: F403

STATIC_ROOT = "$WORK/static"
MIDDLEWARE = ["django.middleware.gzip.GZipMiddleware", *MIDDLEWARE]  # noqa: F405
EOF
export DJANGO_SETTINGS_MODULE=lighthouse_settings PYTHONPATH="$WORK${PYTHONPATH:+:$PYTHONPATH}"
cd "$ROOT"
"$PYTHON" manage.py collectstatic --noinput -v 0
"$PYTHON" manage.py migrate --noinput -v 0
"$PYTHON" manage.py seed_demo --games 20 --user demo >/dev/null
# Prints "<game id> <session key> <CSRF token>".
SEEDED="$("$PYTHON" manage.py shell -v 0 -c '
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from scorekeeper.games.models import Crew
from scorekeeper.games.services import game_start, locked_game, round_record
from scorekeeper.referee.services import challenge_record
from scorekeeper.domain.challenge import judge_by_answer

user = get_user_model().objects.get(username="demo")
crew = Crew.objects.get(memberships__user=user)
players = list(crew.players.order_by("pk")[:4])
game = game_start(crew=crew, players=players, edition="classic", scoring="standard", target=500, first_dealer=players[0], by=user)
names = [p.name for p in players]
for number, winner in enumerate(names[:3], start=1):
    with locked_game(crew=crew, game_id=game.pk) as locked:
        round_record(game=locked, number=number, winner=winner, by=user,
                     hands={n: "R7 G+2 W" if i % 2 else 12 for i, n in enumerate(names) if n != winner})
challenge_record(game=game, challenger=players[1], challenged=players[2], colour="R", hand="",
                 verdict=judge_by_answer("R", False, "classic"))
# Sign in and open both pages once, so the session already holds the crew and its time zone
# and the CSRF cookie exists: the pages Lighthouse loads then set no cookie. (Chromium sends
# its own cookie jar instead of the --extra-headers Cookie once a response has set one, and
# the images of the page would go out signed out.) No single quotes in this script.
client = Client(SERVER_NAME="127.0.0.1")
client.force_login(user)
for url in ("/", f"/games/{game.pk}/"):
    assert client.get(url).status_code == 200, url
print(game.pk, client.cookies[settings.SESSION_COOKIE_NAME].value, client.cookies[settings.CSRF_COOKIE_NAME].value)
')"
read -r GAME SESSION CSRF <<<"$(tail -n 1 <<<"$SEEDED")"

PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$GUNICORN" scorekeeper.wsgi --bind "127.0.0.1:$PORT" --workers 2 --log-level warning &
SERVER_PID=$!
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/login/" 2>/dev/null && break
  sleep 0.2
done

REPORTS="${LIGHTHOUSE_REPORTS:-$WORK}"  # set it to keep the JSON reports
RUNS="${LIGHTHOUSE_RUNS:-3}"
mkdir -p "$REPORTS"
HEADERS="{\"Cookie\": \"sessionid=$SESSION; csrftoken=$CSRF\"}"
status=0
for page in "/" "/games/$GAME/"; do
  reports=()
  for run in $(seq "$RUNS"); do
    report="$REPORTS/report-$(echo "$page" | tr -c 'a-z0-9' '_')-$run.json"
    for attempt in 1 2 3; do
      lighthouse "http://127.0.0.1:$PORT$page" --quiet --output=json --output-path="$report" \
        --only-categories=performance,accessibility,best-practices \
        --extra-headers="$HEADERS" \
        --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking" \
        && ! grep -q '"runtimeError"' "$report" && break
      echo "  $page run $run: Lighthouse could not record the page (attempt $attempt)"
    done
    reports+=("$report")
  done
  "$PYTHON" - "$page" "${reports[@]}" <<'EOF' || status=1
import json
import os
import sys

page, paths = sys.argv[1], sys.argv[2:]
below = False
lowest: dict[str, int] = {}
for run, path in enumerate(paths, start=1):
    if not os.path.exists(path):
        print(f"{page:<14} run {run}: no report")
        below = True
        continue
    report = json.load(open(path))
    if report.get("runtimeError"):
        print(f"{page:<14} run {run}: {report['runtimeError']['code']}")
        below = True
        continue
    if report.get("finalDisplayedUrl", "").rstrip("/").endswith("/login"):
        sys.exit(f"{page}: Lighthouse saw the login page, not the signed-in page")
    scores = []
    for category in report["categories"].values():
        score = round(category["score"] * 100)
        lowest[category["title"]] = min(score, lowest.get(category["title"], 100))
        scores.append(f"{category['title']} {score}")
        if score < 100:
            below = True
            for ref in category["auditRefs"]:
                audit = report["audits"][ref["id"]]
                if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                    value = audit.get("displayValue", "")
                    print(f"    {category['title']}: {audit['id']} ({audit['score']}) {value}")
    print(f"{page:<14} run {run}: " + " · ".join(scores))
print(f"{page:<14} lowest of {len(paths)}: " + " · ".join(f"{k} {v}" for k, v in lowest.items()))
sys.exit(1 if below else 0)
EOF
done
exit $status
