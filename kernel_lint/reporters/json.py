"""--format json: the stable contract other tools read (README: "JSON output"). Keys never change."""
from __future__ import annotations

import json
from typing import TextIO

from kernel_lint.reporters import ReportOptions, RunReport


def document(report: RunReport) -> dict:
    return {
        "version": report.version,
        "files": [f.to_json() for f in report.files],
        "findings": [f.to_json() for f in report.findings],
    }


def render(report: RunReport, out: TextIO, options: ReportOptions) -> None:
    json.dump(document(report), out, indent=2, sort_keys=False)
    out.write("\n")
