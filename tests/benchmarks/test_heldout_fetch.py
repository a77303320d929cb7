"""benchmarks/heldout/fetch.py: third-party held-out files fetched by commit and checked by sha256."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "heldout" / "fetch.py"
spec = importlib.util.spec_from_file_location("heldout_fetch", SCRIPT)
fetch = importlib.util.module_from_spec(spec)
sys.modules["heldout_fetch"] = fetch
spec.loader.exec_module(fetch)

KERNEL = b"__global__ void k(float* a) { a[threadIdx.x] = 0; }\r\n"
HEADER = b"#pragma once\n"


def _manifest(tmp_path: Path, kernel_digest: str) -> Path:
    entry = {"path": "cuda-samples/Samples/k/k.cu", "split": "test4", "source_repo": "NVIDIA/cuda-samples",
             "commit": "a" * 40, "sha256": kernel_digest,
             "companions": [{"path": "cuda-samples/Common/h.h", "commit": "b" * 40,
                             "sha256": hashlib.sha256(HEADER).hexdigest()}]}
    committed = {"path": "hecbench/x/main.cu", "split": "test"}  # in the repository: not fetched
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps({"files": [committed, entry]}))
    return path


def test_missing_files_are_fetched_by_commit_byte_for_byte(tmp_path):
    urls = []
    served = {f"https://raw.githubusercontent.com/NVIDIA/cuda-samples/{'a' * 40}/Samples/k/k.cu": KERNEL,
              f"https://raw.githubusercontent.com/NVIDIA/cuda-samples/{'b' * 40}/Common/h.h": HEADER}
    manifest = _manifest(tmp_path, hashlib.sha256(KERNEL).hexdigest())
    assert fetch.fetch(manifest, lambda url: urls.append(url) or served[url]) == []
    assert (tmp_path / "cuda-samples/Samples/k/k.cu").read_bytes() == KERNEL  # CRLF kept
    assert (tmp_path / "cuda-samples/Common/h.h").read_bytes() == HEADER
    assert sorted(urls) == sorted(served)
    # present and intact: nothing is fetched again
    assert fetch.fetch(manifest, lambda url: 1 / 0) == []


def test_a_download_that_differs_or_fails_is_reported_and_not_written(tmp_path):
    manifest = _manifest(tmp_path, "0" * 64)

    def opener(url: str) -> bytes:
        if url.endswith("h.h"):
            raise OSError("network unreachable")
        return KERNEL

    problems = fetch.fetch(manifest, opener)
    assert len(problems) == 2
    assert "does not have the sha256 the manifest records" in problems[0]
    assert "could not fetch" in problems[1] and "network unreachable" in problems[1]
    assert not (tmp_path / "cuda-samples").exists()


def test_a_files_and_its_companions_source_paths_are_used_where_the_manifest_gives_them(tmp_path):
    # Rodinia's programs sit under cuda/ in their repository and under rodinia/ here
    entry = {"path": "rodinia/p/k.cu", "split": "test7", "source_repo": "JuliaParallel/rodinia",
             "source_path": "cuda/p/k.cu", "commit": "c" * 40, "sha256": hashlib.sha256(KERNEL).hexdigest(),
             "companions": [{"path": "rodinia/p/h.h", "source_path": "cuda/p/h.h", "commit": "d" * 40,
                             "sha256": hashlib.sha256(HEADER).hexdigest()}]}
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"files": [entry]}))
    served = {f"https://raw.githubusercontent.com/JuliaParallel/rodinia/{'c' * 40}/cuda/p/k.cu": KERNEL,
              f"https://raw.githubusercontent.com/JuliaParallel/rodinia/{'d' * 40}/cuda/p/h.h": HEADER}
    assert fetch.fetch(manifest, served.__getitem__) == []
    assert (tmp_path / "rodinia/p/h.h").read_bytes() == HEADER
