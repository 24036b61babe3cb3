from django.contrib import admin

from games.models import (
    ApiToken,
    Bot,
    Competitor,
    Entry,
    Game,
    League,
    Match,
    MatchGame,
    Move,
    Player,
    Rating,
    RatingChange,
    Round,
    Season,
    Seat,
    Tournament,
)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "game_id", "status", "version", "rated", "created_at"]
    list_filter = ["game_id", "status"]
    inlines = [SeatInline]


admin.site.register([Competitor, Player, Bot, Move, Rating, RatingChange])


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "game_id", "format", "seats_per_table", "state", "current_round"]
    list_filter = ["game_id", "format", "state"]
    inlines = [EntryInline]


class MatchGameInline(admin.TabularInline):
    model = MatchGame
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "round", "table", "bye", "bracket_match", "finished"]
    inlines = [MatchGameInline]


admin.site.register([League, Season, Round])


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Staff may see and revoke (delete) tokens; a key cannot be made or read here."""

    list_display = ["id", "user", "hint", "name", "created_at", "last_used_at"]
    exclude = ["digest"]
    readonly_fields = ["user", "hint", "name", "created_at", "last_used_at"]
    search_fields = ["user__username", "name"]

    def has_add_permission(self, request: object) -> bool:
        return False
