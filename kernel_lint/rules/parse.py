"""KL0xx: what the front end could not read. Reported so that nothing is silently skipped."""
from __future__ import annotations

from typing import Iterator

from kernel_lint.findings import Category, Finding, Severity
from kernel_lint.registry import Rule

PARSE_ERROR = Rule(
    code="KL000",
    name="unparsable-file",
    category=Category.PARSE,
    default_severity=Severity.ERROR,
    summary="The file could not be parsed, so none of its kernels were checked.",
)
KERNEL_NOT_ANALYSED = Rule(
    code="KL001",
    name="unanalysed-kernel",
    category=Category.PARSE,
    default_severity=Severity.WARNING,
    summary="A __global__ kernel could not be parsed and was not checked; the rest of the file was.",
)
INCLUDE_NOT_FOUND = Rule(
    code="KL002",
    name="missing-include",
    category=Category.PARSE,
    default_severity=Severity.INFO,
    summary="A project header named by #include was not found in the include directories.",
)
INSTANTIATIONS_NOT_CHECKED = Rule(
    code="KL003",
    name="instantiations-not-checked",
    category=Category.PARSE,
    default_severity=Severity.INFO,
    summary="A kernel template is launched with more sets of template arguments than are checked one by one.",
)
UNUSED_SUPPRESSION = Rule(
    code="KL008",
    name="unused-suppression",
    category=Category.PARSE,
    default_severity=Severity.WARNING,
    summary="A `kernel-lint: ignore[...]` comment hides nothing (reported with --report-unused-suppressions).",
    fixable=True,
)

INTERNAL_ERROR = Rule(
    code="KL009",
    name="internal-error",
    category=Category.PARSE,
    default_severity=Severity.ERROR,
    summary="A rule family crashed on this file; the other families still ran.",
)

PARSE_RULES = (PARSE_ERROR, KERNEL_NOT_ANALYSED, INCLUDE_NOT_FOUND, INSTANTIATIONS_NOT_CHECKED, UNUSED_SUPPRESSION,
               INTERNAL_ERROR)
_BY_CODE = {rule.code: rule for rule in PARSE_RULES}


def parse_findings(context) -> Iterator[Finding]:
    for problem in context.unit.problems:
        rule = _BY_CODE.get(problem.code, PARSE_ERROR)
        yield context.finding(rule, problem.range, problem.message, kernel=problem.kernel)
