"""The lists' filter backend: django-filter's, which leaves a list alone when no filter is asked for.

A request without any of the filter set's parameters has nothing to check and nothing to filter,
and building the filter set's form (django-filter deep-copies its fields on each request) cost a
third of a short list's page.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from django_filters.utils import translate_validation
from rest_framework.request import Request


class FilterBackend(DjangoFilterBackend):
    def _asked(self, request: Request, queryset: QuerySet[Any], view: Any) -> bool:
        filterset_class = self.get_filterset_class(view, queryset)
        return filterset_class is not None and any(
            name in request.query_params for name in filterset_class.base_filters
        )

    def filter_queryset(self, request: Request, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        if not self._asked(request, queryset, view):
            return queryset
        filtered: QuerySet[Any] = super().filter_queryset(request, queryset, view)
        return filtered

    def cleaned_filters(self, request: Request, queryset: QuerySet[Any], view: Any) -> dict[str, Any]:
        """The filters asked for, checked (a 400 naming each refused one), as the form cleans them;
        empty when none is asked for. For a list read by hand-written SQL rather than ``qs``."""
        if not self._asked(request, queryset, view):
            return {}
        filterset = self.get_filterset(request, queryset, view)
        assert filterset is not None
        if not filterset.is_valid():
            raise translate_validation(filterset.errors)
        cleaned: dict[str, Any] = filterset.form.cleaned_data
        return cleaned
