from django.contrib import admin

from scorekeeper.crews.models import Crew, Invite, Membership

from .forms import AdminLoginForm

# The admin's log-in is braked like ours, so it refuses an over-long username alike.
admin.site.login_form = AdminLoginForm


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Crew)
class CrewAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


admin.site.register(Invite)
