from __future__ import annotations

from pytest_gpuperf.workers import device_for_worker, visible_devices, worker_index


def test_workers_take_one_visible_gpu_each_and_wrap():
    devices = visible_devices({"CUDA_VISIBLE_DEVICES": "3, 5"})
    assert devices == ["3", "5"]
    assert [device_for_worker(w, devices) for w in ("gw0", "gw1", "gw2")] == ["3", "5", "3"]


def test_unknown_worker_or_no_gpu_pins_nothing():
    assert worker_index("master") is None
    assert device_for_worker("master", ["0"]) is None
    assert device_for_worker("gw0", []) is None
    assert visible_devices({"CUDA_VISIBLE_DEVICES": ""}) == []


def test_xdist_workers_are_pinned_and_results_merge(pytester, monkeypatch):
    import json

    import pytest

    pytest.importorskip("xdist")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3,5")
    pytester.makepyfile("""
        import os
        from pytest_gpuperf.backends.fake import FakeKernel

        def test_k(gpuperf):
            worker = os.environ["PYTEST_XDIST_WORKER"]
            with open(f"pin-{worker}.txt", "w") as out:
                out.write(os.environ["CUDA_VISIBLE_DEVICES"])
            gpuperf.benchmark(FakeKernel(1.0, name=worker), 1, 1, ())
    """)
    result = pytester.runpytest("--gpuperf", "--gpuperf-backend=fake", "-p", "no:cacheprovider",
                                "-n", "2", "--dist", "each", "--gpuperf-json=r.json", "-p", "no:benchmark")
    result.assert_outcomes(passed=2)
    assert (pytester.path / "pin-gw0.txt").read_text() == "3"
    assert (pytester.path / "pin-gw1.txt").read_text() == "5"
    document = json.loads((pytester.path / "r.json").read_text())
    assert sorted(r["name"] for r in document["results"]) == ["gw0", "gw1"]
    result.stdout.fnmatch_lines(["*test_k::gw*", "*test_k::gw*", "gpuperf verdicts: 2 pass"])


def test_without_cuda_visible_devices_nvml_counts_the_gpus(monkeypatch):
    import sys
    import types

    fake = types.SimpleNamespace(nvmlInit=lambda: None, nvmlDeviceGetCount=lambda: 2)
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    assert visible_devices({}) == ["0", "1"]
    monkeypatch.setitem(sys.modules, "pynvml", None)
    assert visible_devices({}) == []
