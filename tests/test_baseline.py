from __future__ import annotations

import json

import pytest

from kernel_lint.baseline import (
    BaselineError,
    filter_new,
    fingerprint_findings,
    project_path,
    read_baseline,
    write_baseline,
)
from kernel_lint.findings import Category, Finding, Severity, SourceRange

BEFORE = "__global__ void k(float *a) {\n  a[i * 32] = 1;\n  a[i * 32] = 1;\n}\n"
AFTER_UNRELATED_EDIT = "// a new comment\n\n__global__ void k(float *a) {\n    a[i  *  32] = 1;\n  a[i * 32] = 1;\n}\n"


def at(line: int, code: str = "KL101", path: str = "src/k.cu") -> Finding:
    return Finding(code, Category.COALESCING, Severity.WARNING, SourceRange(path, line, 3, line, 12), "m", kernel="k")


def test_fingerprints_ignore_line_numbers_and_whitespace():
    before = fingerprint_findings([at(2), at(3)], {"src/k.cu": BEFORE})
    after = fingerprint_findings([at(4), at(5)], {"src/k.cu": AFTER_UNRELATED_EDIT})
    assert before == after
    assert before[0] != before[1]  # identical lines are told apart by their occurrence index


def test_fingerprint_changes_when_the_flagged_line_or_code_changes():
    original = fingerprint_findings([at(2)], {"src/k.cu": BEFORE})
    edited = fingerprint_findings([at(2)], {"src/k.cu": BEFORE.replace("i * 32", "i * 64", 1)})
    other_code = fingerprint_findings([at(2, "KL102")], {"src/k.cu": BEFORE})
    assert len({original, edited, other_code}) == 3


def test_write_read_and_filter(tmp_path):
    root = str(tmp_path)
    path = str(tmp_path / "src" / "k.cu")
    findings = [at(2, path=path), at(3, path=path)]
    prints = fingerprint_findings(findings, {path: BEFORE})
    baseline_file = tmp_path / "baseline.json"
    write_baseline(baseline_file, findings[:1], prints[:1], root)
    document = json.loads(baseline_file.read_text())
    assert document["kernel-lint-baseline"] == 1
    assert document["findings"][0]["path"] == "src/k.cu"
    kept, kept_prints, hidden = filter_new(findings, prints, read_baseline(baseline_file), root)
    assert (kept, kept_prints, hidden) == ([findings[1]], [prints[1]], 1)


def test_project_path(tmp_path):
    assert project_path(str(tmp_path / "a" / "b.cu"), str(tmp_path)) == "a/b.cu"
    assert project_path("/elsewhere/b.cu", str(tmp_path)) == "/elsewhere/b.cu"


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no such baseline file"),
        ("{", "not a readable baseline"),
        ('{"findings": []}', "not a kernel-lint baseline"),
        ('{"kernel-lint-baseline": 1, "findings": [{"path": "x"}]}', "malformed baseline entry"),
    ],
)
def test_bad_baseline_files(tmp_path, content, message):
    path = tmp_path / "baseline.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(BaselineError, match=message):
        read_baseline(path)


def test_unwritable_baseline(tmp_path):
    with pytest.raises(BaselineError, match="cannot write"):
        write_baseline(tmp_path / "missing-dir" / "b.json", [], [], str(tmp_path))
