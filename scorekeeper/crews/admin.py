from django.contrib import admin

from scorekeeper.games.models import Crew, Invite, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Crew)
class CrewAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


admin.site.register(Invite)
