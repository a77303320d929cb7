"""pytest-gpuperf hooks: options, activation, budgets, isolation, reports."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any, List, Optional

import pytest

from pytest_gpuperf import report, stats
from pytest_gpuperf.budgets import BudgetError, budget_for_device, evaluate, format_checks, validate_marker
from pytest_gpuperf.device import lookup_spec
from pytest_gpuperf.fixture import gpu, gpuperf  # noqa: F401  (fixtures are registered from here)
from pytest_gpuperf.isolate import run_isolated, write_child_output
from pytest_gpuperf.options import OPTIONS, argparse_type, resolve, settings_from
from pytest_gpuperf.session import SESSION_KEY, GpuPerfSession, environment, regression_message, session_of
from pytest_gpuperf.storage import available_names, save_baseline
from pytest_gpuperf.workers import device_for_worker, visible_devices

GPU_FIXTURES = ("gpu", "gpuperf")
ENABLE_HINT = "GPU performance test: run with --gpuperf to enable (or set gpuperf = true in the ini file)"
MARKER_LINE = ("gpuperf(max_ms=, min_gbps=, min_gflops=, min_peak_fraction=, per_gpu={'H100': {...}}, "
               "result=): absolute performance budgets for the benchmarks of this test (needs --gpuperf)")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("gpuperf", "GPU kernel performance (pytest-gpuperf)")
    for spec in OPTIONS:
        help_text = f"{spec.help} [ini: {spec.ini}]"
        if spec.metavar is None:
            group.addoption(spec.flag, action="store_true", default=None, dest=spec.dest, help=help_text)
        else:
            group.addoption(spec.flag, type=argparse_type(spec), default=None, dest=spec.dest,
                            metavar=spec.metavar, help=help_text)
        parser.addini(spec.ini, help=spec.help, default=None)
    group.addoption("--gpuperf-child-out", dest="gpuperf_child_out", default=None, help=argparse.SUPPRESS)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", MARKER_LINE)
    try:
        values = {spec.ini: resolve(spec, config.getoption(spec.dest), config.getini(spec.ini)) for spec in OPTIONS}
        settings = settings_from(values)
    except ValueError as exc:
        raise pytest.UsageError(f"gpuperf: {exc}") from exc
    if settings.sim:
        settings = dataclasses.replace(settings, enabled=True)
        _enable_simulator()
    storage = Path(settings.storage)
    storage = storage if storage.is_absolute() else config.rootpath / storage
    if settings.enabled and settings.compare and not (storage / settings.compare).is_dir():
        known = ", ".join(available_names(storage)) or "none"
        raise pytest.UsageError(f"--gpuperf-compare {settings.compare}: no such baseline under {storage} "
                                f"(available: {known}); save one with --gpuperf-save {settings.compare}")
    session = GpuPerfSession(settings, storage)
    config.stash[SESSION_KEY] = session
    worker = getattr(config, "workerinput", None)
    if settings.enabled and worker is not None:
        _pin_worker(worker["workerid"], session)
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(XdistController(session), "gpuperf-xdist")
    if config.getoption("gpuperf_child_out"):
        config.pluginmanager.register(ChildReporter(config), "gpuperf-child")


def _enable_simulator() -> None:
    if "numba" in sys.modules and os.environ.get("NUMBA_ENABLE_CUDASIM") != "1":
        raise pytest.UsageError("--gpuperf-sim: numba was imported before the plugin could set "
                                "NUMBA_ENABLE_CUDASIM=1; set it in the environment instead")
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"


def _pin_worker(worker_id: str, session: GpuPerfSession) -> None:
    devices = visible_devices(os.environ)
    device = device_for_worker(worker_id, devices)
    if device is None:
        return
    os.environ["CUDA_VISIBLE_DEVICES"] = device
    if len(devices) > 0 and (int(worker_id[2:]) >= len(devices)):
        session.warn(f"more xdist workers than GPUs ({len(devices)}): workers share GPUs and timings interfere")


def is_gpu_test(item: pytest.Item) -> bool:
    fixtures = getattr(item, "fixturenames", ())
    return any(name in fixtures for name in GPU_FIXTURES) or item.get_closest_marker("gpuperf") is not None


def pytest_report_header(config: pytest.Config) -> Optional[str]:
    settings = session_of(config).settings
    if not settings.enabled:
        return None
    mode = "CUDA simulator (correctness only)" if settings.sim else f"backend {settings.backend}"
    return (f"gpuperf: {mode}, noise target {settings.noise_percent}%, samples "
            f"{settings.min_samples}..{settings.max_samples}, time {settings.min_time_s}..{settings.max_time_s} s"
            + (", isolated" if settings.isolate else ""))


def pytest_collection_modifyitems(config: pytest.Config, items: List[pytest.Item]) -> None:
    if session_of(config).settings.enabled:
        return
    for item in items:
        if is_gpu_test(item):
            item.add_marker(pytest.mark.skip(reason=ENABLE_HINT))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Optional[pytest.Item]) -> Optional[bool]:
    session = session_of(item.config)
    settings = session.settings
    if not (settings.enabled and settings.isolate and is_gpu_test(item)):
        return None
    if item.config.getoption("gpuperf_child_out"):
        return None
    run_isolated(item, session)
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    session = session_of(item.config)
    if not (session.settings.enabled and is_gpu_test(item)):
        return
    marker = item.get_closest_marker("gpuperf")
    if marker is not None:
        try:
            validate_marker(marker.args, marker.kwargs)
        except BudgetError as exc:
            pytest.fail(str(exc), pytrace=False)
    if session.poisoned:
        pytest.skip(session.poisoned)
    session.require_backend()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    session = session_of(item.config)
    try:
        outcome = yield
    except BaseException:
        session.failed_calls.add(item.nodeid)
        raise
    if session.settings.enabled and is_gpu_test(item) and session.backend is not None:
        _judge_test(item, session)
    return outcome


def _judge_test(item: pytest.Item, session: GpuPerfSession) -> None:
    """Fail the test on a budget miss or on a regression beyond threshold and noise."""
    failures = []
    marker = item.get_closest_marker("gpuperf")
    if marker is not None and not session.settings.sim:
        budget = budget_for_device(marker.kwargs, session.device.name)
        try:
            checks = evaluate(budget, session.results_of(item.nodeid))
        except BudgetError as exc:
            pytest.fail(str(exc), pytrace=False)
        missed = {c.result_name for c in checks if c.status == "miss"}
        for result in session.results_of(item.nodeid):
            if result.name in missed:
                session.replace(result, dataclasses.replace(result, verdict=stats.FAIL))
        if any(c.status == "inconclusive" for c in checks):
            session.warn(f"{item.nodeid}: budgets not checked: every sample was dropped (throttled)")
        if missed:
            failures.append(format_checks(checks, session.device.name, budget.gpu_key))
    regressions = [r for r in session.results_of(item.nodeid) if r.verdict == stats.FAIL and r.slowdown]
    if regressions:
        failures.append(regression_message(regressions, session.settings.regression_percent))
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: Optional[pytest.Item]) -> Any:
    outcome = yield
    session = session_of(item.config)
    if session.backend is None or not is_gpu_test(item) or session.poisoned:
        return outcome
    error = session.backend.sticky_error()
    if error:
        session.poisoned = (f"CUDA context poisoned by {item.nodeid} ({error}); later GPU tests are "
                            f"skipped. Rerun with --gpuperf-isolate to run each GPU test in its own process")
        if item.nodeid not in session.failed_calls:  # a fault the test itself did not see
            pytest.fail(session.poisoned, pytrace=False)
    session.backend.free_memory()
    return outcome


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    session = session_of(config)
    if not session.settings.enabled or config.getoption("gpuperf_child_out"):
        return
    if session.results:
        terminalreporter.write_sep("=", "gpuperf")
        width = terminalreporter._tw.fullwidth
        for line in report.terminal_table(session.results, session.devices.values(), width).splitlines():
            terminalreporter.write_line(line)
        counts = ", ".join(f"{count} {verdict}" for verdict, count in sorted(session.verdict_counts().items()))
        terminalreporter.write_line(f"gpuperf verdicts: {counts}")
    for message in session.warnings + ([session.poisoned] if session.poisoned else []):
        terminalreporter.write_line(f"gpuperf warning: {message}", yellow=True)
    for message in session.outputs:
        terminalreporter.write_line(f"gpuperf: {message}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    state = session_of(config)
    if not state.settings.enabled:
        return
    worker_output = getattr(config, "workeroutput", None)
    if worker_output is not None:
        worker_output["gpuperf"] = json.dumps(state.to_part())
        return
    if config.getoption("gpuperf_child_out"):
        return
    _write_outputs(state)


def _write_outputs(state: GpuPerfSession) -> None:
    settings = state.settings
    if settings.json_path:
        document = report.json_document(state.results, state.devices.values(), environment(),
                                        dataclasses.asdict(settings), state.warnings)
        report.write_json(Path(settings.json_path), document)
        state.outputs.append(f"JSON written to {settings.json_path}")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary and state.results:
        report.append_step_summary(Path(summary), report.markdown(state.results, state.devices.values(),
                                                                  state.warnings))
    if settings.plot_dir:
        device = next(iter(state.devices.values()), None)
        spec = lookup_spec(device["name"]) if device else None
        path = report.roofline(state.results, device, spec, Path(settings.plot_dir))
        state.outputs.append(f"roofline chart written to {path}" if path else
                             "no roofline chart: matplotlib missing or no benchmark declared bytes/flops")
    if settings.save:
        for fingerprint, device in state.devices.items():
            timed = [r for r in state.results if r.fingerprint == fingerprint]
            path = save_baseline(state.storage, settings.save, device, timed)
            state.outputs.append(f"baseline {settings.save!r} saved to {path}")


class XdistController:
    """Merges the JSON parts workers send back in workeroutput."""

    def __init__(self, session: GpuPerfSession):
        self.session = session

    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        part = getattr(node, "workeroutput", {}).get("gpuperf")
        if part:
            self.session.merge_part(json.loads(part))


class ChildReporter:
    """In an isolated child run: collect this test's reports for the parent."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.reports: List[dict] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.reports.append(self.config.hook.pytest_report_to_serializable(config=self.config, report=report))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        part = session_of(self.config).to_part()
        write_child_output(Path(self.config.getoption("gpuperf_child_out")), self.reports, part)
