"""`kernel-lint occupancy`: NVIDIA's occupancy calculator on the command line.

    kernel-lint occupancy --gpu h100 --threads 128,256 --regs 32,64 --smem 0,48K [--format json]
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Iterable, List, Optional, Sequence, TextIO

from kernel_lint.analyses.occupancy import Occupancy, describe_limiters, occupancy
from kernel_lint.gpus import GpuSpec, UnknownGpuError, resolve_gpu

PROG = "kernel-lint occupancy"
BAR_WIDTH = 40
CHART_LIMIT = 3  # register/shared-memory combinations drawn as text charts


class InputError(ValueError):
    """Bad command-line input: reported as one line and exit status 2."""


def parse_int_list(text: str, option: str) -> List[int]:
    """"32,64" or "0,16K,48k" (K = 1024) -> [0, 16384, 49152]."""
    values = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        scale = 1024 if item[-1] in "kK" else 1
        digits = item[:-1] if scale > 1 else item
        if not digits.isdigit():
            raise InputError(f"{option}: {item!r} is not a whole number (use a comma-separated list like 128,256)")
        values.append(int(digits) * scale)
    if not values:
        raise InputError(f"{option} needs at least one value")
    return values


def validate(gpu: GpuSpec, threads: Sequence[int], regs: Sequence[int], smem: Sequence[int]) -> None:
    for t in threads:
        if not 1 <= t <= gpu.max_threads_per_block:
            raise InputError(f"--threads {t}: a block has 1 to {gpu.max_threads_per_block} threads on {gpu.name}")
    for r in regs:
        if r > gpu.max_registers_per_thread:
            raise InputError(f"--regs {r}: a thread has at most {gpu.max_registers_per_thread} registers on {gpu.name}")
    for s in smem:
        if s > gpu.shared_memory_per_block_optin:
            raise InputError(f"--smem {s}: a block may use at most {gpu.shared_memory_per_block_optin} bytes "
                             f"of shared memory on {gpu.name}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Occupancy for every combination of block size, registers per thread and shared memory per "
                    "block, as NVIDIA's occupancy calculator (cuda_occupancy.h) computes it.",
    )
    parser.add_argument("--gpu", default="h100", help="GPU name or alias (default: h100)")
    parser.add_argument("--threads", required=True, help="threads per block, comma-separated")
    parser.add_argument("--regs", required=True, help="registers per thread, comma-separated")
    parser.add_argument("--smem", default="0", help="shared memory bytes per block (static + dynamic), "
                                                    "comma-separated; K suffix = 1024 bytes (default: 0)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the calculator's three charts (needs matplotlib)")
    return parser


def compute_rows(gpu: GpuSpec, threads: Iterable[int], regs: Iterable[int], smem: Iterable[int]) -> List[Occupancy]:
    return [occupancy(gpu, t, r, s) for t in threads for r in regs for s in smem]


def render_table(gpu: GpuSpec, rows: Sequence[Occupancy], out: TextIO) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Occupancy on {gpu.name} (cc {gpu.compute_capability}, {gpu.max_warps_per_sm} warps per SM)")
    for header in ("threads", "regs", "smem", "blocks/SM", "warps/SM", "occupancy", "limited by"):
        table.add_column(header, justify="left" if header == "limited by" else "right")
    for row in rows:
        table.add_row(str(row.threads), str(row.registers), str(row.shared_bytes), str(row.active_blocks_per_sm),
                      str(row.active_warps_per_sm), f"{row.occupancy:.1%}", describe_limiters(row))
    Console(file=out, width=120).print(table)


def block_size_chart(gpu: GpuSpec, registers: int, shared_bytes: int, marked: Sequence[int]) -> List[str]:
    """Occupancy against block size as text bars, the requested block sizes marked."""
    lines = [f"occupancy vs threads per block ({registers} registers, {shared_bytes} bytes shared memory):"]
    for threads in range(gpu.warp_size, gpu.max_threads_per_block + 1, gpu.warp_size):
        value = occupancy(gpu, threads, registers, shared_bytes).occupancy
        bar = "#" * round(value * BAR_WIDTH)
        mark = "  <" if threads in marked else ""
        lines.append(f"{threads:5d} |{bar:<{BAR_WIDTH}}| {value:6.1%}{mark}")
    return lines


def render_text(gpu: GpuSpec, rows: Sequence[Occupancy], threads: Sequence[int], regs: Sequence[int],
                smem: Sequence[int], out: TextIO) -> None:
    render_table(gpu, rows, out)
    pairs = [(r, s) for r in regs for s in smem]
    for registers, shared_bytes in pairs[:CHART_LIMIT]:
        out.write("\n" + "\n".join(block_size_chart(gpu, registers, shared_bytes, threads)) + "\n")
    if len(pairs) > CHART_LIMIT:
        out.write(f"\n(charts drawn for the first {CHART_LIMIT} of {len(pairs)} register/shared-memory combinations)\n")


def plot(gpu: GpuSpec, threads: int, registers: int, shared_bytes: int, path: str) -> None:
    """NVIDIA's three calculator charts for one configuration, the configuration marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sweeps = (
        ("threads per block", list(range(gpu.warp_size, gpu.max_threads_per_block + 1, gpu.warp_size)), threads,
         lambda t: occupancy(gpu, t, registers, shared_bytes)),
        ("registers per thread", list(range(0, gpu.max_registers_per_thread + 1)), registers,
         lambda r: occupancy(gpu, threads, r, shared_bytes)),
        ("shared memory per block (bytes)", list(range(0, gpu.shared_memory_per_block_optin + 1, 512)), shared_bytes,
         lambda s: occupancy(gpu, threads, registers, s)),
    )
    figure, axes = plt.subplots(3, 1, figsize=(8, 11))
    for axis, (label, xs, current, compute) in zip(axes, sweeps):
        axis.step(xs, [compute(x).active_warps_per_sm for x in xs], where="post")
        axis.plot([current], [compute(current).active_warps_per_sm], "o", color="red", label="this configuration")
        axis.set_xlabel(label)
        axis.set_ylabel("active warps per SM")
        axis.set_ylim(0, gpu.max_warps_per_sm * 1.05)
        axis.legend(loc="upper right")
    figure.suptitle(f"{gpu.name}: {threads} threads, {registers} registers, {shared_bytes} bytes shared memory")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _error(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {message}\n")
    return 2


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        gpu = resolve_gpu(args.gpu)
        threads = parse_int_list(args.threads, "--threads")
        regs = parse_int_list(args.regs, "--regs")
        smem = parse_int_list(args.smem, "--smem")
        validate(gpu, threads, regs, smem)
    except (InputError, UnknownGpuError) as error:
        return _error(str(error))
    rows = compute_rows(gpu, threads, regs, smem)
    if args.format == "json":
        json.dump([row.to_json() for row in rows], out, indent=2)
        out.write("\n")
    else:
        render_text(gpu, rows, threads, regs, smem, out)
    if args.plot:
        try:
            plot(gpu, threads[0], regs[0], smem[0], args.plot)
        except ImportError:
            return _error("--plot needs matplotlib (pip install 'kernel-lint[plot]')")
        except OSError as error:
            return _error(f"cannot write {args.plot}: {error.strerror or error}")
    return 0
