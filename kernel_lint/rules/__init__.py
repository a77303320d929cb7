"""Every rule family, in the order they run. Add a family here and its rules join the registry."""
from kernel_lint.rules import barriers, divergence
from kernel_lint.rules.parse import PARSE_RULES

FAMILIES = (divergence.FAMILY, barriers.FAMILY)

__all__ = ["FAMILIES", "PARSE_RULES"]
