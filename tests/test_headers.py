"""Security and caching headers, and a production configuration that passes Django's checklist."""

import base64
import hashlib
import os
import secrets
import subprocess
import sys

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.game(
    players=["Ann", "Ben", "Cat", "Dee"], rounds=[("Ann", {"Ben": 12, "Cat": "R7 W", "Dee": 3})]
)


def test_every_page_forbids_inline_script_and_style(member_client, game):
    response = member_client.get(reverse("games:game_detail", args=[game.pk]))
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    # Our own files, and the one inline script of templates/base.html, by its hash.
    assert directives["script-src"] == f"'self' {settings.BOOT_SCRIPT_HASH}"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


def test_our_templates_carry_no_inline_script_style_or_handler(member_client, game):
    """What the CSP would block: inline <script>, a style attribute or <style>, an on*= handler."""
    pages = [
        reverse("games:home"),
        reverse("games:game_detail", args=[game.pk]),
        reverse("live:live", args=[game.share_token]),
        reverse("accounts:crew_detail"),
        reverse("nights:night_list"),
        reverse("referee:rules_search"),
    ]
    for url in pages:
        html = member_client.get(url).content.decode()
        assert " style=" not in html and "<style" not in html, url
        assert " onclick=" not in html and " hx-on" not in html, url
        inline = []
        for chunk in html.split("<script")[1:]:
            tag, rest = chunk.split(">", 1)
            if "src=" not in tag and 'type="application/json"' not in tag:
                inline.append(rest.split("</script>", 1)[0])
        # Only the boot script, byte for byte what the policy's hash allows.
        assert inline == [settings.BOOT_SCRIPT], f"{url}: inline script {inline}"


def test_the_boot_script_hash_is_the_hash_of_the_script_the_pages_carry(member_client, game):
    html = member_client.get(reverse("games:home")).content.decode()
    script = html.split("<script>", 1)[1].split("</script>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" == settings.BOOT_SCRIPT_HASH
    # It runs before the stylesheet is applied: the first layout is already the scripted one.
    assert html.index("<script>") < html.index('rel="stylesheet"')


def test_the_deploy_guide_describes_the_policy_the_pages_get():
    """It said "no inline script anywhere" while the policy allows one by its hash."""
    guide = " ".join((settings.BASE_DIR / "docs" / "deploy.md").read_text().split())
    assert "no inline script" not in guide
    hashes = [
        source
        for source in settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["script-src"]
        if source.startswith("'sha256-")
    ]
    assert hashes == [settings.BOOT_SCRIPT_HASH]
    assert "one inline script of one line, allowed by its hash" in guide


def test_the_permissions_policy_turns_off_what_a_scoreboard_never_uses(client, db):
    policy = client.get(reverse("accounts:login"))["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment"):
        assert f"{feature}=()" in policy


def test_signed_in_pages_and_exports_are_private(member_client, game):
    assert member_client.get(reverse("games:home"))["Cache-Control"] == "private"
    page = member_client.get(reverse("games:game_detail", args=[game.pk]))
    assert page["Cache-Control"] == "private"


def test_the_live_view_keeps_its_own_revalidation(member_client, game):
    live = member_client.get(reverse("live:live", args=[game.share_token]))
    assert live["Cache-Control"] == "no-cache"


def test_a_visitors_page_is_not_marked_private(client, db):
    assert "Cache-Control" not in client.get(reverse("referee:rules_search"))


def test_behind_https_every_request_is_redirected_and_told_to_stay_on_https(client, settings, db):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 31536000
    plain = client.get(reverse("accounts:login"))
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    secure = client.get(reverse("accounts:login"), HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"].startswith("max-age=31536000")


@pytest.mark.parametrize(
    ("host", "secure", "sent"),
    [
        ("localhost:8000", False, True),
        ("table.localhost", False, True),
        ("127.0.0.1:8000", False, True),
        ("[::1]:8000", False, True),
        ("score.example.org", True, True),
        # The network address the other phones open: Chromium ignores the header there, and
        # logs so on every page.
        ("192.168.1.20:8000", False, False),
        ("score.example.org", False, False),
    ],
)
def test_the_opener_policy_goes_only_where_the_browser_applies_it(
    client, settings, db, host, secure, sent
):
    settings.ALLOWED_HOSTS = ["*"]
    response = client.get(reverse("referee:rules_search"), HTTP_HOST=host, secure=secure)
    assert response.status_code == 200
    assert ("Cross-Origin-Opener-Policy" in response) is sent
    # The headers that apply everywhere stay.
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response


def test_a_refused_host_gets_its_400_without_the_opener_policy(client, db):
    response = client.get(reverse("referee:rules_search"), HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "Cross-Origin-Opener-Policy" not in response


def test_the_documented_production_variables_pass_check_deploy(tmp_path):
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "0",
        "ALLOWED_HOSTS": "score.example.org",
        "CSRF_TRUSTED_ORIGINS": "https://score.example.org",
        "BEHIND_HTTPS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
    }
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = checked.stdout + checked.stderr
    assert checked.returncode == 0, output
    assert "WARNING" not in output and "System check identified no issues" in output, output


def test_the_policy_built_once_is_the_one_django_csp_builds(member_client, game, settings):
    from csp.utils import build_policy

    url = reverse("games:game_detail", args=[game.pk])
    assert member_client.get(url)["Content-Security-Policy"] == build_policy()
    # A changed setting is followed (the built header is forgotten), report-only included.
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"img-src": ["'self'"]}}
    response = member_client.get(url)
    assert response["Content-Security-Policy"] == "default-src 'none'"
    report_only = response["Content-Security-Policy-Report-Only"]
    assert report_only == build_policy(report_only=True) and "img-src 'self'" in report_only
    settings.CONTENT_SECURITY_POLICY = {
        "EXCLUDE_URL_PREFIXES": ["/games/"],
        "DIRECTIVES": {"default-src": ["'none'"]},
    }
    assert "Content-Security-Policy" not in member_client.get(url)


def test_a_view_that_changes_its_policy_still_gets_its_own(rf, settings):
    from csp.decorators import csp_update
    from django.http import HttpResponse

    from scorekeeper.middleware import CSPMiddleware

    @csp_update({"img-src": ["data:"]})
    def view(request):
        return HttpResponse("ok")

    request = rf.get("/")
    middleware = CSPMiddleware(view)
    policy = middleware(request)["Content-Security-Policy"]
    assert "data:" in policy and "'self'" in policy
