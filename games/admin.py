from django.contrib import admin

from games.models import Bot, Competitor, Game, Move, Player, Rating, RatingChange, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "game_id", "status", "version", "rated", "created_at"]
    list_filter = ["game_id", "status"]
    inlines = [SeatInline]


admin.site.register([Competitor, Player, Bot, Move, Rating, RatingChange])
