from django.contrib import admin
from django.urls import include, path

handler404 = "games.web.errors.page_not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("games.api.urls")),
    path("", include("games.web.urls")),
]
