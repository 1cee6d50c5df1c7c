"""Sign up, crews, switching crew and invite links."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.addresses import shared_url
from scorekeeper.crews.models import Crew, Invite, Membership
from scorekeeper.domain.scoring import MAX_NAME_LENGTH
from scorekeeper.games.access import SESSION_KEY, crew_required, use_crew_zone, user_crews
from scorekeeper.inputs import is_token
from scorekeeper.roster.models import Player

from .forms import CrewForm, CrewTimeZoneForm, SignupForm
from .models import InviteUse
from .preferences import store_chosen_language
from .throttle import signup_wait, too_many_attempts


def _start_crew(user, name: str, time_zone: str = "UTC") -> Crew:
    crew = Crew.objects.create(name=name, time_zone=time_zone)
    _add_member(crew, user)
    return crew


def _add_member(crew: Crew, user) -> None:
    """Make ``user`` a member with a player of their own, so the new-game roster offers them
    from the start. A player of that name nobody claimed yet becomes theirs."""
    Membership.objects.get_or_create(crew=crew, user=user)
    if Player.objects.filter(crew=crew, user=user).exists():
        return
    name = user.get_username()[:MAX_NAME_LENGTH]
    same = Player.objects.filter(crew=crew, name__iexact=name).first()
    if same is None:
        Player.objects.create(crew=crew, name=name, user=user)
    elif same.user_id is None:
        same.user = user
        same.save(update_fields=["user"])


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and (minutes := signup_wait(request)) is not None:
        return too_many_attempts(request, minutes)
    token = request.GET.get("invite") or request.POST.get("invite")
    invite = _valid_invite(token)
    if token and invite is None:
        return _unusable_invite(request, token)
    form = SignupForm(
        request.POST if request.method == "POST" else None, joining=invite.crew if invite else None
    )
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            store_chosen_language(request, user)
            if invite:
                crew = invite.crew
                used_up = _join_by(invite, user) is not None
                if used_up:  # the last place went to someone else meanwhile: no account
                    transaction.set_rollback(True)
            else:
                crew = _start_crew(
                    user, form.cleaned_data["crew_name"], form.cleaned_data["time_zone"]
                )
        if invite and used_up:
            return _unusable_invite(request, token)
        login(request, user, backend="scorekeeper.crews.preferences.PreferenceModelBackend")
        request.session[SESSION_KEY] = crew.pk
        return redirect("games:home")
    first_user = not get_user_model().objects.exists()
    status = 422 if request.method == "POST" else 200
    context = {"form": form, "invite": invite, "first_user": first_user}
    return render(request, "accounts/signup.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def crew_new(request: HttpRequest) -> HttpResponse:
    form = CrewForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            crew = _start_crew(
                request.user, form.cleaned_data["name"], form.cleaned_data["time_zone"]
            )
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
    """A new invite link, unless the crew already has ``INVITES_OPEN`` open ones (409)."""
    expires_at = timezone.now() + timedelta(days=settings.INVITE_DAYS)
    with transaction.atomic():
        # The crew row's lock makes two members making links at once take turns.
        crew = Crew.objects.select_for_update().get(pk=request.crew.pk)
        if len(_open_invites(crew)) >= settings.INVITES_OPEN:
            messages.error(request, _too_many_links())
            return _crew_page(request, status=409)
        invite = Invite.objects.create(crew=crew, created_by=request.user, expires_at=expires_at)
    return redirect("accounts:crew_detail_invite", token=invite.token)


def _too_many_links() -> str:
    return ngettext(
        "Your crew already has %(most)s open invite link, the most it can have: revoke it to "
        "make another.",
        "Your crew already has %(most)s open invite links, the most it can have: revoke one to "
        "make another.",
        settings.INVITES_OPEN,
    ) % {"most": settings.INVITES_OPEN}


@crew_required
@require_POST
def invite_revoke(request: HttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(Invite, token=token, crew=request.crew)
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    messages.success(request, _("The invite link is revoked: nobody can join with it any more."))
    return redirect("accounts:crew_detail")


@crew_required
@require_POST
def member_remove(request: HttpRequest, user_id: int) -> HttpResponse:
    """Take a member out of the crew (yourself too: that is leaving). Their games stay."""
    with transaction.atomic():
        # The crew row's lock makes two members removing each other take turns.
        crew = Crew.objects.select_for_update().get(pk=request.crew.pk)
        membership = get_object_or_404(Membership, crew=crew, user_id=user_id)
        if crew.memberships.count() == 1:
            messages.error(
                request,
                _(
                    "%(member)s is the last member of %(crew)s: "
                    "a crew cannot be left without members."
                )
                % {"member": membership.user.get_username(), "crew": crew.name},
            )
            return _crew_page(request, status=409)
        membership.delete()
        Player.objects.filter(crew=crew, user_id=user_id).update(user=None)
    name = membership.user.get_username()
    if user_id == request.user.pk:
        request.session.pop(SESSION_KEY, None)
        messages.success(request, _("You left %(crew)s.") % {"crew": crew.name})
        return redirect("games:home")
    messages.success(
        request,
        _("%(member)s is no longer a member of %(crew)s.") % {"member": name, "crew": crew.name},
    )
    return redirect("accounts:crew_detail")


@crew_required
@require_http_methods(["GET"])
def crew_detail(request: HttpRequest, token: str | None = None) -> HttpResponse:
    invite = None
    if token:
        invite = get_object_or_404(Invite, token=token, crew=request.crew)
    return _crew_page(request, invite=invite)


@crew_required
@require_POST
def crew_time_zone(request: HttpRequest) -> HttpResponse:
    """Change the crew's zone: its pages, and the evening new games join, follow at once."""
    form = CrewTimeZoneForm(request.POST)
    if not form.is_valid():
        return _crew_page(request, zone_form=form, status=422)
    crew = request.crew
    crew.time_zone = form.cleaned_data["time_zone"]
    crew.save(update_fields=["time_zone"])
    use_crew_zone(request, crew)
    messages.success(
        request,
        _("%(crew)s now keeps time in %(zone)s.") % {"crew": crew.name, "zone": crew.time_zone},
    )
    return redirect("accounts:crew_detail")


def _crew_page(
    request: HttpRequest,
    *,
    invite: Invite | None = None,
    status: int = 200,
    zone_form: CrewTimeZoneForm | None = None,
):
    context = {
        "crew": request.crew,
        "zone_form": zone_form or CrewTimeZoneForm(initial={"time_zone": request.crew.time_zone}),
        "crews": user_crews(request),
        "members": request.crew.members.order_by("username"),
        "open_invites": _open_invites(request.crew),
        "invite": invite,
        "invite_url": _invite_url(request, invite) if invite else None,
        "invite_uses": settings.INVITE_USES,
        "invites_open": settings.INVITES_OPEN,
    }
    return render(request, "accounts/crew.html", context, status=status)


def invite_expiry(invite: Invite):
    """Links made before invites carried a date expire as if they had one."""
    return invite.expires_at or invite.created_at + timedelta(days=settings.INVITE_DAYS)


def _invites() -> QuerySet[Invite]:
    """Invites with their crew and maker, and how many people joined by each (``used``)."""
    return Invite.objects.select_related("crew", "created_by").annotate(used=Count("uses"))


def _open_invites(crew: Crew) -> list[Invite]:
    """The crew's links that still let someone join, oldest first."""
    invites = _invites().filter(crew=crew, revoked_at=None).order_by("created_at", "pk")
    return [invite for invite in invites if _invite_problem(invite) is None]


def _invite_problem(invite: Invite) -> str | None:
    """Why this link can no longer be used, or None if it can."""
    if invite.revoked_at is not None:
        return _("This invite link was revoked by the crew.")
    expiry = invite_expiry(invite)
    if expiry <= timezone.now():
        when = date_format(timezone.localtime(expiry), "DATE_FORMAT")
        return _("This invite link expired on %(date)s.") % {"date": when}
    used = getattr(invite, "used", None)
    if used is None:
        used = invite.uses.count()
    if used >= settings.INVITE_USES:
        return ngettext(
            "This invite link has let %(count)s person join, the most it can.",
            "This invite link has let %(count)s people join, the most it can.",
            used,
        ) % {"count": used}
    return None


def _join_by(invite: Invite, user) -> str | None:
    """Make ``user`` a member by ``invite`` (inside the caller's transaction), counting a use;
    or why not (the link is used up). A member already in the crew uses no place. The
    invite's row lock makes people joining at once by one link take turns, so the last place
    goes to one of them."""
    locked = Invite.objects.select_for_update().filter(pk=invite.pk)
    invite.revoked_at = locked.values_list("revoked_at", flat=True).first()
    if Membership.objects.filter(crew_id=invite.crew_id, user=user).exists():
        return None
    invite.used = InviteUse.objects.filter(invite=invite).count()
    problem = _invite_problem(invite)
    if problem is not None:
        return problem
    _add_member(invite.crew, user)
    InviteUse.objects.create(crew_id=invite.crew_id, invite=invite, user=user)
    return None


def _invite_of(token: str) -> Invite | None:
    """The invite of a token from the query string or the form (no URL pattern checked its
    shape): anything but a token's shape is no invite, and never reaches the database."""
    if not is_token(token):
        return None
    return _invites().filter(token=token).first()


def _valid_invite(token: str | None) -> Invite | None:
    if not token:
        return None
    invite = _invite_of(token)
    return invite if invite is not None and _invite_problem(invite) is None else None


def _unusable_invite(request: HttpRequest, token: str) -> HttpResponse:
    invite = _invite_of(token)
    problem = _invite_problem(invite) if invite else _("This invite link is not valid.")
    context = {"invite": invite, "problem": problem}
    return render(request, "accounts/join.html", context, status=404 if invite is None else 410)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(_invites(), token=token)
    if _invite_problem(invite):
        return _unusable_invite(request, token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('accounts:signup')}?invite={token}")
        with transaction.atomic():
            problem = _join_by(invite, request.user)
        if problem is not None:
            return _unusable_invite(request, token)
        request.session[SESSION_KEY] = invite.crew_id
        return redirect("games:home")
    already = (
        request.user.is_authenticated
        and Membership.objects.filter(crew=invite.crew, user=request.user).exists()
    )
    return render(request, "accounts/join.html", {"invite": invite, "already": already})


def _invite_url(request: HttpRequest, invite: Invite) -> str:
    """The invite link a friend's phone can open: the LAN or public address when this page
    was opened on the loopback address (see addresses.shared_url)."""
    path = reverse("accounts:join", args=[invite.token])
    return shared_url(request, path) or request.build_absolute_uri(path)
