"""Brakes on guessing passwords and on mass sign-ups, kept in the database (django-axes' tables)
so that every app server behind a load balancer counts the same attempts."""

from __future__ import annotations

import math
from datetime import timedelta

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check, and ours for the address. Axes counts per username and
    address: one address guessing 4 passwords for each of 25 usernames stays under its limit of
    5. So an address with ``LOGIN_ADDRESS_FAILURE_LIMIT`` wrong passwords within the cool-off,
    whichever usernames they named, is locked out of every login. The refused try is counted
    like axes' own refusals, so it starts the cool-off again.

    A login without a request (the test client's ``login()``, a shell) has no address to
    count, so it is let through to the next backend; every web login — ours and the admin's —
    passes its request."""

    def authenticate(self, request: HttpRequest | None, *args, **kwargs):
        if request is None:
            return None
        if address_failures(request) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            request.axes_locked_out = True  # AxesMiddleware answers with the lockout page
            raise AxesBackendPermissionDenied("Too many wrong passwords from this address")
        return super().authenticate(request, *args, **kwargs)


def address_failures(request: HttpRequest) -> int:
    """Wrong passwords from this request's address within the cool-off, for any username
    (django-axes keeps one row per username and address, reset by a right password)."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    attempts = AccessAttempt.objects.filter(ip_address=client_ip(request), attempt_time__gte=since)
    return attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0


def client_ip(request: HttpRequest) -> str | None:
    """The address to count attempts by. Behind our TLS proxy every request comes from the
    proxy, which appends the real client to X-Forwarded-For: the last entry is the one it saw
    (earlier entries are whatever the client claimed, so they are never trusted)."""
    if settings.BEHIND_HTTPS:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR")


def minutes_left(until: timedelta) -> int:
    return max(1, math.ceil(until.total_seconds() / 60))


def too_many_attempts(request: HttpRequest, minutes: int) -> HttpResponse:
    return render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)


def lockout_response(
    request: HttpRequest, original_response=None, credentials=None
) -> HttpResponse:
    """django-axes' lockout page (AXES_LOCKOUT_CALLABLE). A refused try restarts the cool-off,
    so the wait is the whole cool-off from now."""
    return too_many_attempts(request, minutes_left(settings.AXES_COOLOFF_TIME))


SIGNUP_WINDOW = timedelta(hours=1)


def signup_wait(request: HttpRequest) -> int | None:
    """Minutes until this address may create another account, or None if it may now.

    Sign-ups are counted from django-axes' access log (each new account signs in at once,
    and axes logs that sign-in with its address and path)."""
    since = timezone.now() - SIGNUP_WINDOW
    recent = AccessLog.objects.filter(
        ip_address=client_ip(request), path_info=request.path_info, attempt_time__gte=since
    ).order_by("-attempt_time")
    times = list(recent.values_list("attempt_time", flat=True)[: settings.SIGNUPS_PER_HOUR])
    if len(times) < settings.SIGNUPS_PER_HOUR:
        return None
    return minutes_left(times[-1] + SIGNUP_WINDOW - timezone.now())
