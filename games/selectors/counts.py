"""Counts of related rows per listed row, as scalar subqueries.

Annotating a list with ``Count`` of two relations joins both into one result, where each row of
one meets every row of the other before DISTINCT takes them apart again: a league of 100,000
entrants counted its games 100,000 times over. A subquery per count reads each relation once.
"""

from __future__ import annotations

from typing import Any

from django.db.models import IntegerField, QuerySet, Subquery


class SubqueryCount(Subquery):
    """``(SELECT COUNT(*) FROM (subquery))``: a count per outer row without joining the rows in."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) _counted)"
    output_field = IntegerField()


def count_of(rows: QuerySet[Any]) -> SubqueryCount:
    """The number of ``rows`` (a queryset that refers to the outer row with ``OuterRef``)."""
    return SubqueryCount(rows.order_by().values("pk"))
