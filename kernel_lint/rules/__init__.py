"""Every rule family, in the order they run. Add a family here and its rules join the registry."""
from kernel_lint.rules import barriers, divergence
from kernel_lint.rules import bank_conflicts, coalescing
from kernel_lint.rules import launch, resources
from kernel_lint.rules.parse import PARSE_RULES

FAMILIES = (divergence.FAMILY, barriers.FAMILY, coalescing.FAMILY, bank_conflicts.FAMILY,
            launch.FAMILY, launch.OCCUPANCY_FAMILY, resources.FAMILY)

__all__ = ["FAMILIES", "PARSE_RULES"]
