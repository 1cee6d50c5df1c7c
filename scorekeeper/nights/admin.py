from django.contrib import admin

from scorekeeper.nights.models import GameNight


@admin.register(GameNight)
class GameNightAdmin(admin.ModelAdmin):
    list_display = ["date", "name", "crew"]
    list_filter = ["crew"]
