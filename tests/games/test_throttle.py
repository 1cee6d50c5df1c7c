"""Password guessing and mass sign-ups are refused with a "try again in N minutes" page."""

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import UserFactory

PASSWORD = "a-long-test-password"


def _log_in(client, username: str, password: str, url: str | None = None):
    url = url or reverse("accounts:login")
    return client.post(url, {"username": username, "password": password})


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_the_right_one_is_refused_with_the_wait(client):
    UserFactory(username="ann")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _log_in(client, "ann", "wrong-guess").status_code == 200  # the form again
    refused = _log_in(client, "ann", "wrong-guess")
    assert refused.status_code == 429

    refused = _log_in(client, "ann", PASSWORD)
    assert refused.status_code == 429
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    assert f"Too many attempts: try again in {minutes} minutes." in refused.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_the_lockout_is_for_that_username_from_that_address(client):
    UserFactory(username="ann")
    UserFactory(username="ben")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _log_in(client, "ann", "wrong-guess")
    assert _log_in(client, "ben", PASSWORD).status_code == 302
    elsewhere = client.__class__(REMOTE_ADDR="203.0.113.9")
    assert _log_in(elsewhere, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_many_usernames_guessed_from_one_address_lock_the_address_out(client):
    """100 wrong passwords over 25 usernames, 4 each (under the limit per username), used to
    lock nothing."""
    UserFactory(username="ann")
    refused = []
    for number in range(100):
        response = _log_in(client, f"guess{number % 25}", "wrong-guess")
        refused.append(response.status_code == 429)
    assert refused.index(True) == settings.LOGIN_ADDRESS_FAILURE_LIMIT
    assert all(refused[settings.LOGIN_ADDRESS_FAILURE_LIMIT :])
    # The whole address: a right password for a name never guessed is refused too ...
    locked = _log_in(client, "ann", PASSWORD)
    assert locked.status_code == 429 and "Too many attempts" in locked.content.decode()
    # ... and another address is not.
    elsewhere = client.__class__(REMOTE_ADDR="203.0.113.9")
    assert _log_in(elsewhere, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_address_limit_leaves_a_table_of_friends_room(client):
    UserFactory(username="ann")
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT - 1):
        assert _log_in(client, f"friend{number % 6}", "typo").status_code == 200
    assert _log_in(client, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_a_right_password_before_the_limit_starts_the_count_again(client):
    UserFactory(username="ann")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _log_in(client, "ann", "wrong-guess")
    assert _log_in(client, "ann", PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _log_in(client, "ann", "wrong-guess")
    assert _log_in(client, "ann", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_admin_login_is_locked_out_too(client):
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    url = reverse("admin:login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _log_in(client, "boss", "wrong-guess", url)
    refused = _log_in(client, "boss", PASSWORD, url)
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()


@pytest.mark.django_db
def test_the_test_clients_login_still_works(client):
    UserFactory(username="ann")
    assert client.login(username="ann", password=PASSWORD)


def _signup(client, number: int):
    return client.post(
        reverse("accounts:signup"),
        {
            "username": f"flood{number}",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "crew_name": f"Crew {number}",
        },
    )


@pytest.mark.django_db
def test_a_sign_up_flood_from_one_address_is_refused(client, settings):
    settings.SIGNUPS_PER_HOUR = 3
    for number in range(3):
        assert _signup(client, number).status_code == 302
        client.logout()
    refused = _signup(client, 99)
    assert refused.status_code == 429
    assert "Too many attempts: try again in 60 minutes." in refused.content.decode()
    assert not get_user_model().objects.filter(username="flood99").exists()
    # Another address (another household) can still sign up.
    other = client.__class__(REMOTE_ADDR="203.0.113.9")
    assert _signup(other, 100).status_code == 302


@pytest.mark.django_db
def test_behind_the_proxy_the_address_it_saw_is_counted(client, settings):
    """The client cannot dodge the count by claiming an address in X-Forwarded-For."""
    settings.SIGNUPS_PER_HOUR = 2
    settings.BEHIND_HTTPS = True
    settings.SECURE_SSL_REDIRECT = False
    for number in range(2):
        forged = f"198.51.100.{number}, 192.0.2.7"
        response = client.post(
            reverse("accounts:signup"),
            {"username": f"p{number}", "password1": PASSWORD, "password2": PASSWORD,
             "crew_name": f"P {number}"},
            HTTP_X_FORWARDED_FOR=forged,
        )  # fmt: skip
        assert response.status_code == 302
        client.logout()
    response = client.post(
        reverse("accounts:signup"),
        {"username": "p9", "password1": PASSWORD, "password2": PASSWORD, "crew_name": "P 9"},
        HTTP_X_FORWARDED_FOR="198.51.100.200, 192.0.2.7",
    )
    assert response.status_code == 429


@pytest.mark.django_db
def test_an_all_digit_password_is_refused(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "ann", "password1": "80731946215", "password2": "80731946215",
         "crew_name": "X"},
    )  # fmt: skip
    assert response.status_code == 422
    assert "entirely numeric" in response.content.decode()
