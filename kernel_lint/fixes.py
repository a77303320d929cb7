"""--fix and --diff: apply the mechanical fixes rules attach to findings.

Only SAFE fixes are applied (UNSAFE ones too with --unsafe-fixes; DISPLAY_ONLY never). A fix is
all-or-nothing; a fix that overlaps one already taken is left for the next run, as in ruff.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from kernel_lint.findings import Applicability, Edit, Finding, Fix, SourceRange
from kernel_lint.sourcetext import line_starts


@dataclass(frozen=True)
class FileFix:
    path: str
    original: str
    fixed: str
    applied: Tuple[Finding, ...]


def applicable(fix: Optional[Fix], unsafe: bool) -> bool:
    if fix is None or not fix.edits:
        return False
    return fix.applicability is Applicability.SAFE or (unsafe and fix.applicability is Applicability.UNSAFE)


def _offset(starts: List[int], text: str, line: int, column: int) -> int:
    """Offset of a 1-based (line, column); a column past the line's end clamps to the end of text."""
    if line > len(starts):
        return len(text)
    return min(starts[line - 1] + column - 1, len(text))


def _span(starts: List[int], text: str, r: SourceRange) -> Tuple[int, int]:
    return _offset(starts, text, r.line, r.column), _offset(starts, text, r.end_line, r.end_column)


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    """`edits` must not overlap; they are applied from the end so offsets stay valid."""
    starts = line_starts(text)
    for edit in sorted(edits, key=lambda e: _span(starts, text, e.range), reverse=True):
        begin, end = _span(starts, text, edit.range)
        text = text[:begin] + edit.replacement + text[end:]
    return text


def _overlaps(a: Tuple[int, int], b: Tuple[int, int]) -> bool:
    return (a[0] < b[1] and b[0] < a[1]) or a == b  # two insertions at one point conflict too


def plan_fixes(findings: Sequence[Finding], sources: Mapping[str, str], unsafe: bool = False) -> List[FileFix]:
    """What --fix would write, per file, in path order. `sources` maps a path to its current text."""
    taken: Dict[str, List[Tuple[int, int]]] = {}
    edits: Dict[str, List[Edit]] = {}
    applied: Dict[str, List[Finding]] = {}
    for finding in findings:
        fix = finding.fix
        if not applicable(fix, unsafe) or any(e.range.path not in sources for e in fix.edits):
            continue
        spans = [(e.range.path, _span(line_starts(sources[e.range.path]), sources[e.range.path], e.range)) for e in fix.edits]
        if any(_overlaps(span, other) for path, span in spans for other in taken.get(path, [])):
            continue
        for (path, span), edit in zip(spans, fix.edits):
            taken.setdefault(path, []).append(span)
            edits.setdefault(path, []).append(edit)
        applied.setdefault(finding.path, []).append(finding)
    return [
        FileFix(path, sources[path], apply_edits(sources[path], edits[path]), tuple(applied.get(path, ())))
        for path in sorted(edits)
    ]


def unified_diff(file_fix: FileFix) -> str:
    return "".join(
        difflib.unified_diff(
            file_fix.original.splitlines(keepends=True),
            file_fix.fixed.splitlines(keepends=True),
            fromfile=f"a/{file_fix.path}",
            tofile=f"b/{file_fix.path}",
        )
    )


def write_fixes(plan: Sequence[FileFix]) -> List[Tuple[str, str]]:
    """Write every fixed file; (path, message) for each that could not be written."""
    failures = []
    for file_fix in plan:
        try:
            with open(file_fix.path, "w", encoding="utf-8", newline="") as handle:  # keep the file's line endings
                handle.write(file_fix.fixed)
        except OSError as error:
            failures.append((file_fix.path, f"cannot write the fix: {error.strerror or error}"))
    return failures
