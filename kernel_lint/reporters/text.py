"""--format text: one block per finding with a code frame, then a summary by rule and severity.

    kernels/transpose.cu:12:5: KL101 warning: global store is uncoalesced: 32 sectors/request ... [h100]
       |
    12 |     out[x * n + y] = tile[ty][tx];
       |     ^^^^^^^^^^^^^^ KL101
       |
       = help: index the store by threadIdx.x ...
       = fix (safe, --fix): pad the tile to [32][33]

Colours (ANSI) are used only when ReportOptions.color is set; the CLI sets it for a TTY without
NO_COLOR. Plain escapes keep start-up fast: no terminal library is imported for a lint run.
"""
from __future__ import annotations

from collections import Counter
from typing import List, Optional, TextIO

from kernel_lint.findings import Applicability, Finding, Severity
from kernel_lint.reporters import ReportOptions, RunReport

_STYLES = {"bold": "1", "dim": "2", "red": "31", "yellow": "33", "blue": "34", "cyan": "36", "green": "32"}
_SEVERITY_STYLE = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "blue"}
TAB_WIDTH = 4


class _Paint:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles:
            return text
        codes = ";".join(_STYLES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _headline(f: Finding, paint: _Paint) -> str:
    r = f.range
    where = paint(f"{r.path}:{r.line}:{r.column}:", "bold")
    severity = paint(f.severity.value, _SEVERITY_STYLE[f.severity], "bold")
    context = ", ".join(part for part in (f"kernel {f.kernel}" if f.kernel else "", f.gpu or "") if part)
    suffix = paint(f" [{context}]", "dim") if context else ""
    return f"{where} {paint(f.code, 'bold', 'red')} {severity}: {f.message}{suffix}"


def code_frame(f: Finding, line_text: Optional[str], paint: _Paint) -> List[str]:
    """The flagged line with a caret span under the columns the finding covers."""
    if line_text is None:
        return []
    r = f.range
    number = str(r.line)
    gutter = " " * len(number)
    shown = line_text.expandtabs(TAB_WIDTH)
    start = len(line_text[: r.column - 1].expandtabs(TAB_WIDTH))
    end_column = r.end_column if r.end_line == r.line and r.end_column > r.column else len(line_text) + 1
    end = len(line_text[: end_column - 1].expandtabs(TAB_WIDTH))
    carets = "^" * max(1, end - start)
    bar = paint("|", "blue")
    return [
        f"{gutter} {bar}",
        f"{paint(number, 'blue')} {bar} {shown}",
        f"{gutter} {bar} {' ' * start}{paint(carets + ' ' + f.code, 'red', 'bold')}",
        f"{gutter} {bar}",
    ]


def _notes(f: Finding, paint: _Paint) -> List[str]:
    notes = []
    if f.hint:
        notes.append(f"  = {paint('help', 'cyan', 'bold')}: {f.hint}")
    if f.fix is not None:
        how = {
            Applicability.SAFE: "safe, --fix",
            Applicability.UNSAFE: "unsafe, --fix --unsafe-fixes",
            Applicability.DISPLAY_ONLY: "suggestion",
        }[f.fix.applicability]
        notes.append(f"  = {paint('fix', 'green', 'bold')} ({how}): {f.fix.description}")
    return notes


def statistics_lines(report: RunReport, paint: _Paint) -> List[str]:
    """ruff-style --statistics: count, code, [*] when fixable, rule name; most frequent first."""
    from kernel_lint.registry import rules_by_code

    rules = rules_by_code()
    counts = Counter(f.code for f in report.findings)
    fixable = {f.code for f in report.findings if f.fix is not None and f.fix.applicability is not Applicability.DISPLAY_ONLY}
    width = len(str(max(counts.values()))) if counts else 1
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        name = rules[code].name if code in rules else ""
        mark = "[*]" if code in fixable else "   "
        lines.append(f"{count:>{width}}\t{paint(code, 'bold', 'red')}\t{mark} {name}")
    return lines


def summary_lines(report: RunReport, paint: _Paint) -> List[str]:
    findings = report.findings
    extra = []
    if report.suppressed:
        extra.append(f"{report.suppressed} suppressed")
    if report.baselined:
        extra.append(f"{report.baselined} in the baseline")
    if report.fixed:
        extra.append(f"{report.fixed} fixed")
    tail = f" ({', '.join(extra)})" if extra else ""
    checked = len([f for f in report.files if not f.errors])
    if not findings:
        return [paint("All checks passed!", "green", "bold") + f" {_plural(checked, 'file')} checked{tail}."]
    by_severity = Counter(f.severity for f in findings)
    severities = ", ".join(
        paint(_plural(by_severity[s], s.value), _SEVERITY_STYLE[s]) for s in sorted(by_severity, key=lambda s: -s.rank)
    )
    files = len({f.path for f in findings})
    lines = [f"Found {_plural(len(findings), 'finding')} ({severities}) in {_plural(files, 'file')}{tail}."]
    lines.extend("  " + line for line in statistics_lines(report, paint))
    fixable = sum(1 for f in findings if f.fix is not None and f.fix.applicability is Applicability.SAFE)
    if fixable:
        lines.append(f"[*] {fixable} fixable with --fix (see them first with --diff).")
    return lines


def render(report: RunReport, out: TextIO, options: ReportOptions) -> None:
    paint = _Paint(options.color)
    if options.statistics:
        for line in statistics_lines(report, paint):
            out.write(line + "\n")
        return
    for f in report.findings:
        out.write(_headline(f, paint) + "\n")
        if options.show_source:
            for line in code_frame(f, report.source_line(f.path, f.range.line), paint) + _notes(f, paint):
                out.write(line + "\n")
            out.write("\n")
    if not options.quiet:
        for line in summary_lines(report, paint):
            out.write(line + "\n")
