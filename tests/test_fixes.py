from __future__ import annotations

from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity, SourceRange
from kernel_lint.fixes import apply_edits, plan_fixes, unified_diff, write_fixes

TILE = "__global__ void t(float *o) {\n  __shared__ float tile[32][32];\n  o[0] = tile[threadIdx.x][0];\n}\n"


def padding_finding(path: str, applicability: Applicability = Applicability.SAFE) -> Finding:
    """Shaped like the bank-conflict rule's fix: replace the inner dimension 32 by 33."""
    dimension = SourceRange(path, 2, 29, 2, 31)
    return Finding(
        "KL201",
        Category.BANK_CONFLICT,
        Severity.WARNING,
        SourceRange(path, 3, 10, 3, 29),
        "32-way bank conflict",
        fix=Fix("pad the tile to [32][33]", (Edit(dimension, "33"),), applicability),
    )


def test_apply_edits_from_the_end():
    text = "abc\ndef\n"
    edits = [Edit(SourceRange("f", 1, 1, 1, 2), "X"), Edit(SourceRange("f", 2, 2, 2, 4), "YZW"), Edit(SourceRange("f", 3, 1, 3, 1), "end\n")]
    assert apply_edits(text, edits) == "Xbc\ndYZW\nend\n"


def test_plan_and_diff_of_a_safe_fix():
    plan = plan_fixes([padding_finding("t.cu")], {"t.cu": TILE})
    assert len(plan) == 1 and plan[0].fixed == TILE.replace("[32][32]", "[32][33]")
    assert unified_diff(plan[0]) == (
        "--- a/t.cu\n+++ b/t.cu\n@@ -1,4 +1,4 @@\n __global__ void t(float *o) {\n"
        "-  __shared__ float tile[32][32];\n+  __shared__ float tile[32][33];\n"
        "   o[0] = tile[threadIdx.x][0];\n }\n"
    )


def test_unsafe_and_display_only_fixes():
    unsafe = padding_finding("t.cu", Applicability.UNSAFE)
    display = padding_finding("t.cu", Applicability.DISPLAY_ONLY)
    assert plan_fixes([unsafe, display], {"t.cu": TILE}) == []
    assert len(plan_fixes([unsafe], {"t.cu": TILE}, unsafe=True)) == 1
    assert plan_fixes([display], {"t.cu": TILE}, unsafe=True) == []


def test_overlapping_fix_waits_for_the_next_run():
    first = padding_finding("t.cu")
    second = padding_finding("t.cu")
    plan = plan_fixes([first, second], {"t.cu": TILE})
    assert plan[0].applied == (first,)
    assert plan[0].fixed.count("[33]") == 1


def test_write_keeps_line_endings(tmp_path):
    path = tmp_path / "t.cu"
    crlf = TILE.replace("\n", "\r\n")
    path.write_bytes(crlf.encode())
    plan = plan_fixes([padding_finding(str(path))], {str(path): crlf})
    assert write_fixes(plan) == []
    assert path.read_bytes() == crlf.replace("[32][32]", "[32][33]").encode()


def test_write_failure_is_reported(tmp_path):
    path = str(tmp_path / "gone" / "t.cu")
    failures = write_fixes(plan_fixes([padding_finding(path)], {path: TILE}))
    assert [p for p, _ in failures] == [path] and "cannot write the fix" in failures[0][1]
