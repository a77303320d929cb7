from __future__ import annotations

import json

import pytest

from pytest_gpuperf.storage import StorageError, baseline_path, load_baseline, save_baseline

DEVICE = {"name": "NVIDIA H100", "fingerprint": "NVIDIA-H100-sm132"}


def test_save_then_load_round_trips_samples(tmp_path, make_result):
    result = make_result("copy", samples_ms=(1.0, 2.0, 3.0), median=2.0)
    path = save_baseline(tmp_path, "main", DEVICE, [result])
    assert path == tmp_path / "main" / "NVIDIA-H100-sm132.json"
    baseline = load_baseline(tmp_path, "main", "NVIDIA-H100-sm132")
    entry = baseline.entries["test_x.py::test_k::copy"]
    assert (entry.median, entry.count) == (2.0, 3)
    assert baseline.modes["test_x.py::test_k::copy"] == "cold"
    assert baseline.note == ""


def test_untimed_results_are_not_saved(tmp_path, make_result):
    path = save_baseline(tmp_path, "main", DEVICE, [make_result(median=None, samples_ms=())])
    assert json.loads(path.read_text())["results"] == {}


def test_other_gpu_is_refused_with_a_note(tmp_path, make_result):
    save_baseline(tmp_path, "main", DEVICE, [make_result()])
    baseline = load_baseline(tmp_path, "main", "NVIDIA-A100-sm108")
    assert baseline.entries == {}
    assert "saved on other GPUs (NVIDIA-H100-sm132)" in baseline.note


def test_missing_name_lists_what_exists(tmp_path, make_result):
    save_baseline(tmp_path, "main", DEVICE, [make_result()])
    with pytest.raises(StorageError, match=r"no baseline named 'nope' .*available: main"):
        load_baseline(tmp_path, "nope", "x")


def test_corrupt_file_is_a_clear_error(tmp_path):
    path = baseline_path(tmp_path, "main", "fp")
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(StorageError, match="unreadable"):
        load_baseline(tmp_path, "main", "fp")


@pytest.mark.parametrize("name", ["../x", "a/b", "", ".."])
def test_unsafe_names_are_rejected(tmp_path, name):
    with pytest.raises(StorageError, match="baseline name"):
        baseline_path(tmp_path, name, "fp")
