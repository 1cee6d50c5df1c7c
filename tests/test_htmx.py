import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from scorekeeper.htmx import render_page, wants_partial

# A page of our own, so the helper is tested apart from any real template.
PAGE = (
    "<html><body><h1>Whole page</h1>"
    "{% partialdef board inline %}<div id='board'>{{ score }}</div>{% endpartialdef board %}"
    "</body></html>"
)
LOCMEM_TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [("django.template.loaders.locmem.Loader", {"page.html": PAGE})],
                )
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]


@pytest.fixture
def page_template():
    with override_settings(TEMPLATES=LOCMEM_TEMPLATES):
        yield


def request_for(**headers: str):
    request = RequestFactory().get("/board/", headers=headers)
    request.user = AnonymousUser()
    request.htmx = HtmxDetails(request)
    return request


@pytest.mark.usefixtures("page_template")
def test_a_plain_request_gets_the_whole_page():
    response = render_page(request_for(), "page.html", {"score": 7}, partial="board")
    text = response.content.decode()
    assert "<h1>Whole page</h1>" in text
    assert "<div id='board'>7</div>" in text
    assert response.status_code == 200


@pytest.mark.usefixtures("page_template")
def test_an_htmx_request_gets_only_the_partial():
    request = request_for(**{"HX-Request": "true"})
    response = render_page(request, "page.html", {"score": 7}, partial="board")
    assert response.content.decode().strip() == "<div id='board'>7</div>"


@pytest.mark.usefixtures("page_template")
def test_a_history_restore_gets_the_whole_page():
    request = request_for(**{"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert not wants_partial(request)
    response = render_page(request, "page.html", {"score": 7}, partial="board")
    assert "<h1>Whole page</h1>" in response.content.decode()


@pytest.mark.usefixtures("page_template")
def test_without_a_partial_htmx_gets_the_whole_page_too():
    response = render_page(request_for(**{"HX-Request": "true"}), "page.html", {"score": 7})
    assert "<h1>Whole page</h1>" in response.content.decode()
    assert "Vary" not in response


@pytest.mark.usefixtures("page_template")
@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}])
def test_the_status_is_kept_and_the_response_varies_on_hx_request(headers):
    response = render_page(request_for(**headers), "page.html", {}, partial="board", status=422)
    assert response.status_code == 422
    assert "HX-Request" in response["Vary"]


def test_the_htmx_client_fixture_gets_a_real_views_partial(htmx_client, member_client):
    url = reverse("referee:rules_search")
    partial = htmx_client.get(url, {"q": "stack draw two"}).content.decode()
    page = member_client.get(url, {"q": "stack draw two"}).content.decode()
    assert partial.lstrip().startswith('<div id="results"')
    assert "<html" not in partial
    assert "<html" in page
