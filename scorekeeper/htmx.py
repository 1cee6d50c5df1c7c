"""Full page or partial: the one place that decides what an htmx request gets back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def wants_partial(request: HtmxHttpRequest) -> bool:
    """An htmx swap gets a fragment. A history restore (htmx re-fetching a page that fell
    out of its cache) needs the whole page, like a request without JavaScript."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def render_page(
    request: HtmxHttpRequest,
    template: str,
    context: Mapping[str, Any] | None = None,
    *,
    partial: str | None = None,
    status: int = 200,
) -> HttpResponse:
    """Render ``template``, or only its ``{% partialdef partial %}`` for an htmx swap.

    The same URL answers both ways, so the response says it varies on ``HX-Request``:
    a cache (or the browser's back button) must not hand a fragment to a full-page load.
    """
    name = f"{template}#{partial}" if partial and wants_partial(request) else template
    response = render(request, name, context, status=status)
    if partial:
        patch_vary_headers(response, ["HX-Request"])
    return response
