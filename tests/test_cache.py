from __future__ import annotations

from pathlib import Path

from kernel_lint.cache import ResultCache, header_dependencies
from kernel_lint.findings import Applicability, Category, Edit, Finding, Fix, Severity, SourceRange
from kernel_lint.results import FileReport

SOURCE = '#include "common.cuh"\n#include <vendor/lib.h>\n#include <cuda_runtime.h>\n__global__ void k() {}\n'


def report(path: str) -> FileReport:
    where = SourceRange(path, 4, 1, 4, 5)
    finding = Finding(
        "KL101",
        Category.COALESCING,
        Severity.WARNING,
        where,
        "message",
        kernel="k",
        gpu="h100",
        details={"sectors": 32, "ratio": 8.0},
        hint="do this",
        fix=Fix("pad", (Edit(where, "x"),), Applicability.UNSAFE),
    )
    return FileReport(path=path, kernels=["k", "h"], findings=[finding], header_kernels=[("src/common.cuh", "h")])


def project(tmp_path: Path) -> Path:
    (tmp_path / "include" / "vendor").mkdir(parents=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "common.cuh").write_text('#include "detail.cuh"\n')
    (tmp_path / "src" / "detail.cuh").write_text("// detail\n")
    (tmp_path / "include" / "vendor" / "lib.h").write_text("// lib\n")
    source = tmp_path / "src" / "k.cu"
    source.write_text(SOURCE)
    return source


def test_header_dependencies_are_found_transitively(tmp_path):
    source = project(tmp_path)
    headers = header_dependencies(str(source), SOURCE, [str(tmp_path / "include")])
    assert {Path(h).relative_to(tmp_path).as_posix(): digest is not None for h, digest in headers.items()} == {
        "include/cuda_runtime.h": False,  # probed, absent: creating it would change the result
        "include/vendor/lib.h": True,
        "src/common.cuh": True,
        "src/detail.cuh": True,
    }


def test_round_trip_and_cache_directory_markers(tmp_path):
    source = project(tmp_path)
    cache = ResultCache(tmp_path / ".kernel-lint-cache", "settings")
    data = source.read_bytes()
    assert cache.load(str(source), data) is None
    original = report(str(source))
    cache.store(original, data, SOURCE, [str(tmp_path / "include")])
    loaded = cache.load(str(source), data)
    assert loaded == original
    assert (tmp_path / ".kernel-lint-cache" / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    assert (tmp_path / ".kernel-lint-cache" / ".gitignore").read_text().endswith("*\n")


def test_invalidation(tmp_path):
    source = project(tmp_path)
    directory = tmp_path / ".kernel-lint-cache"
    data = source.read_bytes()
    ResultCache(directory, "settings").store(report(str(source)), data, SOURCE, [str(tmp_path / "include")])
    assert ResultCache(directory, "settings").load(str(source), data) is not None
    assert ResultCache(directory, "other settings").load(str(source), data) is None
    assert ResultCache(directory, "settings").load(str(source), data + b"\n") is None
    assert ResultCache(directory, "settings").load("elsewhere/k.cu", data) is None
    (tmp_path / "src" / "detail.cuh").write_text("// changed\n")  # an indirectly included header
    assert ResultCache(directory, "settings").load(str(source), data) is None


def test_a_header_that_appears_invalidates(tmp_path):
    source = project(tmp_path)
    directory = tmp_path / ".kernel-lint-cache"
    data = source.read_bytes()
    include = [str(tmp_path / "include")]
    ResultCache(directory, "settings").store(report(str(source)), data, SOURCE, include)
    (tmp_path / "include" / "cuda_runtime.h").write_text("// shadows the system header\n")
    assert ResultCache(directory, "settings").load(str(source), data) is None


def test_corrupt_entry_is_recomputed(tmp_path):
    source = project(tmp_path)
    directory = tmp_path / ".kernel-lint-cache"
    cache = ResultCache(directory, "settings")
    data = source.read_bytes()
    cache.store(report(str(source)), data, SOURCE, [])
    for entry in directory.glob("*/*.json"):
        entry.write_text("{not json")
    assert cache.load(str(source), data) is None


def test_unwritable_cache_costs_only_speed(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    cache = ResultCache(blocker / "cache", "settings")  # a folder inside a file cannot exist
    cache.store(report("k.cu"), b"", "", [])
    assert cache.load("k.cu", b"") is None
