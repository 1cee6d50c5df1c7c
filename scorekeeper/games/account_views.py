"""Sign up, crews, switching crew and invite links."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from .access import SESSION_KEY, crew_required, user_crews
from .forms import CrewForm, SignupForm
from .models import Crew, Invite, Membership, Player


def _start_crew(user, name: str) -> Crew:
    crew = Crew.objects.create(name=name)
    Membership.objects.create(crew=crew, user=user)
    Player.objects.get_or_create(crew=crew, name=user.get_username()[:40], defaults={"user": user})
    return crew


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    invite = _valid_invite(request.GET.get("invite") or request.POST.get("invite"))
    form = SignupForm(request.POST or None, joining=invite.crew if invite else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            if invite:
                crew = invite.crew
                Membership.objects.create(crew=crew, user=user)
            else:
                crew = _start_crew(user, form.cleaned_data["crew_name"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        request.session[SESSION_KEY] = crew.pk
        return redirect("games:home")
    first_user = not get_user_model().objects.exists()
    status = 422 if request.method == "POST" else 200
    context = {"form": form, "invite": invite, "first_user": first_user}
    return render(request, "accounts/signup.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def crew_new(request: HttpRequest) -> HttpResponse:
    form = CrewForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            crew = _start_crew(request.user, form.cleaned_data["name"])
        request.session[SESSION_KEY] = crew.pk
        return redirect("games:home")
    status = 422 if request.method == "POST" else 200
    return render(request, "accounts/crew_new.html", {"form": form}, status=status)


@login_required
@require_POST
def crew_switch(request: HttpRequest, crew_id: int) -> HttpResponse:
    crew = get_object_or_404(user_crews(request), pk=crew_id)
    request.session[SESSION_KEY] = crew.pk
    return redirect("games:home")


@crew_required
@require_POST
def invite_create(request: HttpRequest) -> HttpResponse:
    invite = Invite.objects.create(crew=request.crew, created_by=request.user)
    return redirect("accounts:crew_detail_invite", token=invite.token)


@crew_required
@require_http_methods(["GET"])
def crew_detail(request: HttpRequest, token: str | None = None) -> HttpResponse:
    invite = None
    if token:
        invite = get_object_or_404(Invite, token=token, crew=request.crew)
    context = {
        "crew": request.crew,
        "crews": user_crews(request),
        "members": request.crew.members.order_by("username"),
        "invite": invite,
        "invite_url": request.build_absolute_uri(reverse("accounts:join", args=[invite.token]))
        if invite
        else None,
    }
    return render(request, "accounts/crew.html", context)


def _valid_invite(token: str | None) -> Invite | None:
    if not token:
        return None
    return Invite.objects.select_related("crew").filter(token=token).first()


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(Invite.objects.select_related("crew"), token=token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('accounts:signup')}?invite={token}")
        Membership.objects.get_or_create(crew=invite.crew, user=request.user)
        request.session[SESSION_KEY] = invite.crew_id
        return redirect("games:home")
    already = (
        request.user.is_authenticated
        and Membership.objects.filter(crew=invite.crew, user=request.user).exists()
    )
    return render(request, "accounts/join.html", {"invite": invite, "already": already})
