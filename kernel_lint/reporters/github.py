"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

    ::warning file=src/k.cu,line=12,col=5,endLine=12,endColumn=20,title=KL101 ...::message

GitHub shows these on the pull request's "Files changed" tab and in the job log. Escaping follows
the Actions toolkit (command.ts): data escapes % CR LF; property values also escape : and ,.
"""
from __future__ import annotations

from typing import List, TextIO, Tuple

from kernel_lint.baseline import project_path
from kernel_lint.findings import Finding, Severity
from kernel_lint.registry import find_rule
from kernel_lint.reporters import ReportOptions, RunReport

_COMMAND_FOR_SEVERITY = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def workflow_command(severity: Severity) -> str:
    return _COMMAND_FOR_SEVERITY[severity]


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def rule_title(code: str) -> str:
    """"KL101 uncoalesced-global-access" (the code alone for a code the registry does not know)."""
    rule = find_rule(code)
    return f"{code} {rule.name}" if rule is not None else code


def finding_context(finding: Finding) -> str:
    """Which GPU and kernel a finding is about ("" when it names neither)."""
    context = [f"GPU: {finding.gpu}"] if finding.gpu else []
    if finding.kernel:
        context.append(f"kernel: {finding.kernel}")
    return "; ".join(context)


def annotation_message(finding: Finding) -> str:
    lines = [finding.message]
    if finding.hint:
        lines.append(f"hint: {finding.hint}")
    if finding_context(finding):
        lines.append(finding_context(finding))
    return "\n".join(lines)


def annotation_properties(finding: Finding, root: str) -> List[Tuple[str, str]]:
    r = finding.range
    end_line = max(r.line, r.end_line)
    # GitHub honours columns only within one line; our end_column is exclusive, GitHub's inclusive.
    if end_line == r.line:
        span = [("col", str(r.column)), ("endLine", str(end_line)), ("endColumn", str(max(r.column, r.end_column - 1)))]
    else:
        span = [("endLine", str(end_line))]
    return [("file", project_path(r.path, root)), ("line", str(r.line)), *span, ("title", rule_title(finding.code))]


def format_annotation(finding: Finding, root: str) -> str:
    properties = ",".join(f"{key}={escape_property(value)}" for key, value in annotation_properties(finding, root))
    return f"::{workflow_command(finding.severity)} {properties}::{escape_data(annotation_message(finding))}"


def format_file_error(path: str, message: str, root: str) -> str:
    """A file that could not be read was not checked: say so as an error annotation."""
    properties = f"file={escape_property(project_path(path, root))},title=kernel-lint could not check this file"
    return f"::error {properties}::{escape_data(message)}"


def render(report: RunReport, out: TextIO, options: ReportOptions) -> None:
    for path, message in report.errors:
        out.write(format_file_error(path, message, report.root) + "\n")
    for finding in report.findings:
        out.write(format_annotation(finding, report.root) + "\n")
