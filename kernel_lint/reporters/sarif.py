"""--format sarif: SARIF 2.1.0, uploadable to GitHub code scanning as it is.

Rules come from the registry and their documents (rules/CODE.md); results carry regions with URIs
relative to %SRCROOT% (the project root) and partialFingerprints that ignore line numbers
(kernel_lint.baseline.fingerprint_findings).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, TextIO
from urllib.parse import quote

from kernel_lint.findings import Finding, Severity
from kernel_lint.registry import Rule, all_rules, doc_sections, rule_document
from kernel_lint.reporters import ReportOptions, RunReport

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/kernel-lint/kernel-lint"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "kernelLint/v1"


def sarif_level(severity: Severity) -> str:
    """The one place severities become SARIF levels."""
    return {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}[severity]


def help_uri(code: str) -> str:
    return f"{INFORMATION_URI}/blob/main/rules/{code}.md"


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def rule_descriptor(rule: Rule) -> Dict[str, Any]:
    document = rule_document(rule.code)
    what = doc_sections(document).get("What it finds", "") if document else ""
    return {
        "id": rule.code,
        "name": _pascal(rule.name),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": what or rule.summary},
        "help": {"text": document or rule.summary, "markdown": document or rule.summary},
        "helpUri": help_uri(rule.code),
        "defaultConfiguration": {"level": sarif_level(rule.default_severity)},
        "properties": {"tags": ["performance", "cuda", rule.category.value], "status": rule.status, "fixable": rule.fixable},
    }


def artifact_location(path: str, root: str) -> Dict[str, str]:
    from kernel_lint.baseline import project_path

    relative = project_path(path, root)
    if Path(relative).is_absolute():
        return {"uri": Path(relative).as_uri()}
    return {"uri": quote(relative), "uriBaseId": SRCROOT}


def _result(finding: Finding, fingerprint: str, rule_index: Optional[int], root: str) -> Dict[str, Any]:
    r = finding.range
    end_line = max(r.end_line, r.line)
    end_column = max(r.end_column, 1) if end_line > r.line else max(r.end_column, r.column + 1)
    region = {"startLine": r.line, "startColumn": r.column, "endLine": end_line, "endColumn": end_column}
    message = finding.message + (f" [{finding.gpu}]" if finding.gpu else "")
    if finding.hint:
        message += f"\nFix: {finding.hint}"
    result: Dict[str, Any] = {"ruleId": finding.code}
    if rule_index is not None:
        result["ruleIndex"] = rule_index
    result.update({
        "level": sarif_level(finding.severity),
        "message": {"text": message},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(r.path, root), "region": region}}],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
        **_related(finding, root),
        "properties": {
            "category": finding.category.value,
            "kernel": finding.kernel,
            "gpu": finding.gpu,
            "details": dict(finding.details),
        },
    })
    return result


def _related(finding: Finding, root: str) -> Dict[str, Any]:
    """The kernel's call of the helper a memory finding is in, which code scanning shows beside it."""
    call = finding.details.get("called_at")
    if not isinstance(call, dict):
        return {}
    return {"relatedLocations": [{
        "id": 1,
        "physicalLocation": {"artifactLocation": artifact_location(str(call["path"]), root),
                             "region": {"startLine": call["line"]}},
        "message": {"text": "the kernel's call that reaches this access"},
    }]}


def document(report: RunReport) -> Dict[str, Any]:
    rules = all_rules()
    index = {rule.code: i for i, rule in enumerate(rules)}
    results: List[Dict[str, Any]] = [
        _result(f, fp, index.get(f.code), report.root) for f, fp in zip(report.findings, report.fingerprints)
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": f"{path}: {message}"},
            "locations": [{"physicalLocation": {"artifactLocation": artifact_location(path, report.root)}}],
        }
        for path, message in report.errors
    ]
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "kernel-lint",
                        "version": report.version,
                        "semanticVersion": report.version,
                        "informationUri": INFORMATION_URI,
                        "rules": [rule_descriptor(rule) for rule in rules],
                    }
                },
                "invocations": [{"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}],
                "originalUriBaseIds": {SRCROOT: {"uri": Path(report.root).as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render(report: RunReport, out: TextIO, options: ReportOptions) -> None:
    json.dump(document(report), out, indent=2, default=str)
    out.write("\n")
