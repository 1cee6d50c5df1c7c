from django.contrib import admin

from scorekeeper.roster.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "crew", "user"]
    list_filter = ["crew"]
    search_fields = ["name"]
