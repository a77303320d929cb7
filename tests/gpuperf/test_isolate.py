"""--gpuperf-isolate: one subprocess per GPU test (slow-ish: each child starts pytest)."""
from __future__ import annotations

import json

FAKE = ("--gpuperf", "--gpuperf-backend=fake", "-p", "no:cacheprovider", "--gpuperf-isolate")


def test_fault_and_hang_fail_only_their_own_tests(pytester):
    pytester.makepyfile("""
        from pytest_gpuperf.backends.fake import FakeKernel

        def test_a_faults(gpuperf):
            gpuperf.benchmark(FakeKernel(1.0, fault="an illegal memory access was encountered"), 1, 1, ())

        def test_b_hangs(gpuperf):
            gpuperf.benchmark(FakeKernel(1.0, hang_s=120), 1, 1, ())

        def test_c_fine(gpuperf):
            gpuperf.benchmark(FakeKernel(1.0, name="fine"), 1, 1, ())

        def test_d_cpu():
            pass
    """)
    result = pytester.runpytest(*FAKE, "--gpuperf-timeout=15", "--gpuperf-json=r.json")
    result.assert_outcomes(failed=2, passed=2)
    result.stdout.fnmatch_lines([
        "*FakeCudaError: an illegal memory access was encountered*",
        "*gpuperf: isolated test killed after 15 s (--gpuperf-timeout); the kernel may hang*",
        "*test_c_fine::fine*cold*pass*",
    ])
    document = json.loads((pytester.path / "r.json").read_text())
    assert [r["name"] for r in document["results"]] == ["fine"]


def test_isolated_budgets_and_baselines_work_as_in_process(pytester):
    pytester.makepyfile("""
        import pytest
        from pytest_gpuperf.backends.fake import FakeKernel

        @pytest.mark.gpuperf(max_ms=0.5)
        def test_over(gpuperf):
            gpuperf.benchmark(FakeKernel(1.0, name="over"), 1, 1, ())
    """)
    result = pytester.runpytest(*FAKE, "--gpuperf-save=iso")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*gpuperf budget missed*", "over*max_ms*MISS*", "*baseline 'iso' saved*"])
    assert list((pytester.path / ".gpuperf" / "iso").glob("*.json"))
