from __future__ import annotations

import os
from pathlib import Path

import pytest

from kernel_lint import runner
from kernel_lint.findings import Category, Finding, Severity, SourceRange
from kernel_lint.gpus import resolve_gpu
from kernel_lint.results import FileReport
from kernel_lint.runner import RunOptions, check_file, check_files, discover, is_excluded, read_source
from kernel_lint.settings import Settings

KERNEL = """\
__global__ void scale_{name}(float *out, const float *in, int n) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i];
}}
"""


def tree(root: Path) -> Path:
    files = {
        "src/a.cu": KERNEL.format(name="a"),
        "src/b.cuh": KERNEL.format(name="b"),
        "src/deep/c.cuda": KERNEL.format(name="c"),
        "src/notes.txt": "not CUDA",
        "src/d.cuinc": KERNEL.format(name="d"),
        "src/.hidden/e.cu": KERNEL.format(name="e"),
        "third_party/f.cu": KERNEL.format(name="f"),
        "build/gen/g.cu": KERNEL.format(name="g"),
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def relative(paths, root: Path):
    return [Path(p).relative_to(root).as_posix() for p in paths]


def test_walk_recurses_into_cuda_files_only(tmp_path):
    files, missing = discover([str(tree(tmp_path))], Settings(), str(tmp_path))
    assert relative(files, tmp_path) == ["build/gen/g.cu", "src/a.cu", "src/b.cuh", "src/deep/c.cuda", "third_party/f.cu"]
    assert missing == []


def test_extensions_excludes_and_explicit_files(tmp_path):
    tree(tmp_path)
    settings = Settings(extensions=(".cu", ".cuinc"), exclude=("third_party", "gen"))
    files, _ = discover([str(tmp_path), str(tmp_path / "src" / "notes.txt")], settings, str(tmp_path))
    assert relative(files, tmp_path) == ["src/a.cu", "src/d.cuinc", "src/notes.txt"]
    excluded_explicitly, _ = discover([str(tmp_path / "third_party" / "f.cu")], settings, str(tmp_path))
    assert excluded_explicitly == []


def test_missing_path(tmp_path):
    files, missing = discover([str(tmp_path / "nope.cu")], Settings(), str(tmp_path))
    assert files == [] and missing == [FileReport(str(tmp_path / "nope.cu"), errors=["no such file or directory"])]


@pytest.mark.parametrize(
    "path, patterns, excluded",
    [
        ("src/gen/a.cu", ("gen",), True),
        ("src/gen/a.cu", ("src/gen",), True),
        ("src/gen/a.cu", ("src/*.cu",), True),  # fnmatch's * crosses folders
        ("src/gen/a.cu", ("*.cuh",), False),
        ("src/general/a.cu", ("gen",), False),
        ("src/a.cu", ("a.cu",), True),
    ],
)
def test_exclude_globs(tmp_path, path, patterns, excluded):
    assert is_excluded(str(tmp_path / path), patterns, str(tmp_path)) is excluded


def test_unreadable_inputs(tmp_path):
    (tmp_path / "binary.cu").write_bytes(b"\x7fELF\x00\x01")
    (tmp_path / "latin1.cu").write_bytes(b"// caf\xe9\nint x;\n")
    assert read_source(str(tmp_path / "binary.cu"))[2] == "binary file (contains NUL bytes); not checked"
    assert read_source(str(tmp_path / "latin1.cu"))[2] == "not valid UTF-8 (byte 0xe9 on line 1); not checked"
    assert read_source(str(tmp_path))[2] == "is a directory"
    assert read_source(str(tmp_path / "gone.cu"))[2].startswith("cannot read: ")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a POSIX user that file permissions apply to")
def test_permission_denied(tmp_path):
    secret = tmp_path / "secret.cu"
    secret.write_text("int x;\n")
    secret.chmod(0)
    try:
        outcome = check_file(str(secret), Settings(), (), RunOptions())
    finally:
        secret.chmod(0o600)
    assert outcome.report.errors == ["cannot read: Permission denied"]


def test_real_pipeline_lists_the_analysed_kernels(tmp_path):
    path = tmp_path / "k.cu"
    path.write_text(KERNEL.format(name="x") + KERNEL.format(name="y"))
    outcome = check_file(str(path), Settings(), (), RunOptions())
    assert outcome.report.kernels == ["scale_x", "scale_y"]
    assert outcome.report.errors == []


def test_parallel_results_equal_serial_in_stable_order(tmp_path):
    files, _ = discover([str(tree(tmp_path))], Settings(), str(tmp_path))
    serial = check_files(files, Settings(), (), RunOptions(jobs=1))
    parallel = check_files(files, Settings(), (), RunOptions(jobs=3))
    assert [o.report for o in parallel] == [o.report for o in serial]
    assert [o.report.path for o in parallel] == files


def test_front_end_crash_is_an_internal_error_for_that_file(tmp_path, monkeypatch):
    import kernel_lint.frontend

    def explode(path, text, options):
        raise RecursionError("too deep")

    monkeypatch.setattr(kernel_lint.frontend, "build_unit", explode)
    path = tmp_path / "k.cu"
    path.write_text("int x;\n")
    report = check_file(str(path), Settings(), (), RunOptions()).report
    assert [(f.code, f.message.split(";")[0]) for f in report.findings] == [
        ("KL009", "internal error in the front end (RecursionError: too deep)")
    ]


def flag_every_line(calls):
    """An analysis stand-in: one KL001 per line that says FLAG, counting its calls."""

    def analyse(path, text, settings, gpus):
        calls.append(path)
        findings = [
            Finding("KL001", Category.PARSE, Severity.WARNING, SourceRange(path, n, 1, n, 5), "flagged")
            for n, line in enumerate(text.splitlines(), 1)
            if "FLAG" in line
        ]
        return FileReport(path, kernels=["k"], findings=findings)

    return analyse


def test_suppressions_and_unused_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "analyse", flag_every_line([]))
    path = tmp_path / "k.cu"
    path.write_text("FLAG // kernel-lint: ignore[KL001]\nFLAG\nx // kernel-lint: ignore[KL002]\n")
    plain = check_file(str(path), Settings(), (), RunOptions())
    assert ([f.range.line for f in plain.report.findings], plain.suppressed) == ([2], 1)
    assert plain.text == path.read_text()
    audited = check_file(str(path), Settings(), (), RunOptions(report_unused_suppressions=True))
    assert [(f.code, f.range.line) for f in audited.report.findings] == [("KL001", 2), ("KL008", 3)]
    quiet = check_file(str(path), Settings(ignore=("KL008",)), (), RunOptions(report_unused_suppressions=True))
    assert [f.code for f in quiet.report.findings] == ["KL001"]
    promoted = check_file(
        str(path), Settings(severity_overrides={"KL008": Severity.ERROR}), (), RunOptions(report_unused_suppressions=True)
    )
    assert promoted.report.findings[-1].severity is Severity.ERROR


def test_cache_skips_unchanged_files(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(runner, "analyse", flag_every_line(calls))
    path = tmp_path / "k.cu"
    path.write_text("FLAG\n")
    options = RunOptions(cache_dir=tmp_path / ".kernel-lint-cache")
    first = check_file(str(path), Settings(), (), options)
    second = check_file(str(path), Settings(), (), options)
    assert calls == [str(path)] and first == second
    path.write_text("FLAG\nFLAG\n")
    assert len(check_file(str(path), Settings(), (), options).report.findings) == 2
    check_file(str(path), Settings(gpus=("a100",)), (), options)
    assert len(calls) == 3


def test_only_files_that_need_analysis_go_to_the_pool_and_the_order_holds(tmp_path, monkeypatch):
    import concurrent.futures

    pooled = []

    class InlinePool:  # records what a real pool would have been given
        def __init__(self, jobs, initializer, initargs):
            initializer(*initargs)

        def __enter__(self):
            return self

        def __exit__(self, *exc_info):
            return False

        def map(self, function, paths, chunksize):
            pooled.extend(paths)
            return map(function, paths)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", InlinePool)
    monkeypatch.setattr(runner, "analyse", flag_every_line([]))
    paths = []
    for name in "abcd":
        (tmp_path / f"{name}.cu").write_text("FLAG\n")
        paths.append(str(tmp_path / f"{name}.cu"))
    (tmp_path / "e.cu").write_bytes(b"\x00binary")
    paths.append(str(tmp_path / "e.cu"))
    options = RunOptions(jobs=3, cache_dir=tmp_path / ".kernel-lint-cache")
    check_files(paths[1:3], Settings(), (), options)  # b and c become cache hits
    pooled.clear()
    outcomes = check_files(paths, Settings(), (), options)
    assert pooled == [paths[0], paths[3]]
    assert [o.report.path for o in outcomes] == paths
    assert [len(o.report.findings) for o in outcomes] == [1, 1, 1, 1, 0] and outcomes[4].report.errors
    check_files(paths, Settings(), (), options)
    assert pooled == [paths[0], paths[3]]  # everything cached now: no pool at all


GPUS = (resolve_gpu("h100"),)
HEADER_KERNEL = """\
__global__ void column(float* out, int n) {
  out[threadIdx.x * 1024] = 0;
  out[threadIdx.x * 2048] = 1;  // kernel-lint: ignore[KL101]
}
"""


def header_and_launcher(root: Path):
    (root / "column.cuh").write_text(HEADER_KERNEL)
    (root / "run.cu").write_text('#include "column.cuh"\nvoid run(float* o) { column<<<1, dim3(16, 8)>>>(o, 1); }\n')
    return [str(root / "column.cuh"), str(root / "run.cu")]


def test_a_header_kernel_launched_by_a_file_in_the_run_is_reported_once_with_that_launch(tmp_path):
    paths = header_and_launcher(tmp_path)
    outcomes = check_files(paths, Settings(select=("KL1",)), GPUS, RunOptions())
    assert outcomes[1].report.header_kernels == [(paths[0], "column")]
    findings = runner.run_findings(outcomes)
    # the header alone would assume the default block (256); run.cu launches it with (16, 8)
    assert [(f.range.path, f.range.line, "from the launch at run.cu:2" in f.message) for f in findings] == [
        (paths[0], 2, True)]
    alone = runner.run_findings(outcomes[:1])
    assert [(f.range.line, "default block size" in f.message) for f in alone] == [(2, True)]


def test_the_same_finding_from_two_files_is_kept_once(tmp_path):
    paths = header_and_launcher(tmp_path)
    twice = check_files([paths[1], paths[1]], Settings(select=("KL1",)), GPUS, RunOptions())
    assert len(runner.run_findings(twice)) == len(twice[0].report.findings) == 1


def test_a_comment_suppresses_only_findings_in_its_own_file(tmp_path, monkeypatch):
    # run.cu's line-3 comment must not hide the header's line 3, and the header's comment hides its own
    paths = header_and_launcher(tmp_path)
    (tmp_path / "run.cu").write_text((tmp_path / "run.cu").read_text() + "// kernel-lint: ignore[KL101]\n")
    outcome = check_file(paths[1], Settings(select=("KL1", "KL008")), GPUS, RunOptions(report_unused_suppressions=True))
    assert [(Path(f.range.path).name, f.range.line, f.code) for f in outcome.report.findings] == [
        ("column.cuh", 2, "KL101"), ("run.cu", 3, "KL008")]
    assert outcome.suppressed == 1
