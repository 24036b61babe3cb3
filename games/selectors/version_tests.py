"""Reads about version tests: who may see which, a test's deals, and its progress for the live page."""

from __future__ import annotations

from collections.abc import Collection

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from games.models import Bot, VersionTest, VersionTestDeal

RECENT_DEALS = 20


def version_tests_visible(bot: Bot, user: AbstractBaseUser | AnonymousUser) -> QuerySet[VersionTest]:
    """The bot's tests this user may see, newest first: the author's all, everyone's the published."""
    tests = (
        VersionTest.objects.filter(bot=bot)
        .select_related(
            "candidate_version", "baseline_version", "baseline_bot__competitor", "bot__competitor"
        )
        .defer("candidate_version__content", "baseline_version__content")
    )
    if user.is_authenticated:
        return tests.filter(Q(published=True) | Q(owner__user_id=user.pk)).order_by("-id")
    return tests.filter(published=True).order_by("-id")


def version_tests_published(bot: Bot) -> QuerySet[VersionTest]:
    return version_tests_visible(bot, AnonymousUser())


def version_test_visible(
    bot: Bot, test_pk: int, user: AbstractBaseUser | AnonymousUser
) -> VersionTest | None:
    """One test if this user may see it (another's unpublished test: None, as if there were none)."""
    return version_tests_visible(bot, user).filter(pk=test_pk).first()


def is_author(test: VersionTest, user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(
        user.is_authenticated and VersionTest.objects.filter(pk=test.pk, owner__user_id=user.pk).exists()
    )


def version_test_games(game_pks: Collection[int]) -> set[int]:
    """Those of these games that belong to a version test's deals."""
    pairs = VersionTestDeal.objects.filter(Q(first_game_id__in=game_pks) | Q(second_game_id__in=game_pks))
    return {pk for pair in pairs.values_list("first_game_id", "second_game_id") for pk in pair} & set(
        game_pks
    )


def version_test_recent_deals(test: VersionTest, count: int = RECENT_DEALS) -> list[VersionTestDeal]:
    return list(test.deals.order_by("-number")[:count])


def version_test_progress(pk: int) -> tuple[int, str] | None:
    """(pairs counted, state): what changes when the figures do."""
    row = VersionTest.objects.filter(pk=pk).values_list("pairs", "state").first()
    return None if row is None else (row[0], row[1])
