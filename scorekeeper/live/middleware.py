"""The watchers' polls of an unchanged live board, answered before the layers they skip.

Every phone watching a game asks for its board every few seconds, and nearly every answer is
304 Not Modified. Such a poll is a visitor's (no session cookie: nobody signed in, so no saved
language or crew zone applies), is a GET, and needs the game's version and the viewer's zone
and language only. This layer sits right after the language is chosen and answers it there
with the view's own ETag (``live.views.live_etag``): the session, CSRF, sign-in, message,
htmx, history and lockout layers have nothing to do for it. Anything else (a changed board, a
signed-in watcher, an unknown link) goes on to the view as before, which decides alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scorekeeper.inputs import TOKEN_PATTERN
from scorekeeper.live.views import live_etag, not_modified

# live/urls.py's "live/<token:token>/board/" (a test holds the two together): a token of
# another shape goes on to the resolver, which finds no page.
BOARD_PATH = re.compile(rf"/live/(?P<token>{TOKEN_PATTERN})/board/")


class LivePollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        asked = request.META.get("HTTP_IF_NONE_MATCH")
        if (
            asked
            and request.method == "GET"
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and (path := BOARD_PATH.fullmatch(request.path_info))
        ):
            request.get_host()  # as CommonMiddleware below: a host not allowed is a 400
            try:
                found = live_etag(request, path["token"], "board")
            finally:
                timezone.deactivate()  # the view activates the zone again if it renders
            if found is not None and found[0] in asked:
                return not_modified(found[0])
        return self.get_response(request)
