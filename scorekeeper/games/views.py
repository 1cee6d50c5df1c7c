from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.domain import EDITIONS, SCORING_SUMMARIES


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "home.html",
        {"editions": EDITIONS.values(), "scoring_summaries": SCORING_SUMMARIES},
    )
