#!/usr/bin/env bash
# Lighthouse (mobile) on the home page and a game's scoreboard, signed in, on a real gunicorn.
#
# Run: bench/lighthouse.sh   (LIGHTHOUSE_DIR=/tmp/lh by default: where `npm i lighthouse@12`
# was run; lighthouse 12 because Node here is v20; CHROME_PATH=/usr/bin/chromium by default;
# LIGHTHOUSE_REPORTS=<dir> keeps the JSON reports; LIGHTHOUSE_RUNS=5 runs per page)
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
# Prints each run's scores and every audit that kept a category below 100, then the median and
# the lowest score of each category per page (Lighthouse's own advice on variability: judge the
# median of five runs); exits non-zero if a median is below 100. As a control it first measures a
# blank page (a heading and a sentence, served by Python's http.server): what this machine's own
# noise costs the performance score, with no byte of ours on the page. Skips (exit 0) with a
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
from scorekeeper.crews.models import Crew
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
# A worker builds the rules search's index as it boots (scorekeeper/wsgi.py): up to 30 s.
for _ in $(seq 150); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/login/" 2>/dev/null && break
  sleep 0.2
done

REPORTS="${LIGHTHOUSE_REPORTS:-$WORK}"  # set it to keep the JSON reports
RUNS="${LIGHTHOUSE_RUNS:-5}"
mkdir -p "$REPORTS"
HEADERS="{\"Cookie\": \"sessionid=$SESSION; csrftoken=$CSRF\"}"
status=0
# measure LABEL URL EXTRA_HEADERS: RUNS Lighthouse runs of one page, then the summary; returns
# non-zero when a category's median is below 100.
measure() {
  local label="$1" url="$2" headers="$3" reports=() report run attempt
  for run in $(seq "$RUNS"); do
    report="$REPORTS/report-$(echo "$label" | tr -c 'a-z0-9' '_')-$run.json"
    for attempt in 1 2 3; do
      lighthouse "$url" --quiet --output=json --output-path="$report" \
        --only-categories=performance,accessibility,best-practices \
        --extra-headers="$headers" \
        --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking" \
        && ! grep -q '"runtimeError"' "$report" && break
      echo "  $label run $run: Lighthouse could not record the page (attempt $attempt)"
    done
    reports+=("$report")
  done
  "$PYTHON" "$ROOT/bench/lighthouse_summary.py" "$label" "${reports[@]}"
}

# The control: a blank page on a plain static server (no byte of ours), judged the same way.
mkdir -p "$WORK/blank"
cat >"$WORK/blank/index.html" <<'EOF'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A blank page: the control of this benchmark.">
<link rel="icon" href="data:,"></head>
<body><h1>Blank</h1><p>A heading and a sentence.</p></body></html>
EOF
BLANK_PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
(cd "$WORK/blank" && exec "$PYTHON" -m http.server "$BLANK_PORT" --bind 127.0.0.1 >/dev/null 2>&1) &
BLANK_PID=$!
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$BLANK_PORT/" 2>/dev/null && break
  sleep 0.2
done
echo "control (a blank page, not judged):"
measure "blank" "http://127.0.0.1:$BLANK_PORT/" "{}" || true
kill "$BLANK_PID" 2>/dev/null || true

for page in "/" "/games/$GAME/"; do
  measure "$page" "http://127.0.0.1:$PORT$page" "$HEADERS" || status=1
done
exit $status
