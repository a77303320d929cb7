"""The github reporter: workflow-command syntax, severity mapping and GitHub's escaping rules."""
from __future__ import annotations

import io

import pytest

from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.reporters import ReportOptions, RunReport, get_reporter
from kernel_lint.reporters.github import escape_data, escape_property, format_annotation, workflow_command
from kernel_lint.results import FileReport


def make_finding(path: str, severity: Severity = Severity.WARNING, **overrides) -> Finding:
    values = dict(
        code="KL999",
        category=Category.COALESCING,
        severity=severity,
        range=SourceRange(path, 12, 5, 12, 20),
        message="global load of a[tid * 32] touches 32 sectors per warp request (ideal 4)",
        kernel="scale",
        gpu="h100",
        hint="index with the lane: a[blockIdx.x * blockDim.x + threadIdx.x]",
    )
    values.update(overrides)
    return Finding(**values)


def render_text(findings, root: str, files=()) -> str:
    report = RunReport(version="0.1.0", root=root, files=tuple(files), findings=tuple(findings),
                       fingerprints=tuple("f" for _ in findings))
    out = io.StringIO()
    get_reporter("github")(report, out, ReportOptions())
    return out.getvalue()


@pytest.mark.parametrize(
    "severity, command", [(Severity.ERROR, "error"), (Severity.WARNING, "warning"), (Severity.INFO, "notice")]
)
def test_every_severity_maps_to_a_workflow_command(severity, command):
    assert workflow_command(severity) == command


def test_data_escapes_percent_and_line_breaks_but_not_separators():
    assert escape_data("50% of\r\nlanes: a, b") == "50%25 of%0D%0Alanes: a, b"


def test_property_also_escapes_colon_and_comma():
    assert escape_property("dir,1/k:2.cu%\n") == "dir%2C1/k%3A2.cu%25%0A"


def test_percent_is_escaped_first_so_escapes_are_not_doubled():
    assert escape_property("%3A:") == "%253A%3A"


def test_full_annotation_for_a_single_line_finding(tmp_path):
    source = tmp_path / "src" / "scale.cu"
    text = render_text([make_finding(str(source))], str(tmp_path))
    assert text == (
        "::warning file=src/scale.cu,line=12,col=5,endLine=12,endColumn=19,title=KL999::"
        "global load of a[tid * 32] touches 32 sectors per warp request (ideal 4)%0A"
        "hint: index with the lane: a[blockIdx.x * blockDim.x + threadIdx.x]%0A"
        "GPU: h100; kernel: scale\n"
    )


def test_multi_line_finding_drops_columns_github_ignores_across_lines(tmp_path):
    finding = make_finding(str(tmp_path / "k.cu"), Severity.ERROR, range=SourceRange(str(tmp_path / "k.cu"), 3, 2, 7, 4),
                           hint=None, gpu=None, kernel=None, message="barrier in divergent code")
    assert format_annotation(finding, str(tmp_path)) == "::error file=k.cu,line=3,endLine=7,title=KL999::barrier in divergent code"


def test_a_path_with_comma_and_colon_is_escaped_in_the_file_property(tmp_path):
    finding = make_finding(str(tmp_path / "a,b:c.cu"), Severity.INFO, hint=None, gpu=None, kernel=None, message="m")
    assert format_annotation(finding, str(tmp_path)).startswith("::notice file=a%2Cb%3Ac.cu,line=12,")


def test_known_rule_titles_carry_the_rule_name(tmp_path):
    finding = make_finding(str(tmp_path / "k.cu"), code="KL001")
    title = format_annotation(finding, str(tmp_path)).split("title=", 1)[1].split("::", 1)[0]
    assert title.startswith("KL001 ") and len(title) > len("KL001 ")


def test_unreadable_files_become_error_annotations_before_findings(tmp_path):
    broken = FileReport(path=str(tmp_path / "gone.cu"), errors=["cannot read: No such file or directory"])
    lines = render_text([make_finding(str(tmp_path / "k.cu"))], str(tmp_path), files=[broken]).splitlines()
    assert lines[0] == "::error file=gone.cu,title=kernel-lint could not check this file::cannot read: No such file or directory"
    assert lines[1].startswith("::warning file=k.cu,")


def test_no_findings_prints_nothing(tmp_path):
    assert render_text([], str(tmp_path)) == ""
