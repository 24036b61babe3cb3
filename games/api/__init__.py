"""The REST API (DRF): serializers translate, views call selectors and services."""
