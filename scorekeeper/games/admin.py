from django.contrib import admin

from .models import Challenge, Game, Hand, Round, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


class ReadOnly:
    """Shown, never written: rounds and hands change only through the games services, which
    score the game with the core, bump its version and keep the audit trail."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(ReadOnly, admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False


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
class RoundAdmin(ReadOnly, admin.ModelAdmin):
    """Read-only, like the inlines: a round is entered, edited and deleted at the table."""

    list_display = ["game", "number", "winner", "created_at"]
    inlines = [HandInline]


admin.site.register(Challenge)
