from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        from games import checks  # noqa: F401  (registers the system checks)
        from games.converters import IdConverter

        # Once, before any URL is resolved: <id:pk> in games/api/urls.py and games/web/urls.py.
        register_converter(IdConverter, "id")
