"""What a run imports decides how fast `kernel-lint one.cu` starts (benchmarks/cli_startup.py has
the times). Each case runs in a fresh interpreter and lists the modules it ended up with."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import List, Set

import pytest

CLEAN = "__global__ void scale(float *out, const float *in, int n) {\n  int i = threadIdx.x;\n  if (i < n) out[i] = in[i];\n}\n"
FRONT_END = ("pycparser", "kernel_lint.frontend.parse", "kernel_lint.model", "kernel_lint.analyses")
RULE_FAMILIES = tuple(f"kernel_lint.rules.{name}" for name in ("divergence", "barriers", "coalescing", "bank_conflicts", "launch", "resources"))
POOL = ("concurrent.futures.process", "multiprocessing")


def modules_after(argv: List[str], cwd: Path) -> Set[str]:
    """The modules loaded once `kernel-lint ARGV` returns (in a new interpreter, so nothing is preloaded)."""
    script = (
        "import json, sys\n"
        "from kernel_lint.cli import main\n"
        f"code = main({argv!r})\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.__stderr__)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=cwd, capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(result.stderr.splitlines()[-1]))


def loaded(modules: Set[str], prefixes: tuple) -> List[str]:
    return sorted(m for m in modules if m.startswith(prefixes))


@pytest.fixture
def cached_project(tmp_path: Path) -> Path:
    (tmp_path / "kernel-lint.toml").write_text('gpus = ["h100"]\n')
    (tmp_path / "clean.cu").write_text(CLEAN)
    modules_after(["clean.cu"], tmp_path)  # fills the cache
    return tmp_path


def test_version_loads_neither_configuration_nor_runner(tmp_path):
    modules = modules_after(["--version"], tmp_path)
    assert loaded(modules, ("kernel_lint.config", "kernel_lint.runner", "kernel_lint.registry", *FRONT_END)) == []


@pytest.mark.parametrize("output_format", ["text", "json", "github"])
def test_a_cache_hit_loads_no_front_end_no_rule_family_no_rich_and_no_pool(cached_project, output_format):
    modules = modules_after(["clean.cu", "--format", output_format], cached_project)
    assert loaded(modules, FRONT_END + RULE_FAMILIES + ("rich",) + POOL) == []


def test_several_cache_hits_start_no_process_pool(cached_project):
    (cached_project / "other.cu").write_text(CLEAN.replace("scale", "other"))
    modules_after(["other.cu"], cached_project)
    assert loaded(modules_after(["clean.cu", "other.cu", "--jobs", "4"], cached_project), POOL) == []


def test_one_file_starts_no_process_pool_whatever_jobs_says(tmp_path):
    (tmp_path / "clean.cu").write_text(CLEAN)
    assert loaded(modules_after(["clean.cu", "--no-cache", "--jobs", "8"], tmp_path), POOL) == []
