from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from games.api import views

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("me/", views.MeView.as_view(), name="api-me"),
    path("catalog/", views.GameCatalogView.as_view(), name="api-catalog"),
    path("games/", views.GameListCreateView.as_view(), name="api-games"),
    path("games/<int:pk>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<int:pk>/moves/", views.GameMovesView.as_view(), name="api-game-moves"),
    path("ladder/", views.LadderView.as_view(), name="api-ladder"),
    path("players/<int:pk>/", views.PlayerDetailView.as_view(), name="api-player"),
    path("bots/", views.BotListView.as_view(), name="api-bots"),
]
