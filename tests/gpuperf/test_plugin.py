"""End to end: the plugin inside a pytest run (pytester), on the fake backend."""
from __future__ import annotations

import json

import pytest

FAKE = ("--gpuperf", "--gpuperf-backend=fake", "-p", "no:cacheprovider")

KERNELS = """
import os
import pytest
from pytest_gpuperf.backends.fake import FakeKernel

MS = float(os.environ.get("FAKE_MS", "1.0"))
JITTER = float(os.environ.get("FAKE_JITTER", "0.001"))

def test_copy(gpuperf):
    result = gpuperf.benchmark(FakeKernel(MS, jitter=JITTER, name="copy"), (1,), (1,), (), bytes_moved=2e9)
    assert result.count >= 10
"""


def test_help_lists_every_option_and_ini_name(pytester):
    result = pytester.runpytest("--help")
    result.stdout.fnmatch_lines([
        "GPU kernel performance (pytest-gpuperf):",
        "*--gpuperf *run GPU performance tests*",
        "*--gpuperf-sim*CUDA simulator*",
        "*--gpuperf-backend=NAME*",
        "*--gpuperf-regression=PERCENT*",
        "*--gpuperf-save=NAME*",
        "*--gpuperf-isolate*",
        "*gpuperf_noise (string)*",
        "*gpuperf_storage (string)*",
    ])
    assert "--gpuperf-child-out" not in result.stdout.str()


def test_marker_is_registered(pytester):
    pytester.runpytest("--markers").stdout.fnmatch_lines(["@pytest.mark.gpuperf(max_ms=*per_gpu*"])


def test_gpu_tests_skip_with_how_to_enable_them(pytester):
    pytester.makepyfile("""
        import pytest
        def test_fixture(gpu): pass
        @pytest.mark.gpuperf(max_ms=1)
        def test_marker(): pass
        def test_plain(): pass
    """)
    result = pytester.runpytest("-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=2)
    result.stdout.fnmatch_lines(["*GPU performance test: run with --gpuperf to enable*"])


@pytest.mark.skipif("__import__('importlib').util.find_spec('cupy') or "
                    "__import__('importlib').util.find_spec('numba')", reason="a GPU library is installed")
def test_enabled_without_a_device_skips_with_the_reason(pytester):
    pytester.makepyfile("def test_k(gpuperf): pass")
    result = pytester.runpytest("-rs", "--gpuperf", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*no CUDA device visible*"])


def test_ini_options_enable_and_configure(pytester):
    pytester.makeini("[pytest]\ngpuperf = true\ngpuperf_backend = fake\ngpuperf_max_samples = 12\n")
    pytester.makepyfile(KERNELS)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["gpuperf: backend fake, noise target 0.5%, samples 10..12*",
                                 "*test_copy::copy*cold*12*"])


def test_bad_option_values_are_usage_errors(pytester):
    result = pytester.runpytest("--gpuperf-noise=-1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--gpuperf-noise*positive number*"])
    pytester.makeini("[pytest]\ngpuperf_min_samples = lots\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*gpuperf: ini option gpuperf_min_samples*"])


def test_summary_table_and_verdicts(pytester):
    pytester.makepyfile(KERNELS)
    result = pytester.runpytest(*FAKE)
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*= gpuperf =*", "*gpuperf results on NVIDIA H100 80GB HBM3*",
                                 "*test_copy::copy*cold*2000*pass*", "gpuperf verdicts: 1 pass"])


BUDGETS = """
import pytest
from pytest_gpuperf.backends.fake import FakeKernel

@pytest.mark.gpuperf(max_ms=2.0, min_gbps=1000)
def test_within(gpuperf):
    gpuperf.benchmark(FakeKernel(1.0, name="copy"), 1, 1, (), bytes_moved=2e9)

@pytest.mark.gpuperf(max_ms=2.0, per_gpu={"A100": {"max_ms": 0.5}})
def test_per_gpu(gpuperf):
    gpuperf.benchmark(FakeKernel(1.0, name="scale"), 1, 1, ())

@pytest.mark.gpuperf(min_gflops=10, result="b")
def test_selected(gpuperf):
    gpuperf.benchmark(FakeKernel(1.0, name="a"), 1, 1, ())
    gpuperf.benchmark(FakeKernel(1.0, name="b"), 1, 1, (), flops=1e6)
"""


def test_budgets_pass_and_fail_with_a_table(pytester):
    pytester.makepyfile(BUDGETS)
    result = pytester.runpytest(*FAKE)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "*test_selected*",
        "gpuperf budget missed on NVIDIA H100 80GB HBM3 (1 of 1 checks, budgets from marker):",
        "benchmark  metric      measured  budget  status",
        "b          min_gflops  1         >= 10   MISS",
    ])


def test_per_gpu_budget_applies_on_the_matching_gpu(pytester):
    pytester.makepyfile(BUDGETS)
    result = pytester.runpytest(*FAKE, "--gpuperf-fake-device=NVIDIA A100-SXM4-80GB",
                                "-k", "not within and not selected")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*budgets from per_gpu*A100*", "scale*max_ms*1*<= 0.5*MISS"])
    assert "budgets from per_gpu['A100']" in result.stdout.str()


def test_unknown_marker_keyword_is_an_error_at_setup(pytester):
    pytester.makepyfile("""
        import pytest
        @pytest.mark.gpuperf(max_msec=1)
        def test_k(gpuperf): pass
    """)
    result = pytester.runpytest(*FAKE)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*ERROR at setup of test_k*", "*unknown keyword(s) max_msec*"])


def test_marker_without_a_benchmark_fails(pytester):
    pytester.makepyfile("""
        import pytest
        @pytest.mark.gpuperf(max_ms=1)
        def test_k(gpu): pass
    """)
    pytester.runpytest(*FAKE).stdout.fnmatch_lines(["*ran no gpuperf.benchmark()*"])


def test_throttled_samples_are_dropped_visibly(pytester):
    pytester.makepyfile("""
        import pytest
        from pytest_gpuperf.backends.fake import FakeKernel

        def test_half(gpuperf):
            r = gpuperf.benchmark(FakeKernel(1.0, clocks=[1980, 1500], name="half"), 1, 1, ())
            assert r.dropped == len(r.samples_ms) - r.count > 0
            assert r.drop_reasons[0].startswith("SM clock 1500 MHz")

        @pytest.mark.gpuperf(max_ms=0.1)
        def test_all(gpuperf):
            r = gpuperf.benchmark(FakeKernel(1.0, throttle=range(10**6), name="hot_gpu"), 1, 1, ())
            assert r.verdict == "inconclusive" and r.median_ms is None
    """)
    result = pytester.runpytest(*FAKE, "--gpuperf-max-samples=30")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines([
        "*test_half::half*cold*15*15*",
        "*test_all::hot_gpu*cold*0*30*inconclusive*",
        "*warning: SM clock varied 1500-1980 MHz during half: clocks are not locked*",
        "*warning: *test_all: budgets not checked: every sample was dropped (throttled)*",
    ])


def test_baselines_save_compare_and_three_verdicts(pytester, monkeypatch):
    pytester.makepyfile(KERNELS)
    pytester.runpytest(*FAKE, "--gpuperf-save=main").assert_outcomes(passed=1)
    saved = list((pytester.path / ".gpuperf" / "main").glob("*.json"))
    assert [p.name for p in saved] == ["NVIDIA-H100-80GB-HBM3-sm132-driverfake-cudafake.json"]

    monkeypatch.setenv("FAKE_MS", "1.2")
    slower = pytester.runpytest(*FAKE, "--gpuperf-compare=main")
    slower.assert_outcomes(failed=1)
    slower.stdout.fnmatch_lines(["*gpuperf regression beyond 5% (and beyond the measured noise):",
                                 "*copy: median 1.2 ms vs baseline 1 ms (+20.0%*", "*+20.0%*fail*"])

    monkeypatch.setenv("FAKE_MS", "0.7")
    pytester.runpytest(*FAKE, "--gpuperf-compare=main").assert_outcomes(passed=1)

    monkeypatch.setenv("FAKE_MS", "1.2")
    pytester.runpytest(*FAKE, "--gpuperf-compare=main", "--gpuperf-regression=25").assert_outcomes(passed=1)


def test_slowdown_within_noise_is_remeasured_then_inconclusive(pytester, monkeypatch):
    pytester.makepyfile(KERNELS)
    monkeypatch.setenv("FAKE_JITTER", "0.02")
    pytester.runpytest(*FAKE, "--gpuperf-save=main").assert_outcomes(passed=1)
    monkeypatch.setenv("FAKE_MS", "1.06")
    result = pytester.runpytest(*FAKE, "--gpuperf-compare=main")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*test_copy::copy*+*%*inconclusive (re-measured)*"])


def test_other_gpu_baseline_is_refused_and_labelled(pytester):
    pytester.makepyfile(KERNELS)
    pytester.runpytest(*FAKE, "--gpuperf-save=main").assert_outcomes(passed=1)
    result = pytester.runpytest(*FAKE, "--gpuperf-compare=main", "--gpuperf-fake-device=NVIDIA A100")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*baseline 'main' was saved on other GPUs (NVIDIA-H100-80GB-HBM3*); "
                                 "refusing to compare across devices*"])


def test_compare_with_unknown_name_is_a_usage_error(pytester):
    result = pytester.runpytest(*FAKE, "--gpuperf-compare=nope")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--gpuperf-compare nope: no such baseline*save one with --gpuperf-save nope*"])


def test_json_step_summary_and_plot(pytester, monkeypatch):
    pytest.importorskip("matplotlib")
    jsonschema = pytest.importorskip("jsonschema")
    from pytest_gpuperf.report import json_schema

    summary = pytester.path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    pytester.makepyfile(KERNELS)
    result = pytester.runpytest(*FAKE, "--gpuperf-json=out/results.json", "--gpuperf-plot=plots")
    result.assert_outcomes(passed=1)
    document = json.loads((pytester.path / "out" / "results.json").read_text())
    jsonschema.validate(document, json_schema())
    assert [r["name"] for r in document["results"]] == ["copy"]
    assert document["devices"][0]["fingerprint"] == document["results"][0]["fingerprint"]
    assert "| test_copy::copy | cold |" in summary.read_text()
    assert (pytester.path / "plots" / "gpuperf-roofline.png").is_file()
    result.stdout.fnmatch_lines(["gpuperf: JSON written to out/results.json",
                                 "gpuperf: roofline chart written to plots*gpuperf-roofline.png"])


def test_poisoned_context_skips_later_gpu_tests(pytester):
    pytester.makepyfile("""
        from pytest_gpuperf.backends.fake import FakeKernel

        def test_a_faults(gpuperf):
            gpuperf.benchmark(FakeKernel(1.0, fault="an illegal memory access was encountered"), 1, 1, ())

        def test_b_later(gpuperf):
            pass

        def test_c_cpu():
            pass
    """)
    result = pytester.runpytest(*FAKE, "-rs")
    result.assert_outcomes(failed=1, skipped=1, passed=1)
    result.stdout.fnmatch_lines(["*SKIPPED*CUDA context poisoned by test_poisoned_context_skips_later_gpu_tests.py"
                                 "::test_a_faults (an illegal memory access was encountered)*"])


def test_fault_the_test_did_not_see_fails_at_teardown(pytester):
    pytester.makepyfile("""
        import pytest
        from pytest_gpuperf.backends.fake import FakeKernel, FakeCudaError

        def test_swallowed(gpuperf):
            with pytest.raises(FakeCudaError):
                gpuperf.benchmark(FakeKernel(1.0, fault="unspecified launch failure"), 1, 1, ())
    """)
    result = pytester.runpytest(*FAKE)
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at teardown of test_swallowed*", "*CUDA context poisoned*"])


def test_simulator_without_numba_says_so(pytester, monkeypatch):
    if __import__("importlib").util.find_spec("numba"):
        pytest.skip("numba is installed here")
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "0")
    pytester.makepyfile("def test_k(gpuperf): pass")
    result = pytester.runpytest("--gpuperf-sim", "-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*--gpuperf-sim needs numba-cuda*"])
