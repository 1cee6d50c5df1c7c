from django.contrib import admin

from .models import Challenge, Crew, Game, GameNight, Hand, Invite, Membership, Player, Round, Seat


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Crew)
class CrewAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "crew", "user"]
    list_filter = ["crew"]
    search_fields = ["name"]


@admin.register(GameNight)
class GameNightAdmin(admin.ModelAdmin):
    list_display = ["date", "name", "crew"]
    list_filter = ["crew"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


class ReadOnlyInline(admin.TabularInline):
    """Shown, never written: rounds and hands change only through the games services, which
    score the game with the core, bump its version and keep the audit trail."""

    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class RoundInline(ReadOnlyInline):
    model = Round
    fields = ["number", "winner", "created_at"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "crew", "night", "edition", "scoring", "target", "status", "started_at"]
    list_filter = ["crew", "edition", "scoring", "status"]
    inlines = [SeatInline, RoundInline]
    raw_id_fields = ["night", "first_dealer"]


class HandInline(ReadOnlyInline):
    model = Hand
    fields = ["player", "points", "cards"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Read-only, like the inlines: a round is entered, edited and deleted at the table."""

    list_display = ["game", "number", "winner", "created_at"]
    inlines = [HandInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


admin.site.register(Invite)
admin.site.register(Challenge)
