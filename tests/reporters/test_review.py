"""The review reporter: GitHub's "create a review" body, comments only on changed lines."""
from __future__ import annotations

import io
import json
import shutil
import subprocess

import pytest

from kernel_lint.diffs import ChangedLines, DiffError
from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.reporters import ReportOptions, RunReport, get_reporter
from kernel_lint.reporters.review import build_review, comment_anchor
from kernel_lint.results import FileReport

DIFF = """\
diff --git a/src/scale.cu b/src/scale.cu
--- a/src/scale.cu
+++ b/src/scale.cu
@@ -3,0 +4,3 @@
+    int tid = threadIdx.x;
+    a[tid * 32] *= 2.0f;
+    __syncthreads();
"""


def make_finding(path: str, line: int, end_line: int = 0, severity: Severity = Severity.WARNING, code: str = "KL999",
                 **overrides) -> Finding:
    values = dict(code=code, category=Category.COALESCING, severity=severity,
                  range=SourceRange(path, line, 5, end_line or line, 9), message=f"finding at line {line}")
    values.update(overrides)
    return Finding(**values)


def make_report(root: str, findings, files=()) -> RunReport:
    return RunReport(version="0.1.0", root=root, files=tuple(files), findings=tuple(findings),
                     fingerprints=tuple("f" for _ in findings))


def render_review(report: RunReport, options: ReportOptions) -> dict:
    out = io.StringIO()
    get_reporter("review")(report, out, options)
    return json.loads(out.getvalue())


@pytest.fixture()
def diff_file(tmp_path):
    path = tmp_path / "pr.diff"
    path.write_text(DIFF, encoding="utf-8")
    return str(path)


def test_full_review_for_one_changed_and_one_unchanged_finding(tmp_path, diff_file):
    source = str(tmp_path / "src" / "scale.cu")
    changed = make_finding(source, 5, gpu="h100", kernel="scale", hint="index with the lane")
    unchanged = make_finding(source, 20, severity=Severity.ERROR, code="KL998")
    review = render_review(make_report(str(tmp_path), [changed, unchanged]), ReportOptions(diff_file=diff_file))
    assert review == {
        "body": "**kernel-lint 0.1.0**: 2 findings\n"
        "- on changed lines (commented below): 1 (1 warning)\n"
        "- outside this diff: 1 (1 error)\n"
        "\n"
        "| rule | outside the diff |\n"
        "| --- | ---: |\n"
        "| `KL998` | 1 |",
        "event": "COMMENT",
        "comments": [
            {
                "path": "src/scale.cu",
                "line": 5,
                "side": "RIGHT",
                "body": "**warning** KL999\n\nfinding at line 5\n\n**Hint:** index with the lane\n\n"
                "GPU: h100; kernel: scale\n\n"
                "[KL999 documentation](https://github.com/kernel-lint/kernel-lint/blob/main/rules/KL999.md)",
            }
        ],
    }


def test_a_finding_spanning_changed_lines_gets_a_multi_line_comment(tmp_path):
    changes = ChangedLines({"k.cu": frozenset({4, 5, 6})})
    finding = make_finding(str(tmp_path / "k.cu"), 4, end_line=6)
    assert comment_anchor(finding, "k.cu", changes) == (4, 6)
    comment = build_review(make_report(str(tmp_path), [finding]), changes, str(tmp_path))["comments"][0]
    assert (comment["start_line"], comment["start_side"], comment["line"]) == (4, "RIGHT", 6)


def test_a_partly_changed_span_is_anchored_on_its_first_changed_line(tmp_path):
    changes = ChangedLines({"k.cu": frozenset({6, 7})})
    finding = make_finding(str(tmp_path / "k.cu"), 4, end_line=7)
    assert comment_anchor(finding, "k.cu", changes) == (6, 6)
    comment = build_review(make_report(str(tmp_path), [finding]), changes, str(tmp_path))["comments"][0]
    assert comment["line"] == 6 and "start_line" not in comment


def test_findings_in_files_outside_the_diff_are_only_counted(tmp_path):
    changes = ChangedLines({"k.cu": frozenset({1})})
    findings = [make_finding(str(tmp_path / "other.cu"), 1, code="KL101"), make_finding(str(tmp_path / "other.cu"), 2, code="KL101"),
                make_finding(str(tmp_path / "other.cu"), 3, code="KL301", severity=Severity.INFO)]
    review = build_review(make_report(str(tmp_path), findings), changes, str(tmp_path))
    assert review["comments"] == []
    assert "- outside this diff: 3 (2 warning, 1 info)" in review["body"]
    assert "| `KL101` | 2 |" in review["body"] and "| `KL301` | 1 |" in review["body"]


def test_clean_run_says_so_and_unreadable_files_are_listed(tmp_path):
    clean = build_review(make_report(str(tmp_path), []), ChangedLines({}), str(tmp_path))
    assert clean == {"body": "**kernel-lint 0.1.0**: 0 findings\nNo findings.", "event": "COMMENT", "comments": []}
    broken = FileReport(path="gone.cu", errors=["No such file"])
    body = build_review(make_report(str(tmp_path), [], files=[broken]), ChangedLines({}), str(tmp_path))["body"]
    assert "1 file(s) could not be checked:\n- `gone.cu`: No such file" in body


def test_without_a_diff_the_review_format_explains_what_it_needs(tmp_path):
    with pytest.raises(DiffError, match="pass --diff-file FILE or --diff-base REF"):
        render_review(make_report(str(tmp_path), []), ReportOptions())


def test_a_missing_diff_file_is_a_clear_error(tmp_path):
    with pytest.raises(DiffError, match="cannot read diff file"):
        render_review(make_report(str(tmp_path), []), ReportOptions(diff_file=str(tmp_path / "none.diff")))


def test_diff_file_and_diff_base_together_are_refused(tmp_path, diff_file):
    with pytest.raises(DiffError, match="mutually exclusive"):
        render_review(make_report(str(tmp_path), []), ReportOptions(diff_file=diff_file, diff_base="main"))


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_diff_base_comments_on_the_lines_the_branch_changed(tmp_path):
    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args], cwd=tmp_path,
                       check=True, capture_output=True)

    source = tmp_path / "k.cu"
    source.write_text("a\nb\n", encoding="utf-8")
    git("init", "-q", "-b", "main")
    git("add", "k.cu")
    git("commit", "-q", "-m", "base")
    source.write_text("a\nb\nc\n", encoding="utf-8")
    git("commit", "-q", "-am", "add c")
    findings = [make_finding(str(source), 2), make_finding(str(source), 3)]
    review = render_review(make_report(str(tmp_path), findings), ReportOptions(diff_base="HEAD~1"))
    assert [(c["path"], c["line"]) for c in review["comments"]] == [("k.cu", 3)]
    assert "- outside this diff: 1 (1 warning)" in review["body"]
