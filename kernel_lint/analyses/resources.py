"""Registers and shared memory per kernel: from the source, or exactly from ptxas with --nvcc.

Without ptxas data the register count is an assumption (settings.thresholds.assumed_registers,
lowered to what __launch_bounds__ allows); every message built on it says so.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Mapping, Optional, Sequence, Tuple

from kernel_lint.model import Kernel, LaunchBounds, TranslationUnit

NVCC_TIMEOUT_S = 300
_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
_PROPERTIES = re.compile(r"Function properties for (\S+)")
_SPILLS = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")
_BARRIERS = re.compile(r"used (\d+) barriers")


@dataclass(frozen=True)
class PtxasKernel:
    """What ptxas reports for one entry function (one template instantiation)."""

    symbol: str
    name: str  # the kernel's unqualified name
    registers: int
    shared_bytes: int = 0
    stack_bytes: int = 0
    spill_store_bytes: int = 0
    spill_load_bytes: int = 0
    barriers: int = 0


@dataclass(frozen=True)
class PtxasReport:
    arch: str
    kernels: Tuple[PtxasKernel, ...] = ()
    error: Optional[str] = None  # why there is no data (nvcc missing or failing)

    def for_kernel(self, name: str) -> Tuple[PtxasKernel, ...]:
        return tuple(k for k in self.kernels if k.name == name)


def kernel_name_of_symbol(symbol: str) -> str:
    """The unqualified name in an Itanium-mangled symbol (_Z6kernelPf, _ZN2ns5innerEPf, _Z2tkIfEvPT_)."""
    match = re.match(r"_Z(N(?:[rVK])*)?", symbol)
    if not match:
        return symbol  # extern "C"
    rest = symbol[match.end():]
    name = symbol
    while True:
        part = re.match(r"(\d+)", rest)
        if not part:
            return name
        length = int(part.group(1))
        name = rest[part.end(): part.end() + length]
        rest = rest[part.end() + length:]
        if not match.group(1):  # not a nested name: one component only
            return name


def parse_ptxas_output(text: str) -> Tuple[PtxasKernel, ...]:
    kernels: Dict[str, dict] = {}
    current: Optional[str] = None
    for line in text.splitlines():
        entry = _ENTRY.search(line) or _PROPERTIES.search(line)
        if entry:
            current = entry.group(1)
            kernels.setdefault(current, {"symbol": current, "name": kernel_name_of_symbol(current), "registers": 0})
            continue
        if current is None:
            continue
        fields = kernels[current]
        spills = _SPILLS.search(line)
        if spills:
            fields.update(stack_bytes=int(spills.group(1)), spill_store_bytes=int(spills.group(2)),
                          spill_load_bytes=int(spills.group(3)))
        used = _USED.search(line)
        if used:
            fields["registers"] = int(used.group(1))
            smem = _SMEM.search(line)
            barriers = _BARRIERS.search(line)
            fields["shared_bytes"] = int(smem.group(1)) if smem else 0
            fields["barriers"] = int(barriers.group(1)) if barriers else 0
    return tuple(PtxasKernel(**fields) for fields in kernels.values())


def cache_dir() -> Path:
    """Where ptxas results are kept: the user cache dir, else .kernel-lint-cache/ here."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    for candidate in (Path(base) / "kernel-lint" / "ptxas", Path(".kernel-lint-cache") / "ptxas"):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
            if os.access(candidate, os.W_OK):
                return candidate
        except OSError:
            continue
    return Path(tempfile.gettempdir()) / "kernel-lint-ptxas"


def nvcc_command(nvcc: str, source_file: str, arch: str, include_dirs: Sequence[str],
                 defines: Mapping[str, str]) -> list:
    command = [nvcc, f"-arch={arch}", "--resource-usage", "-c", "-o", os.devnull, source_file]
    command += [f"-I{d}" for d in include_dirs]
    command += [f"-D{k}" if v == "" else f"-D{k}={v}" for k, v in sorted(defines.items())]
    return command


_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)


def project_headers(path: str, source: str, include_dirs: Sequence[str]) -> Tuple[str, ...]:
    """Headers the file includes, transitively, that exist in its folder or the include directories
    (a changed header must invalidate the cached ptxas result)."""
    found: Dict[str, None] = {}
    pending = [(path, source)]
    while pending:
        current, text = pending.pop()
        for name in _INCLUDE.findall(text):
            for folder in (os.path.dirname(current) or ".", *include_dirs):
                candidate = os.path.normpath(os.path.join(folder, name))
                if candidate not in found and os.path.isfile(candidate):
                    found[candidate] = None
                    pending.append((candidate, Path(candidate).read_text(encoding="utf-8", errors="replace")))
                    break
    return tuple(found)


def _cache_key(nvcc: str, source: str, arch: str, include_dirs: Sequence[str], defines: Mapping[str, str],
               headers: Sequence[str]) -> str:
    h = hashlib.sha256()
    stamp = os.stat(nvcc)
    for part in (nvcc, str(stamp.st_mtime_ns), source, arch, repr(list(include_dirs)), repr(sorted(defines.items()))):
        h.update(part.encode("utf-8", "surrogateescape") + b"\0")
    for header in headers:
        h.update(Path(header).read_bytes())
    return h.hexdigest()


def _first_error(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["no output"])[0]


def _compile(nvcc: str, path: str, source: str, arch: str, include_dirs: Sequence[str],
             defines: Mapping[str, str]) -> PtxasReport:
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.TemporaryDirectory(prefix="kernel-lint-") as scratch:
        copy = os.path.join(scratch, os.path.basename(path) if path.endswith(".cu") else "unit.cu")
        Path(copy).write_text(source, encoding="utf-8")
        command = nvcc_command(nvcc, copy, arch, [folder, *include_dirs], defines)
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=NVCC_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return PtxasReport(arch, error=f"nvcc took over {NVCC_TIMEOUT_S} s for {arch}")
        except OSError as error:
            return PtxasReport(arch, error=f"nvcc could not run: {error}")
    if done.returncode != 0:
        first = _first_error(done.stderr).replace(copy, path)
        return PtxasReport(arch, error=f"nvcc failed for {arch} (exit {done.returncode}): {first}")
    return PtxasReport(arch, kernels=parse_ptxas_output(done.stdout + done.stderr))


def ptxas_report(path: str, source: str, arch: str, include_dirs: Sequence[str] = (),
                 defines: Optional[Mapping[str, str]] = None, cache: Optional[Path] = None) -> PtxasReport:
    """ptxas's resource usage for every kernel of the file, cached by the content hash."""
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        return PtxasReport(arch, error="nvcc is not on PATH")
    defines = dict(defines or {})
    headers = project_headers(path, source, include_dirs)
    entry = (cache or cache_dir()) / f"{_cache_key(nvcc, source, arch, include_dirs, defines, headers)}.json"
    if entry.is_file():
        try:
            data = json.loads(entry.read_text())
            return PtxasReport(arch, kernels=tuple(PtxasKernel(**k) for k in data["kernels"]))
        except (ValueError, KeyError, TypeError):
            pass  # a damaged entry is recomputed
    report = _compile(nvcc, path, source, arch, include_dirs, defines)
    if report.error is None:
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            entry.write_text(json.dumps({"kernels": [asdict(k) for k in report.kernels]}))
        except OSError:
            pass  # an unwritable cache only costs the next run a compile
    return report


@dataclass(frozen=True)
class KernelResources:
    kernel: str
    registers: int
    registers_measured: bool  # True: from ptxas; False: assumed
    static_shared_bytes: Optional[int]  # None when a __shared__ array's size is unknown
    spill_store_bytes: int = 0
    spill_load_bytes: int = 0
    unavailable_reason: Optional[str] = None  # --nvcc was asked for but gave no data

    @property
    def assumption(self) -> str:
        """The words every message built on these numbers carries."""
        if self.registers_measured:
            return f"{self.registers} registers per thread from ptxas"
        why = f"; {self.unavailable_reason}" if self.unavailable_reason else "; run with --nvcc for ptxas's count"
        return f"registers assumed: {self.registers} per thread{why}"


def static_shared_bytes(kernel: Kernel) -> Optional[int]:
    sizes = [array.size_bytes for array in kernel.shared_arrays if not array.is_dynamic]
    if any(size is None for size in sizes):
        return None
    return sum(sizes)  # type: ignore[arg-type]


def launch_bounds_register_cap(bounds: Optional[LaunchBounds], registers_per_sm: int) -> Optional[int]:
    """The most registers per thread ptxas may use under __launch_bounds__(threads, min_blocks)."""
    if bounds is None or not bounds.max_threads_per_block:
        return None
    blocks = bounds.min_blocks_per_sm or 1
    warps = -(-bounds.max_threads_per_block // 32)
    per_thread = registers_per_sm // (warps * 32 * blocks)
    return min(255, per_thread - per_thread % 8) if per_thread >= 8 else per_thread


@lru_cache(maxsize=64)
def _remembered_report(path: str, source: str, arch: str, include_dirs: Tuple[str, ...],
                       defines: Tuple[Tuple[str, str], ...]) -> PtxasReport:
    """One compile per file and architecture in a run, however many kernels and rules ask."""
    return ptxas_report(path, source, arch, include_dirs, dict(defines))


def kernel_resources(unit: TranslationUnit, kernel: Kernel, gpu, settings) -> KernelResources:
    """Registers and shared memory of `kernel` on `gpu` (ptxas when settings.use_nvcc)."""
    report = (
        _remembered_report(unit.path, unit.source, gpu.sm_arch, tuple(settings.include_dirs),
                           tuple(sorted(settings.defines.items())))
        if settings.use_nvcc else None
    )
    measured = report.for_kernel(kernel.name) if report else ()
    static = static_shared_bytes(kernel)
    if measured:
        worst = max(measured, key=lambda k: (k.registers, k.shared_bytes))
        return KernelResources(
            kernel=kernel.name, registers=worst.registers, registers_measured=True,
            static_shared_bytes=max(k.shared_bytes for k in measured),
            spill_store_bytes=max(k.spill_store_bytes for k in measured),
            spill_load_bytes=max(k.spill_load_bytes for k in measured),
        )
    assumed = settings.thresholds.assumed_registers
    cap = launch_bounds_register_cap(kernel.launch_bounds, gpu.registers_per_sm)
    reason = None
    if report is not None:
        reason = report.error or f"ptxas reported no entry function named {kernel.name}"
    return KernelResources(
        kernel=kernel.name, registers=min(assumed, cap) if cap else assumed, registers_measured=False,
        static_shared_bytes=static, unavailable_reason=reason,
    )
