"""Inline suppressions: `// kernel-lint: ignore[KL101,KL2]` and `// kernel-lint: file-ignore[...]`.

A comment after code covers its own line; a comment alone on its line covers that line and the
next one. `file-ignore` covers the whole file. Codes match as prefixes (KL2 covers KL201..KL299);
no brackets means every code. Suppressions that hide nothing can be reported as KL008.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, List, Set, Tuple

from kernel_lint.findings import Applicability, Edit, Finding, Fix, SourceRange
from kernel_lint.sourcetext import source_lines

_COMMENT = re.compile(
    r"(?P<open>//|/\*)\s*kernel-lint:\s*(?P<kind>file-ignore|ignore)\b(?:\[(?P<codes>[^\]]*)\])?(?P<rest>[^\n]*)"
)


@dataclass(frozen=True)
class Suppression:
    codes: Tuple[str, ...]  # upper-case selectors; () = every code
    lines: Tuple[int, ...]  # lines covered; () with file_level
    file_level: bool
    comment: SourceRange  # the comment itself (from // or /* to its end)
    standalone: bool  # nothing but the comment on its line

    def covers(self, finding: Finding) -> bool:
        # a finding in a header (a helper or a kernel the file launches) answers to the header's comments
        if os.path.normpath(finding.range.path) != os.path.normpath(self.comment.path):
            return False
        return self.file_level or finding.range.line in self.lines

    def matching_code(self, code: str) -> str:
        """The selector of this suppression that matches `code` ("*" for a blanket one), or ""."""
        if not self.codes:
            return "*"
        return next((s for s in self.codes if code.upper().startswith(s)), "")


def parse_suppressions(path: str, text: str) -> List[Suppression]:
    found = []
    for number, line in enumerate(source_lines(text), start=1):
        if "kernel-lint:" not in line:
            continue
        match = _COMMENT.search(line)
        if match is None:
            continue
        end = len(line)
        if match.group("open") == "/*":
            close = line.find("*/", match.end("open"))
            end = close + 2 if close >= 0 else end
        raw_codes = match.group("codes")
        codes = tuple(c.strip().upper() for c in (raw_codes or "").split(",") if c.strip())
        file_level = match.group("kind") == "file-ignore"
        standalone = not line[: match.start()].strip() and not line[end:].strip()
        covered = () if file_level else ((number, number + 1) if standalone else (number,))
        comment = SourceRange(path, number, match.start() + 1, number, end + 1)
        found.append(Suppression(codes, covered, file_level, comment, standalone))
    return found


@dataclass(frozen=True)
class SuppressionResult:
    kept: Tuple[Finding, ...]
    suppressed: int
    used: Dict[int, Set[str]]  # suppression index -> selectors that hid something


def apply_suppressions(findings: Iterable[Finding], suppressions: List[Suppression]) -> SuppressionResult:
    kept: List[Finding] = []
    used: Dict[int, Set[str]] = {}
    suppressed = 0
    for finding in findings:
        hit = next(
            ((i, s.matching_code(finding.code)) for i, s in enumerate(suppressions) if s.covers(finding) and s.matching_code(finding.code)),
            None,
        )
        if hit is None:
            kept.append(finding)
        else:
            suppressed += 1
            used.setdefault(hit[0], set()).add(hit[1])
    return SuppressionResult(tuple(kept), suppressed, used)


def _removal_fix(suppression: Suppression, text: str, unused: Tuple[str, ...]) -> Fix:
    """Delete the unused codes, the whole comment, or the whole line when nothing else is on it."""
    r = suppression.comment
    remaining = [c for c in suppression.codes if c not in unused]
    if remaining:
        line = source_lines(text)[r.line - 1]
        comment = line[r.column - 1 : r.end_column - 1]
        rewritten = re.sub(r"\[[^\]]*\]", "[" + ",".join(remaining) + "]", comment, count=1)
        return Fix("remove the unused codes", (Edit(r, rewritten),), Applicability.SAFE)
    if suppression.standalone:
        whole_line = SourceRange(r.path, r.line, 1, r.line + 1, 1)
        return Fix("remove the unused suppression", (Edit(whole_line, ""),), Applicability.SAFE)
    line = source_lines(text)[r.line - 1]
    start = len(line[: r.column - 1].rstrip()) + 1  # also drop the spaces before the comment
    return Fix("remove the unused suppression", (Edit(SourceRange(r.path, r.line, start, r.line, r.end_column), ""),), Applicability.SAFE)


def unused_suppression_findings(
    suppressions: List[Suppression],
    used: Dict[int, Set[str]],
    text: str,
    is_enabled: Callable[[str], bool],
    known_codes: Iterable[str],
) -> List[Finding]:
    """KL008 for each suppression code that hid nothing although its rules ran (or that is unknown)."""
    from kernel_lint.rules.parse import UNUSED_SUPPRESSION

    codes = list(known_codes)
    findings = []
    for index, suppression in enumerate(suppressions):
        hit = used.get(index, set())
        selectors = suppression.codes or ("*",)
        unknown = tuple(s for s in selectors if s != "*" and not any(c.startswith(s) for c in codes))
        unused = tuple(
            s
            for s in selectors
            if s not in hit and (s in unknown or s == "*" or any(c.startswith(s) and is_enabled(c) for c in codes))
        )
        if not unused:
            continue
        described = ", ".join(("unknown code " + s) if s in unknown else s for s in unused if s != "*") or "every code"
        findings.append(
            Finding(
                code=UNUSED_SUPPRESSION.code,
                category=UNUSED_SUPPRESSION.category,
                severity=UNUSED_SUPPRESSION.default_severity,
                range=suppression.comment,
                message=f"unused suppression ({described}): nothing it names was reported here",
                details={"codes": list(unused), "unknown": list(unknown)},
                hint="remove the comment or the codes that no longer fire",
                fix=_removal_fix(suppression, text, tuple(s for s in unused if s != "*")),
            )
        )
    return findings
