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


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    raw_id_fields = ["winner"]
    fields = ["number", "winner", "created_at"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "crew", "night", "edition", "scoring", "target", "status", "started_at"]
    list_filter = ["crew", "edition", "scoring", "status"]
    inlines = [SeatInline, RoundInline]
    raw_id_fields = ["night", "first_dealer"]


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "winner", "created_at"]
    inlines = [HandInline]
    raw_id_fields = ["game", "winner"]


admin.site.register(Invite)
admin.site.register(Challenge)
