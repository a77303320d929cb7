from __future__ import annotations

import pytest

from pytest_gpuperf.options import OPTIONS, settings_from
from pytest_gpuperf.session import GpuPerfSession, regression_message
from pytest_gpuperf.storage import save_baseline


def _session(tmp_path, **overrides) -> GpuPerfSession:
    values = {spec.ini: spec.default for spec in OPTIONS}
    values.update(gpuperf=True, gpuperf_backend="fake", **overrides)
    return GpuPerfSession(settings_from(values), tmp_path).require_backend()


def _save(session, make_result, samples):
    result = make_result("k", samples_ms=samples, fingerprint=session.device.fingerprint)
    save_baseline(session.storage, "main", session.device.to_dict(), [result])


def test_without_compare_the_verdict_is_untouched(tmp_path, make_result):
    session = _session(tmp_path)
    assert session.judge(make_result()).verdict == "pass"


def test_judge_against_the_saved_baseline(tmp_path, make_result):
    session = _session(tmp_path, gpuperf_compare="main")
    _save(session, make_result, (1.0,) * 10)
    slower = session.judge(make_result("k", median=1.2, samples_ms=(1.2,) * 10))
    assert (slower.verdict, slower.baseline_median_ms) == ("fail", 1.0)
    assert slower.slowdown == pytest.approx(0.2)
    assert session.judge(make_result("k", samples_ms=(0.8,) * 10, median=0.8)).verdict == "pass"


def test_missing_entry_and_other_mode_are_noted_not_judged(tmp_path, make_result):
    session = _session(tmp_path, gpuperf_compare="main")
    _save(session, make_result, (1.0,) * 10)
    missing = session.judge(make_result("other", samples_ms=(9.0,) * 10, median=9.0))
    assert missing.verdict == "pass" and "no entry in baseline 'main'" in missing.notes
    hot = session.judge(make_result("k", mode="hot", samples_ms=(9.0,) * 10, median=9.0))
    assert hot.verdict == "pass" and "baseline was measured cold, now hot: not compared" in hot.notes


def test_parts_merge_results_devices_and_warnings(tmp_path, make_result):
    worker = _session(tmp_path)
    worker.record(make_result("a"))
    worker.warn("clocks not locked")
    controller = _session(tmp_path)
    controller.merge_part(worker.to_part())
    controller.merge_part(worker.to_part())
    assert [r.name for r in controller.results] == ["a", "a"]
    assert controller.warnings == ["clocks not locked"]
    assert controller.verdict_counts() == {"pass": 2}
    assert list(controller.devices) == [worker.device.fingerprint]


def test_unlocked_clocks_are_warned_once(tmp_path):
    session = _session(tmp_path)
    session.note_clocks("k", [1980.0, 1755.0])
    session.note_clocks("k", [1980.0, 1755.0])
    session.note_clocks("quiet", [1980.0, 1980.0])
    assert session.warnings == ["SM clock varied 1755-1980 MHz during k: clocks are not locked "
                                "(lock them with `nvidia-smi -lgc`; gpuperf never changes clocks)"]


def test_regression_message(make_result):
    result = make_result("k", median=1.2, baseline_median_ms=1.0, slowdown=0.2, noise_margin=0.03)
    assert regression_message([result], 5.0).splitlines() == [
        "gpuperf regression beyond 5% (and beyond the measured noise):",
        "  k: median 1.2 ms vs baseline 1 ms (+20.0%, noise explains up to 3.0%)",
    ]
