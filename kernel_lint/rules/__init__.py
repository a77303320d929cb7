"""Every rule family, in the order they run. Add a family here and its rules join the registry.

The families are imported on first use, not with this package: they pull in the analyses and
pycparser, which `--version`, a cache hit and the parse rules (rules.parse) must not pay for.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Tuple

from kernel_lint.rules.parse import PARSE_RULES

if TYPE_CHECKING:
    from kernel_lint.registry import RuleFamily


@lru_cache(maxsize=None)
def families() -> Tuple["RuleFamily", ...]:
    from kernel_lint.rules import bank_conflicts, barriers, coalescing, divergence, launch, resources

    return (divergence.FAMILY, barriers.FAMILY, coalescing.FAMILY, bank_conflicts.FAMILY,
            launch.FAMILY, launch.OCCUPANCY_FAMILY, resources.FAMILY)


__all__ = ["PARSE_RULES", "families"]
