"""--gpuperf-isolate: each GPU test runs in a fresh pytest subprocess with a timeout."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import List

import pytest

from pytest_gpuperf.options import forwarded_arguments
from pytest_gpuperf.session import GpuPerfSession


def child_command(item: pytest.Item, session: GpuPerfSession, out_file: Path) -> List[str]:
    config = item.config
    command = [sys.executable, "-m", "pytest", item.nodeid, "-p", "no:cacheprovider", "-q",
               "--rootdir", str(config.rootpath), f"--gpuperf-child-out={out_file}",
               f"--gpuperf-storage={session.storage}"]
    if config.inipath is not None:
        command += ["-c", str(config.inipath)]
    if config.pluginmanager.hasplugin("xdist"):
        command += ["-p", "no:xdist"]
    storage_flag = "--gpuperf-storage="
    return command + [a for a in forwarded_arguments(session.settings) if not a.startswith(storage_flag)]


def _failed_report(item: pytest.Item, message: str, duration: float) -> pytest.TestReport:
    now = time.time()
    return pytest.TestReport(item.nodeid, item.location, {k: 1 for k in item.keywords}, "failed",
                      message, "call", duration=duration, start=now - duration, stop=now)


def run_isolated(item: pytest.Item, session: GpuPerfSession) -> None:
    """Run one test in a child process and replay its reports here."""
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    with tempfile.TemporaryDirectory(prefix="gpuperf-isolate-") as scratch:
        out_file = Path(scratch) / "child.json"
        reports = _run_child(item, session, out_file)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)


def _run_child(item: pytest.Item, session: GpuPerfSession, out_file: Path) -> List[pytest.TestReport]:
    environment = dict(os.environ)
    environment.pop("GITHUB_STEP_SUMMARY", None)  # the parent writes the summary once
    started = time.time()
    child = subprocess.Popen(child_command(item, session, out_file), cwd=str(item.config.rootpath),
                             env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
    timeout = session.settings.timeout_s
    try:
        output, _ = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return [_failed_report(item, f"gpuperf: isolated test killed after {timeout:g} s "
                                     f"(--gpuperf-timeout); the kernel may hang", time.time() - started)]
    if not out_file.is_file():
        tail = output.decode(errors="replace")[-3000:]
        return [_failed_report(item, f"gpuperf: isolated test process exited with code {child.returncode} "
                                     f"without reporting (crash?). Output tail:\n{tail}", time.time() - started)]
    payload = json.loads(out_file.read_text(encoding="utf-8"))
    session.merge_part(payload["part"])
    config = item.config
    return [config.hook.pytest_report_from_serializable(config=config, data=data)
            for data in payload["reports"]]


def write_child_output(path: Path, reports: List[dict], part: dict) -> None:
    path.write_text(json.dumps({"reports": reports, "part": part}), encoding="utf-8")
