"""`--format review`: the JSON body of GitHub's "create a review for a pull request" API.

POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews takes
{"body", "event": "COMMENT", "comments": [{"path", "line", "side": "RIGHT", "start_line"?, "body"}]}.
GitHub rejects (422) a comment on a line outside the pull request's diff, so only findings on
changed lines (--diff-file FILE or --diff-base REF) become comments; the others are counted in the body.
`python -m kernel_lint.integrations.github_review post` sends the result.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

from kernel_lint.baseline import project_path
from kernel_lint.diffs import ChangedLines, DiffError, git_diff_against, read_diff_file, repository_root
from kernel_lint.findings import Finding, Severity
from kernel_lint.reporters import ReportOptions, RunReport
from kernel_lint.reporters.github import finding_context, rule_title
from kernel_lint.reporters.sarif import help_uri

_SEVERITY_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)


def comment_body(finding: Finding) -> str:
    parts = [f"**{finding.severity.value}** {rule_title(finding.code)}", finding.message]
    if finding.hint:
        parts.append(f"**Hint:** {finding.hint}")
    if finding_context(finding):
        parts.append(finding_context(finding))
    parts.append(f"[{finding.code} documentation]({help_uri(finding.code)})")
    return "\n\n".join(parts)


def comment_anchor(finding: Finding, path: str, changes: ChangedLines) -> Optional[Tuple[int, int]]:
    """(start_line, line) for a comment, or None when no line of the finding was changed.

    A multi-line comment needs every line of its span in the diff; otherwise the comment sits on
    the first changed line of the finding.
    """
    first, last = finding.range.line, max(finding.range.line, finding.range.end_line)
    changed = changes.lines_of(path)
    span = range(first, last + 1)
    if all(line in changed for line in span):
        return first, last
    touched = [line for line in span if line in changed]
    return (touched[0], touched[0]) if touched else None


def review_comment(finding: Finding, path: str, anchor: Tuple[int, int]) -> dict:
    start_line, line = anchor
    comment: Dict[str, object] = {"path": path, "line": line, "side": "RIGHT"}
    if start_line != line:
        comment["start_line"] = start_line
        comment["start_side"] = "RIGHT"
    comment["body"] = comment_body(finding)
    return comment


def _count_line(findings: Sequence[Finding]) -> str:
    by_severity = Counter(f.severity for f in findings)
    return ", ".join(f"{by_severity[s]} {s.value}" for s in _SEVERITY_ORDER if by_severity[s])


def review_summary(report: RunReport, commented: Sequence[Finding], outside: Sequence[Finding]) -> str:
    total = len(commented) + len(outside)
    lines = [f"**kernel-lint {report.version}**: {total} finding{'s' if total != 1 else ''}"]
    if commented:
        lines.append(f"- on changed lines (commented below): {len(commented)} ({_count_line(commented)})")
    if outside:
        lines.append(f"- outside this diff: {len(outside)} ({_count_line(outside)})")
        lines.append("")
        lines.append("| rule | outside the diff |")
        lines.append("| --- | ---: |")
        for code, count in sorted(Counter(f.code for f in outside).items()):
            lines.append(f"| `{code}` | {count} |")
    if report.errors:
        lines.append("")
        lines.append(f"{len(report.errors)} file(s) could not be checked:")
        lines.extend(f"- `{path}`: {message}" for path, message in report.errors)
    if total == 0 and not report.errors:
        lines.append("No findings.")
    return "\n".join(lines)


def build_review(report: RunReport, changes: ChangedLines, root: str) -> dict:
    comments: List[dict] = []
    commented: List[Finding] = []
    outside: List[Finding] = []
    for finding in report.findings:
        path = project_path(finding.path, root)
        anchor = comment_anchor(finding, path, changes)
        if anchor is None:
            outside.append(finding)
            continue
        commented.append(finding)
        comments.append(review_comment(finding, path, anchor))
    return {"body": review_summary(report, commented, outside), "event": "COMMENT", "comments": comments}


def load_changes(options: ReportOptions, root: str) -> ChangedLines:
    if options.diff_file and options.diff_base:
        raise DiffError("--diff-file and --diff-base are mutually exclusive")
    if options.diff_file:
        return read_diff_file(options.diff_file)
    if options.diff_base:
        return git_diff_against(options.diff_base, root)
    raise DiffError("--format review needs the changed lines: pass --diff-file FILE or --diff-base REF")


def render(report: RunReport, out: TextIO, options: ReportOptions) -> None:
    """Raises DiffError (a ValueError) with a user-facing message when no usable diff is given."""
    root = repository_root(report.root) or str(Path(report.root))
    review = build_review(report, load_changes(options, root), root)
    json.dump(review, out, indent=2, ensure_ascii=False)
    out.write("\n")
