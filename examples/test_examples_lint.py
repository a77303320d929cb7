"""`kernel-lint examples/` with every rule: it exits 1, and only the slow steps carry warnings."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parent
# The steps that are slow on purpose; every other kernel must have no warning or error.
SLOW_STEPS = {"matmul_naive", "matmul_tiled", "reduce_interleaved_divergent", "reduce_interleaved_strided",
              "transpose_naive", "transpose_shared"}


def test_only_the_slow_steps_fail_the_lint():
    command = [sys.executable, "-m", "kernel_lint", "--format", "json", "--no-cache", str(EXAMPLES)]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    assert completed.returncode == 1, completed.stderr
    findings = json.loads(completed.stdout)["findings"]
    flagged = {f["kernel"] for f in findings if f["severity"] in ("warning", "error")}
    assert flagged == SLOW_STEPS, "\n".join(f"{f['code']} {f['kernel']}:{f['line']} {f['message']}" for f in findings)
