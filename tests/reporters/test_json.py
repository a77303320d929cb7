from __future__ import annotations

import io
import json

from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.reporters import ReportOptions, RunReport
from kernel_lint.reporters.json import render
from kernel_lint.results import FileReport


def test_contract():
    finding = Finding(
        "KL001",
        Category.PARSE,
        Severity.WARNING,
        SourceRange("src/k.cu", 3, 5, 3, 9),
        "kernel 'k' could not be parsed",
        kernel="k",
        gpu="h100",
        details={"reason": "unsupported construct"},
    )
    report = RunReport(
        version="0.1.0",
        root="/project",
        files=(FileReport("missing.cu", errors=["no such file or directory"]), FileReport("src/k.cu", kernels=["k", "j"])),
        findings=(finding,),
        fingerprints=("f",),
    )
    out = io.StringIO()
    render(report, out, ReportOptions())
    assert json.loads(out.getvalue()) == {
        "version": "0.1.0",
        "files": [
            {"path": "missing.cu", "kernels": [], "errors": ["no such file or directory"]},
            {"path": "src/k.cu", "kernels": ["k", "j"], "errors": []},
        ],
        "findings": [
            {
                "code": "KL001",
                "category": "parse",
                "severity": "warning",
                "path": "src/k.cu",
                "line": 3,
                "column": 5,
                "end_line": 3,
                "end_column": 9,
                "kernel": "k",
                "message": "kernel 'k' could not be parsed",
                "gpu": "h100",
                "details": {"reason": "unsupported construct"},
            }
        ],
    }
