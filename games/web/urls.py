from django.urls import path

from games.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("ladder/<str:game_id>/", views.ladder_page, name="ladder"),
]
