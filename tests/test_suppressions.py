from __future__ import annotations

from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.fixes import apply_edits
from kernel_lint.suppressions import apply_suppressions, parse_suppressions, unused_suppression_findings

SOURCE = """\
// kernel-lint: file-ignore[KL3]
__global__ void k(float *a) {
  a[0] = 1;  // kernel-lint: ignore[KL101, kl2]
  // kernel-lint: ignore[KL102]
  a[1] = 2;
  a[2] = 3; /* kernel-lint: ignore */ a[3] = 4;
  a[4] = 5;
}
"""
CODES = ["KL101", "KL102", "KL201", "KL301", "KL401"]


def finding(code: str, line: int) -> Finding:
    return Finding(code, Category.COALESCING, Severity.WARNING, SourceRange("k.cu", line, 3, line, 7), "m")


def test_parse_forms():
    parsed = parse_suppressions("k.cu", SOURCE)
    assert [(s.codes, s.lines, s.file_level, s.standalone) for s in parsed] == [
        (("KL3",), (), True, True),
        (("KL101", "KL2"), (3,), False, False),
        (("KL102",), (4, 5), False, True),
        ((), (6,), False, False),
    ]
    trailing = parsed[1].comment
    assert (trailing.line, trailing.column, trailing.end_column) == (3, 14, 48)
    block = parsed[3].comment
    assert SOURCE.splitlines()[5][block.column - 1 : block.end_column - 1] == "/* kernel-lint: ignore */"


def test_text_that_only_mentions_the_tool_is_not_a_suppression():
    assert parse_suppressions("k.cu", 'const char *s = "kernel-lint: rocks";\n// kernel-lint: ignoring\n') == []


def test_apply_by_line_prefix_and_file():
    findings = [
        finding("KL101", 3),  # trailing comment, exact code
        finding("KL205", 3),  # trailing comment, prefix KL2
        finding("KL401", 3),  # not named: kept
        finding("KL102", 5),  # comment on the line before
        finding("KL102", 7),  # too far from the comment: kept
        finding("KL999", 6),  # blanket comment
        finding("KL301", 7),  # file-level
    ]
    result = apply_suppressions(findings, parse_suppressions("k.cu", SOURCE))
    assert [(f.code, f.range.line) for f in result.kept] == [("KL401", 3), ("KL102", 7)]
    assert result.suppressed == 5
    assert result.used == {0: {"KL3"}, 1: {"KL101", "KL2"}, 2: {"KL102"}, 3: {"*"}}


def test_unused_suppressions_and_their_fixes():
    text = """\
__global__ void k(float *a) {
  a[0] = 1;  // kernel-lint: ignore[KL101,KL102]
  // kernel-lint: ignore[KL201]
  a[1] = 2;
  a[2] = 3;  // kernel-lint: ignore[KL777]
  a[3] = 4;  // kernel-lint: ignore[KL401]
}
"""
    suppressions = parse_suppressions("k.cu", text)
    result = apply_suppressions([finding("KL101", 2)], suppressions)
    enabled = lambda code: code != "KL401"  # noqa: E731 - KL401 is not selected: its comment is not judged
    unused = unused_suppression_findings(suppressions, result.used, text, enabled, CODES)
    assert [(f.code, f.range.line, f.message) for f in unused] == [
        ("KL008", 2, "unused suppression (KL102): nothing it names was reported here"),
        ("KL008", 3, "unused suppression (KL201): nothing it names was reported here"),
        ("KL008", 5, "unused suppression (unknown code KL777): nothing it names was reported here"),
    ]
    fixed = apply_edits(text, [edit for f in unused for edit in f.fix.edits])
    assert fixed == """\
__global__ void k(float *a) {
  a[0] = 1;  // kernel-lint: ignore[KL101]
  a[1] = 2;
  a[2] = 3;
  a[3] = 4;  // kernel-lint: ignore[KL401]
}
"""


def test_unused_blanket_suppression():
    text = "int x;  /* kernel-lint: ignore */\n"
    suppressions = parse_suppressions("k.cu", text)
    unused = unused_suppression_findings(suppressions, {}, text, lambda code: True, CODES)
    assert [f.message for f in unused] == ["unused suppression (every code): nothing it names was reported here"]
    assert apply_edits(text, unused[0].fix.edits) == "int x;\n"


def test_form_feed_does_not_shift_lines():
    text = "\x0c\nint a;\x0c int b;  // kernel-lint: ignore[KL101]\n"
    [suppression] = parse_suppressions("k.cu", text)
    assert suppression.lines == (2,)
