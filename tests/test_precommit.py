"""The pre-commit round trip: a bad kernel makes the hook fail with the finding; the fix makes it pass.

Both tests use this checkout's .pre-commit-hooks.yaml. The first runs offline: the hook definition
is copied into a `repo: local` hook that calls the installed kernel-lint. The second installs the
hook the way users do (`pre-commit try-repo`), which needs the package index for dependencies.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
HOOKS_FILE = REPO / ".pre-commit-hooks.yaml"
BAD = """\
__global__ void reduce(float *data) {
  __shared__ float buffer[256];
  buffer[threadIdx.x] = data[blockIdx.x * 256 + threadIdx.x];
  if (threadIdx.x < 128) {
    buffer[threadIdx.x] += buffer[threadIdx.x + 128];
    __syncthreads();
  }
  if (threadIdx.x == 0) data[blockIdx.x] = buffer[0];
}
"""
FIXED = BAD.replace("    __syncthreads();\n  }\n", "  }\n  __syncthreads();\n")
CONFIG = 'select = ["KL401"]\n'  # the divergent-barrier rule only: the test must not follow other rules' evolution
NETWORK_TROUBLE = ("Could not find a version", "No matching distribution", "NewConnectionError", "Temporary failure in name resolution", "Network is unreachable")

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def make_repository(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.email", "test@example.com")
    git(path, "config", "user.name", "test")
    git(path, "config", "commit.gpgsign", "false")
    return path


def environment(tmp_path: Path) -> dict:
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), NO_COLOR="1")
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("PRE_COMMIT_COLOR", None)
    return env


def pre_commit(cwd: Path, env: dict, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def hook_definition() -> dict:
    hooks = yaml.safe_load(HOOKS_FILE.read_text())
    return next(hook for hook in hooks if hook["id"] == "kernel-lint")


def test_hook_definition_matches_cuda_files():
    import re

    hook = hook_definition()
    assert hook["entry"] == "kernel-lint" and hook["language"] == "python"
    pattern = re.compile(hook["files"])
    assert [name for name in ("a.cu", "b.cuh", "c.cuda", "d.cpp", "e.cu.txt") if pattern.search(name)] == ["a.cu", "b.cuh", "c.cuda"]


def test_local_round_trip(tmp_path):
    """Offline: the hook definition from .pre-commit-hooks.yaml, run with the installed kernel-lint."""
    repository = make_repository(tmp_path / "project")
    hook = dict(hook_definition(), language="system")
    hook.pop("minimum_pre_commit_version")
    (repository / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [hook]}]}))
    (repository / "kernel-lint.toml").write_text(CONFIG)
    (repository / "reduce.cu").write_text(BAD)
    (repository / "notes.txt").write_text("__syncthreads() in prose is not CUDA\n")
    git(repository, "add", ".")
    env = environment(tmp_path)

    failing = pre_commit(repository, env, "run", "--all-files")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "reduce.cu:6:5: KL401 error" in failing.stdout and "notes.txt" not in failing.stdout

    (repository / "reduce.cu").write_text(FIXED)
    git(repository, "add", ".")
    passing = pre_commit(repository, env, "run", "--all-files")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "kernel-lint" in passing.stdout and "Passed" in passing.stdout


def snapshot_of_this_checkout(destination: Path) -> Path:
    """A committed copy of the working tree (tracked and new files), as try-repo installs from commits."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    make_repository(destination)
    git(destination, "add", ".")
    git(destination, "commit", "-q", "-m", "snapshot")
    return destination


@pytest.mark.skipif(not (REPO / ".git").exists(), reason="needs this checkout to be a git repository")
def test_try_repo_round_trip(tmp_path):
    """The way users install the hook: pre-commit builds a virtualenv from this repository."""
    hooks_repo = snapshot_of_this_checkout(tmp_path / "kernel-lint")
    repository = make_repository(tmp_path / "project")
    (repository / "kernel-lint.toml").write_text(CONFIG)
    (repository / "reduce.cu").write_text(BAD)
    git(repository, "add", ".")
    env = environment(tmp_path)
    args = ["try-repo", str(hooks_repo), "kernel-lint", "--files", "reduce.cu", "--verbose"]

    failing = pre_commit(repository, env, *args, timeout=600)
    output = failing.stdout + failing.stderr
    if failing.returncode != 1 and any(sign in output for sign in NETWORK_TROUBLE):
        pytest.skip("pre-commit could not install the hook's dependencies from the package index")
    assert failing.returncode == 1, output
    assert "reduce.cu:6:5: KL401 error" in output

    (repository / "reduce.cu").write_text(FIXED)
    passing = pre_commit(repository, env, *args, timeout=600)
    assert passing.returncode == 0, passing.stdout + passing.stderr
