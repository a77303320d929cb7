"""How many __global__ kernels the front end analyses, over the .cu/.cuh files given.

    python3 benchmarks/frontend_coverage.py DIR_OR_FILE [...] [-I DIR] [--failures N]

Prints a table: files, kernels defined (counted on the raw text), kernels analysed, the rate, and the
causes of KL001 failures (the construct pycparser stopped at), most frequent first.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Sequence

_KERNEL_DEFINITION = re.compile(r"__global__[^;{}]*?\b([A-Za-z_]\w*)\s*\([^;{]*?\)\s*(?:const\s*)?\{", re.S)
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


@dataclass(frozen=True)
class Coverage:
    files: int
    defined: int
    analysed: int
    seconds: float
    causes: "collections.Counter[str]" = field(default_factory=collections.Counter)
    examples: Dict[str, str] = field(default_factory=dict)  # cause -> first path:line showing it

    @property
    def rate(self) -> float:
        return self.analysed / self.defined if self.defined else 1.0


def cuda_files(paths: List[str]) -> Iterator[str]:
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()  # a stable order, so the speed benchmark's sample file does not vary
                for name in sorted(names):
                    if name.endswith((".cu", ".cuh")):
                        yield os.path.join(root, name)
        else:
            yield path


def defined_kernels(text: str) -> int:
    return len(_KERNEL_DEFINITION.findall(_COMMENTS.sub(" ", text)))


def cause_of(message: str) -> str:
    m = re.search(r"near '([^']*)'", message)
    return f"near '{m.group(1)}'" if m else message.split(":")[0]


def measure(files: Sequence[str], include_dirs: Sequence[str] = ()) -> Coverage:
    """Build every file and count kernels defined (on the raw text) against kernels analysed."""
    from kernel_lint.frontend import FrontendOptions, build_unit

    defined = analysed = 0
    causes: collections.Counter = collections.Counter()
    examples: Dict[str, str] = {}
    started = time.perf_counter()
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        unit = build_unit(path, text, FrontendOptions(include_dirs=tuple(include_dirs)))
        defined += max(defined_kernels(text), len(unit.kernels))
        analysed += len(unit.kernels)
        for problem in unit.problems:
            if problem.code in ("KL000", "KL001"):
                cause = cause_of(problem.message)
                causes[cause] += 1
                examples.setdefault(cause, f"{problem.range.path}:{problem.range.line}")
    return Coverage(len(files), defined, analysed, time.perf_counter() - started, causes, examples)


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("-I", dest="include_dirs", action="append", default=[])
    ap.add_argument("--failures", type=int, default=15, help="how many failure causes to list")
    args = ap.parse_args(argv)
    files = list(cuda_files(args.paths))
    if not files:
        print("no .cu/.cuh files found under: " + ", ".join(args.paths), file=sys.stderr)
        return 2
    found = measure(files, args.include_dirs)
    print("| files | kernels defined | kernels analysed | rate | seconds |")
    print("|---:|---:|---:|---:|---:|")
    print(f"| {found.files} | {found.defined} | {found.analysed} | {100.0 * found.rate:.1f}% | {found.seconds:.2f} |")
    if found.causes:
        print()
        print("| failure cause | kernels | example |")
        print("|---|---:|---|")
        for cause, count in found.causes.most_common(args.failures):
            print(f"| {cause} | {count} | {found.examples[cause]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
