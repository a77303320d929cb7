from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest

from kernel_lint.baseline import fingerprint_findings
from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.registry import all_rules, doc_sections, rule_document
from kernel_lint.reporters import ReportOptions, RunReport
from kernel_lint.reporters.sarif import render, sarif_level
from kernel_lint.results import FileReport

REPO = Path(__file__).resolve().parents[2]
VENDORED_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"
SHARED_SCHEMA = REPO.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"
SOURCE = "__global__ void k(float *a) {\n  a[threadIdx.x * 32] = 0;\n  a[threadIdx.x * 32] = 0;\n}\n"


def finding(path: str, line: int, severity: Severity = Severity.WARNING) -> Finding:
    return Finding("KL001", Category.PARSE, severity, SourceRange(path, line, 3, line, 22), "m", kernel="k", gpu="h100")


def sarif_of(root: Path, findings, sources, errors=()) -> dict:
    findings = tuple(findings)
    report = RunReport(
        version="0.1.0",
        root=str(root),
        files=(FileReport("k.cu", kernels=["k"]),) + tuple(FileReport(p, errors=[m]) for p, m in errors),
        findings=findings,
        fingerprints=fingerprint_findings(findings, sources),
        sources=sources,
    )
    out = io.StringIO()
    render(report, out, ReportOptions())
    return json.loads(out.getvalue())


@pytest.fixture
def document(tmp_path) -> dict:
    path = str(tmp_path / "src" / "k.cu")
    return sarif_of(tmp_path, [finding(path, 2, Severity.ERROR), finding(path, 3, Severity.INFO)], {path: SOURCE}, [("gone.cu", "no such file")])


@pytest.mark.parametrize("schema_path", [VENDORED_SCHEMA, SHARED_SCHEMA], ids=["vendored", "shared"])
def test_validates_against_the_schema(document, schema_path):
    if not schema_path.is_file():
        pytest.skip(f"{schema_path} is not present (only in the development workspace); the vendored copy is checked")
    jsonschema.validate(document, json.loads(schema_path.read_text()))


def test_tool_and_rules(document):
    driver = document["runs"][0]["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("kernel-lint", "0.1.0")
    assert [rule["id"] for rule in driver["rules"]] == [r.code for r in all_rules()]
    rule = next(r for r in driver["rules"] if r["id"] == "KL008")
    assert rule["name"] == "UnusedSuppression"
    assert rule["helpUri"] == "https://github.com/kernel-lint/kernel-lint/blob/main/rules/KL008.md"
    assert rule["fullDescription"]["text"] == doc_sections(rule_document("KL008"))["What it finds"]
    assert rule["help"]["markdown"] == rule_document("KL008")
    assert rule["defaultConfiguration"]["level"] == "warning"
    assert "parse" in rule["properties"]["tags"]


def test_results(document, tmp_path):
    run = document["runs"][0]
    first, second = run["results"]
    assert (first["ruleId"], first["level"], second["level"]) == ("KL001", "error", "note")
    assert run["tool"]["driver"]["rules"][first["ruleIndex"]]["id"] == "KL001"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "src/k.cu", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 2, "startColumn": 3, "endLine": 2, "endColumn": 22}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
    assert first["partialFingerprints"]["kernelLint/v1"] != second["partialFingerprints"]["kernelLint/v1"]
    assert run["invocations"][0]["executionSuccessful"] is False
    assert "gone.cu: no such file" in run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]


def test_fingerprints_survive_unrelated_edits(tmp_path):
    path = str(tmp_path / "k.cu")
    before = sarif_of(tmp_path, [finding(path, 2)], {path: SOURCE})
    after = sarif_of(tmp_path, [finding(path, 5)], {path: "// header\n#include <x.h>\n\n" + SOURCE})
    prints = [d["runs"][0]["results"][0]["partialFingerprints"] for d in (before, after)]
    assert prints[0] == prints[1]


def test_paths_outside_the_root_are_absolute_file_uris(tmp_path):
    outside = tmp_path.parent / "elsewhere.cu"
    document = sarif_of(tmp_path / "root", [finding(str(outside), 1)], {})
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": outside.as_uri()}


def test_level_mapping():
    assert [sarif_level(s) for s in Severity] == ["note", "warning", "error"]


def test_vendored_schema_matches_the_shared_one():
    if not SHARED_SCHEMA.is_file():
        pytest.skip(f"{SHARED_SCHEMA} is not present (only in the development workspace)")
    assert json.loads(VENDORED_SCHEMA.read_text()) == json.loads(SHARED_SCHEMA.read_text())


def test_a_finding_in_a_helper_relates_the_kernels_call_and_validates(tmp_path):
    header, kernel_file = str(tmp_path / "common.h"), str(tmp_path / "k.cu")
    found = Finding("KL201", Category.BANK_CONFLICT, Severity.WARNING, SourceRange(header, 7, 3, 7, 20), "m",
                    kernel="k", gpu="h100", details={"called_at": {"path": kernel_file, "line": 11}})
    document = sarif_of(tmp_path, [found, finding(kernel_file, 2)], {header: SOURCE, kernel_file: SOURCE})
    with_call, without = document["runs"][0]["results"]
    assert with_call["relatedLocations"] == [{
        "id": 1,
        "physicalLocation": {"artifactLocation": {"uri": "k.cu", "uriBaseId": "%SRCROOT%"},
                             "region": {"startLine": 11}},
        "message": {"text": "the kernel's call that reaches this access"}}]
    assert "relatedLocations" not in without
    jsonschema.validate(document, json.loads(VENDORED_SCHEMA.read_text()))
