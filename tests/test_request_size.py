"""A request body over MAX_REQUEST_BYTES is refused before anything reads it (issue 53, item 17:
a 300 MB multipart POST to the login page was read into a 296 MB temporary file)."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse

from scorekeeper.gamefiles.files import MAX_FILE_BYTES
from scorekeeper.middleware import RequestSizeMiddleware

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_an_anonymous_post_over_the_limit_is_refused_unread(client, monkeypatch):
    def unread(*args, **kwargs):
        raise AssertionError("the body was read")

    monkeypatch.setattr("django.http.request.HttpRequest.read", unread)
    response = client.post(
        "/login/",
        {"username": "ann", "password": "wrong"},
        CONTENT_LENGTH=str(settings.MAX_REQUEST_BYTES + 1),
    )
    assert response.status_code == 413
    assert response.content.decode() == (
        "This request is larger than 11 MB, the most this site accepts: nothing was read or saved."
    )


@pytest.mark.django_db
def test_the_refusal_speaks_the_readers_language(client):
    response = client.post(
        "/login/",
        {"username": "ann"},
        CONTENT_LENGTH=str(settings.MAX_REQUEST_BYTES + 1),
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 413
    assert "más de 11 MB" in response.content.decode()


def test_a_body_at_the_limit_goes_through(rf):
    passed = []
    middleware = RequestSizeMiddleware(lambda request: passed.append(request) or HttpResponse())
    at_limit = rf.post("/login/", CONTENT_LENGTH=str(settings.MAX_REQUEST_BYTES))
    assert middleware(at_limit).status_code == 200 and passed == [at_limit]
    garbled = rf.post("/login/", CONTENT_LENGTH="12x")  # Django reads it as no body
    assert middleware(garbled).status_code == 200


@pytest.mark.django_db
def test_the_import_pages_largest_file_still_fits(member_client):
    content = b"[" + b" " * (MAX_FILE_BYTES - 2) + b"]"  # the largest file the page reads
    upload = SimpleUploadedFile("games.json", content, content_type="application/json")
    response = member_client.post("/games/import/", {"file": upload})
    # Read, and refused by the importer (an empty list), not by the size limit.
    assert response.status_code == 422
    assert "the file holds an empty list of games." in response.content.decode()


def test_the_proxy_examples_set_the_same_limit():
    text = (ROOT / "docs" / "deploy.md").read_text()
    megabytes = settings.MAX_REQUEST_BYTES // (1024 * 1024)
    assert re.findall(r"client_max_body_size (\d+)m;", text) == [str(megabytes)]
    assert re.findall(r"max_size (\d+)MiB", text) == [str(megabytes)]
    assert re.findall(r"LimitRequestBody (\d+)", text) == [str(settings.MAX_REQUEST_BYTES)]
