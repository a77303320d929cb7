from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

import kernel_lint.frontend
from kernel_lint import __version__
from kernel_lint.cli import main
from kernel_lint.findings import SourceRange
from kernel_lint.model import Kernel, ParseProblem, TranslationUnit


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project folder as the current directory, with a config file marking its root."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "kernel-lint.toml").write_text('gpus = ["h100"]\n')
    return tmp_path


@pytest.fixture
def marked_frontend(monkeypatch):
    """A front end stand-in: `KL001!` on a line is a kernel that did not parse, `KL002!` a missing
    include, so the real engine (selection, severities) and everything after it run unchanged."""
    calls = []

    def build_unit(path, text, options):
        calls.append(path)
        unit = TranslationUnit(path=path, source=text)
        for number, line in enumerate(text.splitlines(), 1):
            for code in ("KL001", "KL002"):
                column = line.find(code + "!")
                if column >= 0:
                    where = SourceRange(path, number, column + 1, number, column + 7)
                    unit.problems.append(ParseProblem(code, f"{code} marker", where, kernel="k"))
        return unit

    monkeypatch.setattr(kernel_lint.frontend, "build_unit", build_unit)
    return calls


def run(capsys, *argv):
    code = main(["-j1", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path.relative_to(Path.cwd())) if path.is_absolute() else str(path)


# --- exit codes


def test_version_and_help(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"kernel-lint {__version__}\n"
    assert main(["--help"]) == 0
    help_text = capsys.readouterr().out
    assert "--format {text,json,sarif" in help_text and "Exit status: 0 clean, 1 findings" in help_text


def test_clean_findings_and_exit_zero(project, marked_frontend, capsys):
    clean = write(project / "clean.cu", "int x;\n")
    dirty = write(project / "dirty.cu", "int x; // KL001!\n")
    assert run(capsys, clean)[:2] == (0, "All checks passed! 1 file checked.\n")
    code, out, _ = run(capsys, dirty, "--no-cache")
    assert code == 1 and out.startswith("dirty.cu:1:11: KL001 warning: KL001 marker [kernel k]\n")
    assert run(capsys, dirty, "--exit-zero")[0] == 0
    assert run(capsys, dirty, "--fail-on", "error")[0] == 0


def test_fail_on_and_severity_from_config(project, marked_frontend, capsys):
    write(project / "kernel-lint.toml", 'fail-on = "error"\nseverity = { KL002 = "error" }\n')
    info = write(project / "a.cu", "KL002!\n")
    code, out, _ = run(capsys, info, "--format", "json")
    assert code == 1 and json.loads(out)["findings"][0]["severity"] == "error"
    assert run(capsys, info, "--fail-on", "info", "--ignore", "KL002")[0] == 0


def test_select_and_ignore(project, marked_frontend, capsys):
    both = write(project / "a.cu", "KL001!\nKL002!\n")
    codes = lambda out: [f["code"] for f in json.loads(out)["findings"]]  # noqa: E731
    assert codes(run(capsys, both, "--format", "json")[1]) == ["KL001", "KL002"]
    assert codes(run(capsys, both, "--format", "json", "--select", "KL002")[1]) == ["KL002"]
    assert codes(run(capsys, both, "--format", "json", "--ignore", "KL0")[1]) == []
    assert codes(run(capsys, both, "--format", "json", "--select", "KL002", "--extend-select", "KL001")[1]) == ["KL001", "KL002"]


def test_io_errors_exit_2_and_the_rest_is_checked(project, marked_frontend, capsys):
    good = write(project / "good.cu", "KL001!\n")
    (project / "bad.cu").write_bytes(b"\xff\xfe\x00\x00")
    code, out, err = run(capsys, good, "bad.cu", "missing.cu", "--format", "json")
    document = json.loads(out)
    assert code == 2
    assert [(f["path"], f["errors"]) for f in document["files"]] == [
        ("bad.cu", ["binary file (contains NUL bytes); not checked"]),
        ("good.cu", []),
        ("missing.cu", ["no such file or directory"]),
    ]
    assert [f["path"] for f in document["findings"]] == ["good.cu"]
    assert err == "bad.cu: error: binary file (contains NUL bytes); not checked\nmissing.cu: error: no such file or directory\n"


def test_undecodable_and_unreadable_files_exit_2_and_the_rest_is_checked(project, marked_frontend, capsys, monkeypatch):
    good = write(project / "good.cu", "KL001!\n")
    (project / "latin1.cu").write_bytes(b"// caf\xe9\nint x;\n")
    write(project / "secret.cu", "int x;\n")
    read_bytes = Path.read_bytes

    def denied_for_secret(path: Path) -> bytes:  # root reads every file, so chmod 000 cannot show this
        if path.name == "secret.cu":
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", denied_for_secret)
    code, out, err = run(capsys, ".", "--quiet", "--no-show-source")
    assert code == 2 and out == "good.cu:1:1: KL001 warning: KL001 marker [kernel k]\n"
    assert err == (
        "latin1.cu: error: not valid UTF-8 (byte 0xe9 on line 1); not checked\n"
        "secret.cu: error: cannot read: Permission denied\n"
    )
    assert marked_frontend == [good]


def test_a_folder_without_cuda_files_passes_with_a_warning(project, capsys):
    write(project / "docs" / "notes.txt", "not CUDA\n")
    assert run(capsys, "docs") == (
        0,
        "All checks passed! 0 files checked.\n",
        "kernel-lint: warning: no files to check in docs (extensions: .cu, .cuh, .cuda)\n",
    )


def test_an_empty_file_is_clean(project, capsys):
    empty = write(project / "empty.cu", "")
    assert run(capsys, empty, "--no-cache") == (0, "All checks passed! 1 file checked.\n", "")


def test_a_kernel_that_does_not_parse_is_a_finding_and_the_rest_is_checked(project, capsys):
    broken = write(project / "broken.cu", "__global__ void k(float *a) { a[threadIdx.x] = ; }\n")
    fine = write(project / "fine.cu", KERNELS)
    code, out, err = run(capsys, broken, fine, "--no-cache", "--format", "json")
    document = json.loads(out)
    assert (code, err) == (1, "")
    assert [(f["path"], f["kernels"]) for f in document["files"]] == [("broken.cu", []), ("fine.cu", ["scale", "shift"])]
    assert [(f["path"], f["code"], f["kernel"]) for f in document["findings"]] == [("broken.cu", "KL001", "k")]


def test_a_20000_line_file_is_checked(project, capsys):
    padding = "".join(f"// generated line {n}\n" for n in range(20_000))
    strided = "__global__ void copy(float *out, const float *in, int w) {\n  int r = threadIdx.x;\n  out[r * w] = in[r * w];\n}\n"
    big = write(project / "big.cu", padding + strided)
    code, out, err = run(capsys, big, "--no-cache", "--format", "json")
    findings = json.loads(out)["findings"]
    assert (code, err) == (1, "") and findings
    assert {(f["line"], f["kernel"]) for f in findings} == {(20_003, "copy")}


def test_a_missing_baseline_is_a_usage_error(project, marked_frontend, capsys):
    source = write(project / "a.cu", "KL001!\n")
    code, out, err = run(capsys, source, "--baseline", "missing.json")
    assert (code, out) == (2, "")
    assert err == "kernel-lint: error: missing.json: no such baseline file (create it with --write-baseline)\n"


def test_review_without_a_diff_names_the_diff_file_option(project, marked_frontend, capsys):
    source = write(project / "a.cu", "KL001!\n")
    code, out, err = run(capsys, source, "--format", "review")
    assert (code, out) == (2, "")
    assert err == "kernel-lint: error: --format review needs the changed lines: pass --diff-file FILE or --diff-base REF\n"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--format", "xml"], "invalid choice: 'xml'"),
        (["--format", "nonsense", "."], "invalid choice: 'nonsense'"),
        (["--jobs", "0", "."], "--jobs must be at least 1"),
        (["--jobs", "many", "."], "argument -j/--jobs: invalid int value: 'many'"),
        (["--gpu", ",", "."], "no target GPU"),
        (["--select", "BOGUS", "."], "'BOGUS' matches no rule code"),
        (["--block-size", "64x64", "."], "at most 1024 threads"),
        (["-D", "1X=2", "."], "is not NAME or NAME=VALUE"),
        (["--select", "KL99", "."], "command line: select = ['KL99']: 'KL99' matches no rule code"),
        (["--fail-on", "fatal", "."], "unknown severity 'fatal'"),
        (["--write-baseline", "."], "--write-baseline needs --baseline FILE"),
        (["--config", "nope.toml", "."], "nope.toml: no such configuration file"),
        (["--extend-extensions", "a/b", "."], "is not a file extension"),
    ],
)
def test_usage_errors_exit_2_with_one_line(project, capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and err.startswith("kernel-lint: error: ") and err.count("\n") == 1


def test_config_error_names_file_and_key(project, capsys):
    write(project / "kernel-lint.toml", "[occupancy]\nmin-occupncy = 0.5\n")
    code, _, err = run(capsys, ".")
    assert code == 2
    assert err == (
        f"kernel-lint: error: {project / 'kernel-lint.toml'} [occupancy]: unknown key 'min-occupncy'; "
        "did you mean 'min-occupancy'? (allowed: assumed-registers, min-occupancy)\n"
    )


def test_explicit_config_file(project, marked_frontend, capsys):
    write(project / "other.toml", 'ignore = ["KL001"]\n')
    source = write(project / "a.cu", "KL001!\n")
    assert run(capsys, source, "--config", "other.toml")[0] == 0


def test_unknown_gpu(project, capsys):
    code, _, err = run(capsys, ".", "--gpu", "h100", "--gpu", "voodoo5")
    assert code == 2 and err.startswith("kernel-lint: error: unknown GPU 'voodoo5'") and err.count("\n") == 1


@pytest.mark.parametrize(
    "table, message",
    [
        ('selct = ["KL1"]', "unknown key 'selct'; did you mean 'select'?"),
        ("select = 3", "select = 3: expected a list of strings"),
        ('fail-on = ["error"]', "fail-on = ['error']: expected one of: info, warning, error"),
        ("[tool.kernel-lint.occupancy]\nmin-occupancy = \"high\"", "occupancy.min-occupancy = 'high': expected a number"),
        ("gpus = []", "no target GPU"),
    ],
)
def test_broken_pyproject_table_exits_2_naming_the_problem(project, capsys, table, message):
    (project / "kernel-lint.toml").unlink()
    write(project / "pyproject.toml", f"[tool.kernel-lint]\n{table}\n")
    write(project / "a.cu", "int x;\n")
    code, out, err = run(capsys, "a.cu")
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1


def test_a_bug_is_one_line_and_exit_2_not_a_traceback(project, capsys, monkeypatch):
    import kernel_lint.runner

    def broken_discover(paths, settings, root):
        raise RuntimeError("boom")

    monkeypatch.setattr(kernel_lint.runner, "discover", broken_discover)
    code, _, err = run(capsys, ".")
    assert code == 2 and err.startswith("kernel-lint: error: internal error (RuntimeError: boom at test_cli.py:")
    assert err.count("\n") == 1


# --- formats and output


def test_output_file_and_sarif(project, marked_frontend, capsys):
    source = write(project / "src" / "a.cu", "KL001!\n")
    code, out, _ = run(capsys, source, "--format", "sarif", "-o", "report.sarif")
    document = json.loads((project / "report.sarif").read_text())
    assert code == 1 and out == ""
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "src/a.cu", "uriBaseId": "%SRCROOT%"}
    assert run(capsys, source, "-o", str(project / "no" / "dir" / "r.txt"))[0] == 2


def test_quiet_and_statistics(project, marked_frontend, capsys):
    source = write(project / "a.cu", "KL001!\nKL001!\nKL002!\n")
    assert run(capsys, source, "--statistics")[1] == "2\tKL001\t    unanalysed-kernel\n1\tKL002\t    missing-include\n"
    quiet = run(capsys, source, "--quiet", "--no-show-source")[1]
    assert quiet.splitlines() == [
        "a.cu:1:1: KL001 warning: KL001 marker [kernel k]",
        "a.cu:2:1: KL001 warning: KL001 marker [kernel k]",
        "a.cu:3:1: KL002 info: KL002 marker [kernel k]",
    ]


def test_colour_honours_force_color_and_no_color(project, marked_frontend, capsys, monkeypatch):
    source = write(project / "a.cu", "KL001!\n")
    assert "\x1b[" not in run(capsys, source)[1]  # not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run(capsys, source)[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run(capsys, source)[1]


# --- suppressions, baseline, fixes, cache


def test_baseline_reports_only_new_findings(project, marked_frontend, capsys):
    source = project / "a.cu"
    source.write_text("int a; // KL001!\nint b; // KL002!\n")
    code, _, err = run(capsys, "a.cu", "--baseline", "baseline.json", "--write-baseline")
    assert code == 0 and "wrote 2 finding(s)" in err
    assert run(capsys, "a.cu", "--baseline", "baseline.json")[:2] == (0, "All checks passed! 1 file checked (2 in the baseline).\n")
    source.write_text("// moved down\n\nint a;   // KL001!\nint b; // KL002!\nint c; // KL001!\n")
    code, out, _ = run(capsys, "a.cu", "--baseline", "baseline.json", "--format", "json")
    assert code == 1 and [(f["line"], f["code"]) for f in json.loads(out)["findings"]] == [(5, "KL001")]
    (project / "bad.json").write_text("[]")
    code, _, err = run(capsys, "a.cu", "--baseline", "bad.json")
    assert code == 2 and "not a kernel-lint baseline" in err


def test_fix_and_diff_remove_unused_suppressions(project, marked_frontend, capsys):
    original = "int a; // KL001!  // kernel-lint: ignore[KL001]\nint b;  // kernel-lint: ignore[KL002]\n"
    source = project / "a.cu"
    source.write_text(original)
    code, out, err = run(capsys, "a.cu", "--report-unused-suppressions", "--diff")
    assert code == 1 and source.read_text() == original
    assert "-int b;  // kernel-lint: ignore[KL002]\n+int b;\n" in out and "nothing written" in err
    code, out, _ = run(capsys, "a.cu", "--report-unused-suppressions", "--fix")
    assert source.read_text() == "int a; // KL001!  // kernel-lint: ignore[KL001]\nint b;\n"
    assert (code, out) == (0, "All checks passed! 1 file checked (1 suppressed, 1 fixed).\n")
    assert run(capsys, "a.cu", "--report-unused-suppressions", "--diff")[0] == 0


def test_cache_makes_reruns_skip_analysis(project, marked_frontend, capsys):
    source = write(project / "src" / "a.cu", "KL001!\n")
    first = run(capsys, "src")
    second = run(capsys, "src")
    assert first == second and marked_frontend == [source]
    assert (project / ".kernel-lint-cache" / "CACHEDIR.TAG").is_file()
    run(capsys, "src", "--no-cache")
    run(capsys, "src", "--block-size", "128")  # other settings: other cache entries
    assert len(marked_frontend) == 3


def test_parallel_jobs_keep_the_order(project, marked_frontend, capsys):
    for name in "dcba":
        write(project / f"{name}.cu", f"int {name}; // KL001!\n")
    serial = run(capsys, ".", "--no-cache", "--format", "json")
    parallel = main([".", "--no-cache", "--format", "json", "--jobs", "4"]), capsys.readouterr().out
    assert serial[:2] == parallel
    assert [f["path"] for f in json.loads(parallel[1])["files"]] == ["a.cu", "b.cu", "c.cu", "d.cu"]


# --- rules, explain, subcommands


def test_explain_and_rule_listing(capsys):
    from kernel_lint.registry import all_rules, rule_document

    assert main(["--explain", "KL008"]) == 0
    assert capsys.readouterr().out == rule_document("KL008")
    assert main(["rules", "unused-suppression"]) == 0
    assert capsys.readouterr().out == rule_document("KL008")
    assert main(["--explain", "KL0008"]) == 2
    assert "did you mean" in capsys.readouterr().err
    assert main(["--list-rules"]) == 0
    listed = capsys.readouterr().out
    assert main(["rules"]) == 0
    assert capsys.readouterr().out == listed
    assert [line.split()[0] for line in listed.splitlines()[1:]] == [r.code for r in all_rules()]
    assert main(["rules", "a", "b"]) == 2


def test_occupancy_subcommand_is_dispatched(monkeypatch):
    received = []
    fake = types.ModuleType("kernel_lint.occupancy_cli")
    fake.main = lambda argv: received.append(argv) or 7
    monkeypatch.setitem(sys.modules, "kernel_lint.occupancy_cli", fake)
    assert main(["occupancy", "--gpu", "h100", "--block", "256"]) == 7
    assert received == [["--gpu", "h100", "--block", "256"]]


# --- the real pipeline, as installed


KERNELS = """\
__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i];
}
__global__ void shift(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) out[i] = in[i + 1];
}
"""


def test_real_run_lists_analysed_kernels(project, capsys):
    source = write(project / "k.cu", KERNELS)
    code, out, _ = run(capsys, source, "--format", "json")
    document = json.loads(out)
    assert document["version"] == __version__
    assert document["files"] == [{"path": "k.cu", "kernels": ["scale", "shift"], "errors": []}]
    assert code == (1 if document["findings"] else 0)


@pytest.mark.parametrize("command", [[sys.executable, "-m", "kernel_lint"], ["kernel-lint"]])
def test_entry_points(command, tmp_path):
    result = subprocess.run([*command, "--version"], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert (result.returncode, result.stdout) == (0, f"kernel-lint {__version__}\n")


TILE_HEADER = """\
__global__ void transpose(const float* in, float* out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
"""


def test_a_fix_in_a_header_is_written_only_when_the_run_names_the_header(project, capsys):
    header = project / "tile.cuh"
    header.write_text(TILE_HEADER)
    write(project / "run.cu", '#include "tile.cuh"\nvoid run(const float* i, float* o) { transpose<<<1, dim3(32, 32)>>>(i, o); }\n')
    code, out, _ = run(capsys, "run.cu", "--select", "KL201", "--no-cache", "--fix")
    assert code == 1 and header.read_text() == TILE_HEADER
    assert "tile.cuh:5:" in out and "from the launch at run.cu:2" in out and "fixable" not in out
    code, out, _ = run(capsys, "run.cu", "tile.cuh", "--select", "KL201", "--no-cache", "--fix")
    assert "tile[32][33]" in header.read_text()
    assert (code, out) == (0, "All checks passed! 2 files checked (1 fixed).\n")
