from dataclasses import replace

import pytest
from pycparser import c_ast

import kernel_lint.engine as engine
from kernel_lint.findings import Category, Severity, SourceRange
from kernel_lint.model import ParseProblem, TranslationUnit
from kernel_lint.registry import Rule, RuleFamily
from kernel_lint.settings import Settings

STRIDED = Rule("KL199", "test-strided", Category.COALESCING, Severity.WARNING, "test rule")
WHERE = SourceRange("k.cu", 4, 3, 4, 9)


def _family(check):
    return RuleFamily(name="test", rules=(STRIDED,), check=check)


@pytest.fixture
def unit():
    return TranslationUnit(path="k.cu", source="__global__ void k() {}\n")


def _run(monkeypatch, unit, families, settings=Settings(), gpus=("H100 SXM",)):
    monkeypatch.setattr(engine, "all_families", lambda: families)
    return engine.check_unit(unit, settings, gpus)


def _one_per_gpu(context):
    for gpu in context.gpus:
        yield context.finding(STRIDED, WHERE, "strided", kernel="k", gpu=gpu)


def test_a_crashing_family_becomes_an_internal_error_and_others_still_run(monkeypatch, unit):
    def crash(context):
        raise KeyError("boom")

    findings = _run(monkeypatch, unit, [_family(crash), _family(_one_per_gpu)])
    assert [f.code for f in findings] == ["KL009", "KL199"]
    assert "KeyError" in findings[0].message and "other rules still ran" in findings[0].message


def test_ignored_codes_are_dropped_and_disabled_families_do_not_run(monkeypatch, unit):
    def must_not_run(context):
        raise AssertionError("a family with no enabled rule ran")

    assert _run(monkeypatch, unit, [_family(must_not_run)], Settings(ignore=("KL1",))) == []


def test_per_file_ignores_match_globs(monkeypatch, unit):
    settings = Settings(per_file_ignores={"*.cu": ("KL199",)})
    assert _run(monkeypatch, unit, [_family(_one_per_gpu)], settings) == []


def test_severity_overrides_apply(monkeypatch, unit):
    settings = Settings(severity_overrides={"KL199": Severity.ERROR})
    (finding,) = _run(monkeypatch, unit, [_family(_one_per_gpu)], settings)
    assert finding.severity is Severity.ERROR


def test_the_same_finding_on_several_gpus_is_reported_once_naming_them(monkeypatch, unit):
    (finding,) = _run(monkeypatch, unit, [_family(_one_per_gpu)], gpus=("H100 SXM", "A100 80GB"))
    assert finding.gpu == "H100 SXM, A100 80GB"


def test_findings_that_differ_per_gpu_stay_separate(monkeypatch, unit):
    def per_gpu_message(context):
        for gpu in context.gpus:
            yield context.finding(STRIDED, WHERE, f"occupancy on {gpu}", gpu=gpu)

    findings = _run(monkeypatch, unit, [_family(per_gpu_message)], gpus=("H100 SXM", "T4"))
    assert [f.gpu for f in findings] == ["H100 SXM", "T4"]


def test_parse_problems_become_parse_findings(monkeypatch, unit):
    unit.problems.append(ParseProblem("KL001", "kernel k did not parse", WHERE, kernel="k"))
    (finding,) = _run(monkeypatch, unit, [])
    assert (finding.code, finding.category, finding.kernel) == ("KL001", Category.PARSE, "k")


def test_context_finding_locates_nodes_through_the_unit(unit):
    node = c_ast.ID("i")
    located = replace(unit, locate=lambda n: WHERE if n is node else None)
    context = engine.CheckContext(unit=located, settings=Settings(), gpus=())
    assert context.finding(STRIDED, node, "m").range == WHERE


def _per_configuration(configurations):
    def check(context):
        for block, arguments in configurations:
            details = {"block": list(block), "block_source": "launch at line 9"}
            if arguments:
                details["template_arguments"] = arguments
            yield context.finding(STRIDED, WHERE, f"diverges for block {block}.", kernel="k", gpu="H100 SXM",
                                  details=details)
    return check


def test_a_finding_under_several_configurations_is_reported_once_listing_them(monkeypatch, unit):
    two = _per_configuration([((256, 1, 1), {"N": "256"}), ((64, 1, 1), {"N": "64"})])
    (finding,) = _run(monkeypatch, unit, [_family(two)])
    assert finding.message == "diverges for block (256, 1, 1); also found for block (64) with N = 64."
    assert [(c["block"], c["template_arguments"]) for c in finding.details["configurations"]] == [
        ([256, 1, 1], {"N": "256"}), ([64, 1, 1], {"N": "64"})]
    many = _per_configuration([((32 * n, 1, 1), {}) for n in (1, 2, 4)] + [((32, 1, 1), {})])
    (finding,) = _run(monkeypatch, unit, [_family(many)])
    assert finding.message.endswith("; also found for 2 other block shapes or instantiations (details: configurations).")
    assert len(finding.details["configurations"]) == 3  # the repeated (32) counts once


def test_a_finding_for_several_launch_constants_lists_each_value(monkeypatch, unit):
    def check(context):
        for stride in (32, 64):
            yield context.finding(STRIDED, WHERE, "strided.", kernel="k", gpu="H100 SXM",
                                  details={"block": [256, 1, 1], "block_source": "launch at line 9",
                                           "argument_values": {"stride": stride}})
    (finding,) = _run(monkeypatch, unit, [_family(check)])
    assert finding.message == "strided; also found for block (256) with stride = 64."
    assert [c["argument_values"] for c in finding.details["configurations"]] == [{"stride": 32}, {"stride": 64}]


def test_findings_without_a_block_or_at_other_places_are_not_merged(monkeypatch, unit):
    def check(context):
        yield context.finding(STRIDED, WHERE, "a", kernel="k", gpu="H100 SXM")
        yield context.finding(STRIDED, WHERE, "b", kernel="k", gpu="H100 SXM")
        yield context.finding(STRIDED, replace(WHERE, line=5), "c", kernel="k", gpu="H100 SXM",
                              details={"block": [64, 1, 1]})
        yield context.finding(STRIDED, replace(WHERE, line=6), "d", kernel="k", gpu="H100 SXM",
                              details={"block": [32, 1, 1]})

    assert [f.message for f in _run(monkeypatch, unit, [_family(check)])] == ["a", "b", "c", "d"]


def test_a_helpers_load_and_store_through_two_calls_are_two_findings(monkeypatch, unit):
    # `c.at(row, col) = a.at(row, k)`: one element expression in the helper, read through one call and
    # written through another, under the same block
    def check(context):
        for access, line in (("load", 23), ("store", 25)):
            yield context.finding(STRIDED, WHERE, access, kernel="k", gpu="H100 SXM",
                                  details={"block": [32, 32, 1], "access": access, "called_at": {"line": line}})

    assert [f.message for f in _run(monkeypatch, unit, [_family(check)])] == ["load", "store"]
