import pytest

from kernel_lint.findings import Category, Finding, Severity, SourceRange


def test_severity_parse_accepts_any_case_and_ranks_in_order():
    assert Severity.parse("ERROR") is Severity.ERROR
    assert Severity.INFO.rank < Severity.WARNING.rank < Severity.ERROR.rank


def test_severity_parse_names_the_allowed_values():
    with pytest.raises(ValueError, match="allowed: info, warning, error"):
        Severity.parse("fatal")


def test_finding_json_has_exactly_the_contract_keys():
    finding = Finding(
        code="KL101",
        category=Category.COALESCING,
        severity=Severity.WARNING,
        range=SourceRange("k.cu", 3, 5, 3, 17),
        message="m",
        kernel="k",
        gpu="H100 SXM",
        details={"sectors": 32},
    )
    assert finding.to_json() == {
        "code": "KL101",
        "category": "coalescing",
        "severity": "warning",
        "path": "k.cu",
        "line": 3,
        "column": 5,
        "end_line": 3,
        "end_column": 17,
        "kernel": "k",
        "message": "m",
        "gpu": "H100 SXM",
        "details": {"sectors": 32},
    }
