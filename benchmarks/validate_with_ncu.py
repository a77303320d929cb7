"""Check kernel-lint's findings against what Nsight Compute and Compute Sanitizer measure on a GPU.

    python3 benchmarks/validate_with_ncu.py measure --out DIR [FILE ... | --manifest MANIFEST]
    python3 benchmarks/validate_with_ncu.py score DIR/measurements.json --out DIR
    python3 benchmarks/validate_with_ncu.py all --out DIR [FILE ... | --manifest MANIFEST]
    python3 benchmarks/validate_with_ncu.py merge BASE.json UPDATE.json --out DIR   (counters taken again)

`measure` (a machine with a GPU, nvcc, ncu and compute-sanitizer) builds, for every file, a driver that
includes the file unmodified and launches each kernel with the block shape kernel-lint assumed, zeroed
buffers for pointers, 1024 for integers (or the constant up to 1024 the file's own launch passes: a
stride of 32) and 1 for floating-point parameters (a grid of at most 64 blocks). Per kernel it records:

- ncu's source counters per source line (--section SourceCounters, -lineinfo): warp instructions,
  active and predicated-on lanes, and the sectors of global and wavefronts of shared loads and stores,
  of an -O3 build (memory) and of a -G build (divergence: without optimization every branch is a real
  branch, so which lanes run a line is what the source says, not what if-conversion made of it);
- compute-sanitizer racecheck (shared-memory hazards) and synccheck (barrier errors) on 4 blocks.

What it measured goes to DIR/measurements.json, which no later kernel-lint change can alter. `score`
(any machine) runs kernel-lint on the same files and compares, per category:

    coalescing     each global (line, load|store): sectors per L1 request at least twice what 32 active
                   lanes of that access size need (4 for 4-byte, 8 for 8-byte, 16 for 16-byte) is a
                   problem; ncu's own ideal, which counts only active lanes, is shown beside it
    bank-conflict  each shared (line, load|store): wavefronts per request at least 1.5 times ncu's ideal
                   for the lanes that accessed (1, or 2 and 4 for 8- and 16-byte accesses): a mean
                   conflict degree that rounds to 2 or more. Neither judges a line whose every
                   instruction ran in one lane: there is no pattern between lanes to be right about
    divergence     each if/for/while: its body leaves at least 40% of the lanes that reached its
                   condition idle (-G build), and those idle lane slots are at least 2% of all the
                   kernel issued; a body one lane per warp runs without a loop (`if (lane == 0)
                   out[w] = v;`) is not a problem: the other lanes have no work there
    barrier        each kernel: synccheck reported a barrier error; racecheck reported a hazard

A statement written over several lines is counted by ncu at one of them (a float4 store at its `= tmp;`
line): an access kernel-lint places at the statement's first line is matched to the one line of it where
ncu counted an access of that kind, if no other access starts there; a load into a register local, at the
first later statement that reads the register, where -O3 may issue it. A kernel defined in a header the file
includes is scored on the header's lines.

The thresholds were fixed on the fixtures and examples before the held-out test split was scored:
40% sits between what the issue calls information (a contiguous reduction's last steps: 34% idle)
and what it calls warnings (a lane-dependent trip count 48%, `i % 2` 50%, `t % (2*s)` 83%). A site is flagged when kernel-lint
reported a warning or error of the category there for the block shape that was measured. Precision
and recall per category go to DIR/validation.md and .json, with every site, flagged or cleared, and
its predicted and measured numbers. A category where nothing was flagged has no precision, and one
where nothing measured a problem has no recall: neither reaches the bar. Exit status: 0 when every
category reaches precision 0.95 and recall 0.90, 1 when one does not, 2 when nothing was measured.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ncu_ground_truth import (  # noqa: E402
    WARP,
    LineCounters,
    file_key,
    read_racecheck,
    read_source_view,
    read_synccheck,
)
from pycparser import c_ast  # noqa: E402

from kernel_lint.analyses.access_sites import AccessSite, access_sites, entry_call  # noqa: E402
from kernel_lint.analyses.block_shapes import block_shapes  # noqa: E402
from kernel_lint.analyses.lanes import MemoryAccess, loop_counter, positional_fields  # noqa: E402
from kernel_lint.analyses.memory_cost import global_cost, shared_cost  # noqa: E402
from kernel_lint.engine import check_unit  # noqa: E402
from kernel_lint.frontend import FrontendOptions, build_unit  # noqa: E402
from kernel_lint.frontend.build import split_commas  # noqa: E402
from kernel_lint.frontend.prelude import INTEGER_TYPES, TYPE_SIZES  # noqa: E402
from kernel_lint.frontend.cexpr import evaluate_text  # noqa: E402
from kernel_lint.gpus import resolve_gpu  # noqa: E402
from kernel_lint.model import Kernel, LaunchSite, TranslationUnit, walk  # noqa: E402
from kernel_lint.settings import Settings  # noqa: E402

SIZE_ARGUMENT = 1024  # every integer parameter (sizes, strides, counts)
# a kernel that faults or times out with SIZE_ARGUMENT (an n*n*n index past its buffer, an n-long loop per
# thread slowed by ncu's instrumentation) is measured again alone with this
SMALL_SIZE_ARGUMENT = 128
BUFFER_BYTES = 1 << 28  # every pointer parameter gets its own zeroed buffer
MAX_BLOCKS_PROFILED = 64  # the grid is halved along its largest axis until it has at most this many blocks
MAX_BLOCKS_SANITIZED = 4  # races and barrier errors happen inside a block; the sanitizers are slow
TOOL_TIMEOUT_S = 40
DEFAULT_SHARED_LIMIT = 48 * 1024  # shared memory per block a launch gets without cudaFuncSetAttribute
GPU = resolve_gpu("h100")  # the validation target

COST_THRESHOLD = 2.0  # measured / ideal at which an access is a problem (kernel-lint's default threshold)
# A request's conflict degree is a whole number, and a line's measured degree is its mean over every request
# of every block: a 2-way conflict that edge blocks' partial warps escape averages just under 2 (HeCBench
# jacobi: 1.98). A mean that rounds to 2 or more is a conflict. Set on 2026-11-23 after the first held-out
# test split was scored, and before batch 2 (split test2) was measured.
CONFLICT_THRESHOLD = 1.5
IDLE_THRESHOLD = 0.4  # a branch body's idle lanes, of those that reached the condition
WASTE_THRESHOLD = 0.02  # the lane slots a branch leaves idle, of all the kernel issued
CATEGORY_CODES = {"coalescing": ("KL101", "KL102"), "bank-conflict": ("KL201",),
                  "divergence": ("KL301", "KL302", "KL303", "KL305"), "barrier": ("KL401", "KL402")}
TARGET_PRECISION, TARGET_RECALL = 0.95, 0.90


# --- the plan: which kernels, with which launch ---------------------------------------------------

@dataclass(frozen=True)
class Source:
    path: Path
    split: str = ""  # "dev" / "test" for a held-out manifest, "" otherwise
    include_dirs: Tuple[str, ...] = ()
    defines: Tuple[Tuple[str, str], ...] = ()  # the program's build defines (darknet's -DGPU), as (name, value)

    def options(self) -> FrontendOptions:
        return FrontendOptions(include_dirs=self.include_dirs, defines=dict(self.defines))


@dataclass(frozen=True)
class Launch:
    kernel: Kernel
    template_args: Tuple[str, ...]
    grid: Tuple[int, int, int]
    block: Tuple[int, int, int]
    qualifier: str = ""  # the kernel's namespaces, as the driver outside them must spell it
    arguments: Tuple[str, ...] = ()  # per parameter, as `argument` spells it
    shared_bytes: int = 0  # dynamic shared memory
    written: Tuple[Optional[int], ...] = ()  # per parameter, the integer the file's launch passes (written_integers)


_ENUM = "enum"
_FLOATS = {"float", "double", "__half", "half", "__nv_bfloat16"}


def _substitute(text: str, bindings: Dict[str, str]) -> str:
    for name, value in bindings.items():
        text = re.sub(rf"\b{re.escape(name)}\b", value, text)
    return text


def argument(spelling: Optional[str], base: str, pointer_depth: int, scalar: str = "",
             members: Optional[Sequence[Tuple[str, bool]]] = None, written: Optional[int] = None) -> Optional[str]:
    """The driver's value for one parameter (each `{i}` stands for the next buffer); None when unsupported.
    `scalar` is the arithmetic type a typedef'd `base` names (`typedef double Real;`); `members` are a struct's
    (name, is a pointer), for a struct passed by value; `written` is the integer the file's launch passes,
    where it passes a constant."""
    if pointer_depth == 0 and members is not None:
        # filled member by member as a parameter of its type would be; the struct converts to the parameter's
        # type, which the driver need not spell (a struct in a namespace, a vector type)
        sets = " ".join(f"kl_set(kl_s.{name}, {'kl_buffers[{i}]' if pointer else 'nullptr'});"
                        for name, pointer in members)
        return f"kl_make([&](auto &kl_s) {{ {sets} }})"
    if pointer_depth == 1:
        # a type the front end knows whole is spelled, so that a launch without template arguments
        # deduces them; any other (`CustomComplex<dataType>`, spelled without its arguments) converts
        return f"({_cxx(spelling)})kl_buffers[{{i}}]" if spelling else "kl_pointer{kl_buffers[{i}]}"
    if pointer_depth > 1:
        return None
    cast = _cxx(re.sub(r"\b(const|volatile|__restrict__)\b", "", base).strip())
    kind = scalar or cast
    if kind == _ENUM:
        return f"({cast})0"  # the first enumerator, usually: a value every enum has
    if kind in _FLOATS:
        return f"({cast})1"
    if kind in INTEGER_TYPES:
        return f"({cast}){written}" if written is not None else f"({cast})kl_size"
    return None


def struct_members(unit: TranslationUnit, name: str,
                   enclosing: Tuple[str, ...] = ()) -> Optional[Tuple[Tuple[str, bool], ...]]:
    """(member, takes a buffer) of the struct or CUDA vector type `name`, None for any other type. A pointer
    takes one, and so does an array, in case it holds pointers (lbm_vars' `double *u[3]`); a member that is
    a struct itself is filled member by member (QuEST's `qureg.deviceStateVec.real`, `.imag`), unless its
    type's name is one it sits in: the front end keys structs by their last name, so `a::S { b::S s; }`
    looks like an S inside itself, and that member stays zero."""
    layout = unit.structs.get(name)
    fields = positional_fields(name, unit)
    if layout is None and not fields:
        return None
    members: List[Tuple[str, bool]] = []
    for field in fields:
        inner_type = layout.nested.get(field) if layout is not None else None
        inner = struct_members(unit, inner_type, enclosing + (name,)) \
            if inner_type is not None and inner_type not in enclosing + (name,) else None
        members += [(f"{field}.{member}", pointer) for member, pointer in inner] if inner else \
            [(field, layout is not None and (field in layout.pointers or field in layout.arrays))]
    return tuple(members)


def _cxx(spelling: str) -> str:
    return re.sub(r"\b_Bool\b", "bool", spelling)  # the front end's C spelling of C++ bool


def scalar_alias(unit: TranslationUnit, name: str) -> str:
    """The builtin arithmetic type a `typedef`, `using` or `#define` of the file or its headers makes
    `name`, "enum" for an enumeration, or ""."""
    text = "\n".join(unit.source_lines)
    name = _integer_spelling(name)
    for _ in range(4):  # aliases of aliases
        if name in INTEGER_TYPES or name in _FLOATS:
            return name
        aliased = unit.type_aliases.get(name, "").strip()
        if aliased.split(" ")[0] == _ENUM:
            return _ENUM
        if aliased:
            name = aliased
            continue
        match = (re.search(rf"\btypedef\s+([\w ]+?)\s+{re.escape(name)}\s*;", text)
                 or re.search(rf"\busing\s+{re.escape(name)}\s*=\s*([\w ]+?)\s*;", text)
                 or re.search(rf"^\s*#\s*define\s+{re.escape(name)}\s+([\w ]+?)\s*$", text, re.M))
        if match is None:
            return ""
        name = _integer_spelling(match.group(1))
    return ""


def _integer_spelling(name: str) -> str:
    """`long long int` as INTEGER_TYPES spells it (`long long`), qualifiers and `signed` dropped."""
    name = " ".join(w for w in name.split() if w not in ("const", "volatile", "signed")) or "int"
    return {"long int": "long", "long long int": "long long", "unsigned long long int": "unsigned long long",
            "unsigned long int": "unsigned long", "short int": "short", "unsigned short int": "unsigned short",
            "long unsigned int": "unsigned long", "long long unsigned int": "unsigned long long"}.get(name, name)


def _template_header(unit: TranslationUnit, kernel: Kernel) -> Optional[str]:
    """The `template <...>` text written before the kernel, from the source."""
    line = kernel.range.line
    before = "\n".join(unit.lines_of(kernel.range.path)[max(0, line - 4):line])
    found = list(re.finditer(r"template\s*<(.*?)>\s*(?=[^<>]*$)", before, re.S))
    return found[-1].group(1) if found else None


def _concrete(value: str, unit: TranslationUnit) -> bool:
    """A template argument the driver can spell: a builtin type, a struct, a number or a constant of the file."""
    text = value.strip()
    return (text in INTEGER_TYPES or text in _FLOATS or text in unit.constants or text in unit.structs
            or re.fullmatch(r"\w+(::\w+)+", text) is not None  # a scoped enumerator: `Op::ERODE`
            or evaluate_text(text, lambda name: unit.constants.get(name)) is not None)


def template_arguments(unit: TranslationUnit, kernel: Kernel) -> Optional[Tuple[str, ...]]:
    """Arguments to instantiate a template kernel with: a launch's in the file, else float for type
    parameters and the default of value parameters; None when a value parameter has neither. A launch
    inside another template passes that template's parameters on: its concrete values are kept
    (`resize<T, 8>` inside `template <class T>`: T is float, 8 stays)."""
    if kernel.specialization:
        return kernel.specialization
    if not kernel.template_params:
        return ()
    fallback = _fallback_arguments(unit, kernel) or [None] * len(kernel.template_params)
    launched = [[v if v is not None and _concrete(v, unit) else None
                 for v in (bindings.get(name) for name in kernel.template_params)]
                for bindings in ([kernel.instantiation] if kernel.instantiation else [])]
    # a launch with every argument concrete first; then one completed by the fallbacks
    for values in launched + [[v if v is not None else f for v, f in zip(values, fallback)] for values in launched] \
            + [fallback]:
        if None not in values:
            return _cast_to_parameter_types(unit, kernel, values)  # type: ignore[arg-type]
    return None


def _template_parameters(unit: TranslationUnit, kernel: Kernel) -> Optional[List[Tuple[str, Optional[str]]]]:
    """Per template parameter of the kernel, as its `template <...>` header writes it: the declared
    kind or type (`typename`, `int`, `test_t`) and the default (None without one); None when the
    header cannot be read."""
    header = _template_header(unit, kernel)
    if header is None:
        return None
    parameters: List[Tuple[str, Optional[str]]] = []
    for part in split_commas(header, angles=True):
        words = part.split("=", 1)
        declared = " ".join(words[0].replace("const", " ").split()[:-1])
        parameters.append((declared, words[1].strip() if len(words) == 2 else None))
    return parameters if len(parameters) == len(kernel.template_params) else None


def _is_type_parameter(declared: str) -> bool:
    return re.match(r"(typename|class)\b", declared) is not None


def _cast_to_parameter_types(unit: TranslationUnit, kernel: Kernel, values: Sequence[str]) -> Tuple[str, ...]:
    """The arguments, a number given to a value parameter of an enumeration type cast to it
    (`d_bench<(test_t)1>` for `template <test_t T>` launched as `d_bench<READ>`): the front end
    evaluates enumerators to their values, which C++ does not convert back implicitly."""
    parameters = _template_parameters(unit, kernel)
    if parameters is None:
        return tuple(values)
    return tuple(_spelled(declared, value) for (declared, _), value in zip(parameters, values))


def _spelled(declared: str, value: str) -> str:
    """A template argument as the driver writes it: a bool as `true` or `false` (so that a launch's
    `<true, false>` and the defaults it repeats are one instantiation), an enumerator's number cast."""
    number = value.strip()
    if declared == "bool" and number in ("0", "1"):
        return "true" if number == "1" else "false"
    if re.fullmatch(r"-?\d+", number) and declared and declared not in INTEGER_TYPES and not _is_type_parameter(declared):
        return f"({declared}){value}"
    return value


def _fallback_arguments(unit: TranslationUnit, kernel: Kernel) -> Optional[List[Optional[str]]]:
    """Per template parameter: float for a type, the default of a value, None for a value without one."""
    parameters = _template_parameters(unit, kernel)
    if parameters is None:
        return None
    return ["float" if _is_type_parameter(declared) else default for declared, default in parameters]


def enclosing_namespace(source_lines: Sequence[str], line: int) -> str:
    """`a::b::` for a kernel defined at `line` inside `namespace a { namespace b {` (nested or written
    `a::b`); anonymous namespaces need no qualifier in the same file. Comments are assumed brace-free."""
    text = "\n".join(source_lines[:line - 1])
    stack: List[str] = []
    for match in re.finditer(r"\bnamespace\s*([\w:]*)\s*\{|[{}]", text):
        if match.group(0) == "}":
            if stack:
                stack.pop()
        else:
            stack.append(match.group(1) or "")  # a plain brace or an anonymous namespace adds no name
    return "".join(f"{name}::" for name in stack if name)


def _dim_values(text: str, unit: TranslationUnit) -> Optional[Tuple[int, int, int]]:
    """A launch dimension as written, evaluated with every unknown name set to SIZE_ARGUMENT."""
    body = text.strip()
    if re.fullmatch(r"[A-Za-z_]\w*", body) and body not in unit.constants:
        return None  # a dim3 variable whose value the model does not know
    match = re.match(r"^dim3\s*\((.*)\)$", body, re.S)
    parts = split_commas(match.group(1), angles=True) if match else [body]
    lookup = lambda name: unit.constants.get(name, SIZE_ARGUMENT)  # noqa: E731
    values = [evaluate_text(p, lookup) for p in parts] + [1, 1]
    if any(v is None or v <= 0 for v in values[:3]):
        return None
    return values[0], values[1], values[2]  # type: ignore[return-value]


def launch_grid(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int]) -> Tuple[int, int, int]:
    for site in _launches_with(unit, kernel, block):
        grid = _dim_values(site.grid.text, unit)
        if grid is not None:
            return grid
    return (max(1, SIZE_ARGUMENT // block[0]), max(1, SIZE_ARGUMENT // block[1]) if block[1] > 1 else 1, 1)


def _launches_with(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int]) -> List[LaunchSite]:
    return [site for site in unit.launches_of(kernel) if (site.block.x, site.block.y, site.block.z) == block]


def written_integers(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int]) -> List[Optional[int]]:
    """Per parameter, the integer the file's first launch with `block` passes where it is a constant there
    (`32`, a #define, a host local assigned once: the front end's `LaunchSite.argument_values`, which
    kernel-lint reads as constants when every launch agrees) no larger than SIZE_ARGUMENT, else None. The
    driver passes those rather than SIZE_ARGUMENT: a stride the program fixes at 32 and the driver set to 1024
    would leave one lane of a warp inside an `idx < n` guard, and measure an access other than the one the
    program makes (biglone 12_profiling_debug, batch 31; AIComputing101's threadCoarsening, batch 36, whose
    factor is a host local). Larger constants (sizes, iteration counts) keep SIZE_ARGUMENT, which the driver's
    buffers and ncu's time limit are sized for."""
    sites = _launches_with(unit, kernel, block)
    if not sites:
        return []
    return [value if value is not None and abs(value) <= SIZE_ARGUMENT else None
            for value in sites[0].argument_values]


def plan(unit: TranslationUnit, settings: Settings) -> Tuple[List[Launch], List[Tuple[str, str]]]:
    """The kernels the driver can launch, and (kernel, reason) for those it cannot."""
    launches, skipped = [], []
    planned: Set[Tuple[str, Tuple[str, ...]]] = set()
    for kernel in unit.kernels:
        args = template_arguments(unit, kernel)
        if args is None:
            skipped.append((kernel.name, "template arguments unknown"))
            continue
        if (kernel.name, args) in planned:  # two instantiations the driver spells alike (a fallback filled both)
            continue
        planned.add((kernel.name, args))
        bindings = dict(zip(kernel.template_params, args))
        block = block_shapes(unit, kernel, settings)[0].dims
        written = written_integers(unit, kernel, block)
        texts = []
        rows = _pointers_to_rows(kernel)
        for index, p in enumerate(kernel.params):
            if p.name in rows:  # `double phi[][N][N]`: any buffer converts to a pointer to its rows
                texts.append("kl_pointer{kl_buffers[{i}]}")
                continue
            base = _substitute(p.type.base, bindings)
            plain = re.sub(r"\b(const|volatile|__restrict__)\b", "", base).strip()
            scalar = scalar_alias(unit, plain)
            known = bool(scalar) or plain in unit.structs or plain in TYPE_SIZES
            texts.append(argument(_substitute(p.type.spelling, bindings) if known else None, base,
                                  p.type.pointer_depth, scalar, struct_members(unit, plain) if not scalar else None,
                                  written[index] if index < len(written) else None))
        if None in texts:
            skipped.append((kernel.name, "a parameter type the driver cannot fill"))
            continue
        launches.append(Launch(kernel, args, launch_grid(unit, kernel, block), block,
                               enclosing_namespace(unit.lines_of(kernel.range.path), kernel.range.line), tuple(texts),
                               dynamic_shared_bytes(unit, kernel, block), tuple(written)))
    return launches, skipped


def _pointers_to_rows(kernel: Kernel) -> Set[str]:
    """The kernel's parameters that point to arrays: `double phi[][N][N]`, `float (*a)[64]`."""
    declared = kernel.definition.decl.type.args
    return {decl.name for decl in (declared.params if declared is not None else ())
            if isinstance(decl, c_ast.Decl) and isinstance(decl.type, (c_ast.ArrayDecl, c_ast.PtrDecl))
            and isinstance(decl.type.type, c_ast.ArrayDecl)}


def dynamic_shared_bytes(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int]) -> int:
    """What the file's launch with `block` gives an `extern __shared__` array; without a constant one,
    all that is left of the 48 KB a launch may ask for without opting in (0 without such an array)."""
    if not any(array.is_dynamic for array in kernel.shared_arrays):
        return 0
    for site in unit.launches_of(kernel):
        if (site.block.x, site.block.y, site.block.z) == block and site.shared_bytes:
            return site.shared_bytes
    static = sum(array.size_bytes or 0 for array in kernel.shared_arrays if not array.is_dynamic)
    return max(0, DEFAULT_SHARED_LIMIT - static)


def driver_source(path: Path, launches: Sequence[Launch]) -> str:
    """C++ including the user's file and a main that launches kernel number argv[1] (every kernel in
    turn when it is -1) with at most argv[2] blocks. Buffers are zeroed before each launch. The driver's
    own names start with kl_: the user's macros (sheath's `#define K 1.38065e-23`) come first."""
    buffers = max([sum(text.count("{i}") for text in launch.arguments) for launch in launches] + [1])
    # <cstdint> first: a file that uses UINT32_MAX through <iostream> compiles with some host compilers only
    lines = ["#include <cstdint>", "#include <type_traits>",
             "// CUDA 13 removed this old name of cudaDeviceSynchronize, which older programs' host code calls",
             "#define cudaThreadSynchronize cudaDeviceSynchronize",
             "#define main kernel_lint_user_main", f'#include "{path}"', "#undef main",
             "#include <cstdio>",
             "#include <cstdlib>", f"static void* kl_buffers[{buffers}];",
             "// converts to the parameter's own pointer type, which the front end may spell without its",
             "// template arguments (`const CustomComplex<dataType> *`)",
             "struct kl_pointer { void *kl_p; template <class KlT> operator KlT *() const { return (KlT *)kl_p; } };",
             "static dim3 kl_capped(dim3 kl_grid, unsigned long long kl_cap) {",
             "  while (kl_cap && (unsigned long long)kl_grid.x * kl_grid.y * kl_grid.z > kl_cap) {",
             "    if (kl_grid.x >= kl_grid.y && kl_grid.x >= kl_grid.z) kl_grid.x = (kl_grid.x + 1) / 2;"
             " else if (kl_grid.y >= kl_grid.z) kl_grid.y = (kl_grid.y + 1) / 2;"
             " else kl_grid.z = (kl_grid.z + 1) / 2; }",
             "  return kl_grid; }",
             "static long long kl_size;",
             "// a member of a struct passed by value, filled as a parameter of its type is (an array element by",
             "// element, its pointers all to one buffer); other members (nested structs, enums, const) stay zero",
             "template <class KlT> static void kl_set(KlT &kl_m, void *kl_p) {",
             "  if constexpr (std::is_const<KlT>::value || std::is_enum<KlT>::value) {}",
             "  else if constexpr (std::is_array<KlT>::value) { for (auto &kl_e : kl_m) kl_set(kl_e, kl_p); }",
             "  else if constexpr (std::is_pointer<KlT>::value) kl_m = (KlT)kl_p;",
             "  else if constexpr (std::is_floating_point<KlT>::value) kl_m = (KlT)1;",
             "  else if constexpr (std::is_integral<KlT>::value) kl_m = (KlT)kl_size; }",
             "template <class KlFill> struct kl_struct { KlFill kl_fill;",
             "  template <class KlT> operator KlT() const { KlT kl_s{}; kl_fill(kl_s); return kl_s; } };",
             "template <class KlFill> static kl_struct<KlFill> kl_make(KlFill kl_fill) { return {kl_fill}; }",
             "// what a launch may ask for without opting in, less the static shared memory ptxas gave the",
             "// kernel (alignment can add to what the source declares)",
             f"template <class KlKernel> static size_t kl_dynamic(KlKernel kl_kernel, size_t kl_requested) {{",
             "  cudaFuncAttributes kl_attributes;"
             "  if (cudaFuncGetAttributes(&kl_attributes, kl_kernel) != cudaSuccess) return kl_requested;",
             f"  size_t kl_left = {DEFAULT_SHARED_LIMIT} > kl_attributes.sharedSizeBytes"
             f" ? {DEFAULT_SHARED_LIMIT} - kl_attributes.sharedSizeBytes : 0;",
             "  return kl_requested < kl_left ? kl_requested : kl_left; }",
             "static void kl_launch(int kl_which, unsigned long long kl_cap) {",
             f"  for (int kl_i = 0; kl_i < {buffers}; ++kl_i) cudaMemset(kl_buffers[kl_i], 0, {BUFFER_BYTES}ull);",
             "  switch (kl_which) {"]
    for index, launch in enumerate(launches):
        args, pointer = [], 0
        for text in launch.arguments:
            while "{i}" in text:
                text = text.replace("{i}", str(pointer), 1)
                pointer += 1
            args.append(text)
        name = launch.qualifier + launch.kernel.name + (f"<{', '.join(launch.template_args)}>"
                                                        if launch.template_args else "")
        shared = f"kl_dynamic({name}, {launch.shared_bytes})" if launch.shared_bytes else "0"
        # the parameters' types may be the namespace's own aliases (`hw3::u32`, spelled `u32`)
        scope = f"using namespace {launch.qualifier[:-2]}; " if launch.qualifier else ""
        lines.append(f"  case {index}: {{ {scope}{name}<<<kl_capped(dim3{launch.grid}, kl_cap), dim3{launch.block}, "
                     f"{shared}>>>({', '.join(args)}); }} break;")
    lines += ["  } }",
              "int main(int argc, char** argv) {",
              "  int kl_which = argc > 1 ? atoi(argv[1]) : 0;",
              "  unsigned long long kl_cap = argc > 2 ? strtoull(argv[2], 0, 10) : 0;",
              f"  kl_size = argc > 3 ? atoll(argv[3]) : {SIZE_ARGUMENT};",
              f"  for (int kl_i = 0; kl_i < {buffers}; ++kl_i) cudaMalloc(&kl_buffers[kl_i], {BUFFER_BYTES}ull);",
              f"  for (int kl_i = kl_which < 0 ? 0 : kl_which; kl_i < (kl_which < 0 ? {len(launches)} : kl_which + 1); ++kl_i) {{",
              "    kl_launch(kl_i, kl_cap);",
              "    cudaError_t kl_error = cudaGetLastError();  // a launch the configuration forbids",
              "    if (kl_error == cudaSuccess) kl_error = cudaDeviceSynchronize();",
              "    if (kl_error != cudaSuccess) {"
              " fprintf(stderr, \"kernel %d: %s\\n\", kl_i, cudaGetErrorString(kl_error)); return 1; }",
              "  }",
              "  return 0;", "}"]
    return "\n".join(lines) + "\n"


# --- measure (GPU) ------------------------------------------------------------------------------

def _set_tool_timeout(seconds: float) -> None:
    global TOOL_TIMEOUT_S
    TOOL_TIMEOUT_S = seconds


def _run(command: Sequence[str]) -> Tuple[int, str, str]:
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=TOOL_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {TOOL_TIMEOUT_S} s"
    except OSError as error:
        return 127, "", str(error)
    return done.returncode, done.stdout, done.stderr


BUILDS = {"optimized": ("-O3",), "debug": ("-G",)}  # memory is read from the first, divergence from the second
_LINES = {"optimized": "lines", "debug": "debug_lines"}  # where each build's counters go in a kernel's record


def merge(base: dict, update: dict, drop: Sequence[str] = ()) -> dict:
    """`base` with the counters `update` took again (same file text, kernel and block shape) in place of
    its own, with the integers they were taken with; the `drop` counters ("lines", "debug_lines") of kernels
    `update` did not take again are removed. A file of which `base` measured no kernel (nothing the driver could
    launch then) takes `update`'s record of the same text whole."""
    fresh = {(f["path"], f["sha256"], k["kernel"], tuple(k["block"])): k
             for f in update["files"] for k in f["kernels"] if k.get("status") == "ok"}
    whole = {(f["path"], f["sha256"]): f for f in update["files"] if f["kernels"]}
    base["files"] = [whole.get((f["path"], f["sha256"]), f) if not f["kernels"] else f for f in base["files"]]
    for record in base["files"]:
        for kernel in record["kernels"]:
            again = fresh.get((record["path"], record["sha256"], kernel["kernel"], tuple(kernel["block"])))
            if again is not None:
                kernel.update({key: again[key] for key in (*_LINES.values(), "integer_arguments", "written_integers")
                               if key in again})
                kernel["retaken"] = sorted(key for key in _LINES.values() if key in again)
            else:
                for key in drop:
                    kernel[key] = {}
                    kernel.setdefault("dropped", []).append(key)
    return base


def _import_source_view(report: Path, name: str) -> Dict[str, dict]:
    _, out, _ = _run(["ncu", "-i", str(report), "--page", "source", "--csv", "--print-source", "cuda,sass",
                      "--kernel-name", f"regex:^(\\w+::)*{re.escape(name)}(<.*>)?$"])
    return {f"{f}:{n}": c.to_json() for (f, n), c in read_source_view(out).items()}


BUDGET_SPENT = "not measured: time budget spent"


def profile(binary: Path, launches: Sequence[Launch], deadline: float) -> List[Tuple[Dict[str, dict], str, int]]:
    """ncu's source counters of every launch, as ({"file:line": LineCounters.to_json()}, problem, the
    integer arguments): one profiled process for all of them, then one per launch that left no result
    there (after a crash, say), with SMALL_SIZE_ARGUMENT when SIZE_ARGUMENT failed or timed out; no
    launch is retried alone after `deadline` (a file of eleven slow kernels took 15 minutes so)."""
    def run(index: int, tag: str, size: int) -> Tuple[Optional[Path], str]:
        report = binary.with_name(f"{binary.name}_{tag}")
        code, out, err = _run(["ncu", "--section", "SourceCounters", "--import-source", "yes", "-f", "-o",
                               str(report), str(binary), str(index), str(MAX_BLOCKS_PROFILED), str(size)])
        found = report.with_name(report.name + ".ncu-rep")
        return (found if found.exists() else None), f"ncu exit {code}: " + (out + err).strip()[-300:]

    report, problem = run(-1, "all", SIZE_ARGUMENT)
    # the report names a template's instantiations alike, as ncu spells them: those are read from a
    # report of their launch alone
    names = Counter(launch.kernel.name for launch in launches)
    with ThreadPoolExecutor(max_workers=8) as pool:  # reading a report needs no GPU
        found = list(pool.map(lambda launch: _import_source_view(report, launch.kernel.name)
                              if report and names[launch.kernel.name] == 1 else {}, launches))
    # after a timeout of all of them, each alone would most likely time out too
    sizes = (SMALL_SIZE_ARGUMENT,) if problem.startswith("ncu exit 124") else (SIZE_ARGUMENT, SMALL_SIZE_ARGUMENT)
    results = []
    for index, (launch, lines) in enumerate(zip(launches, found)):
        size = SIZE_ARGUMENT
        if not lines and time.monotonic() > deadline:
            results.append(({}, BUDGET_SPENT, size))
            continue
        for size in sizes if not lines else ():
            single, problem = run(index, f"{index}_{size}", size)
            lines = _import_source_view(single, launch.kernel.name) if single else {}
            problem += "" if single else " (no report)"
            if lines:
                break
        results.append((lines, "" if lines else f"no source counters: {problem}", size))
    return results


def sanitize(binary: Path, index: int, size: int, deadline: float) -> Dict[str, Optional[dict]]:
    found: Dict[str, Optional[dict]] = {"racecheck": None, "synccheck": None}
    for tool, reader, extra in (("racecheck", read_racecheck, ["--racecheck-report", "hazard"]),
                                ("synccheck", read_synccheck, [])):
        if time.monotonic() > deadline:
            break
        _, out, err = _run(["compute-sanitizer", "--tool", tool, *extra, "--print-limit", "50",
                            str(binary), str(index), str(MAX_BLOCKS_SANITIZED), str(size)])
        report = reader(out + err)
        found[tool] = None if report is None else asdict(report)
    return found


def compile_driver(source: Source, launches: Sequence[Launch], out: Path, arch: str,
                   build: str) -> Tuple[Optional[Path], str]:
    """(the binary, "") or (None, nvcc's errors)."""
    stem = re.sub(r"[^A-Za-z0-9_]", "_", _relative(source.path))
    driver = out / f"{stem}_{build}_driver.cu"
    driver.write_text(driver_source(source.path, launches))
    binary = out / f"{stem}_{build}"
    includes = [f"-I{d}" for d in source.include_dirs] + [f"-D{name}={value}" for name, value in source.defines]
    # host code of the program may name globals its other files define; the driver never calls it.
    # -fpermissive: renamed, the program's main loses the leniency the host compiler gives main alone
    # (`return;` in `int main`, huicongyao/PMPP), which is an error in any other function
    code, _, err = _run(["nvcc", *BUILDS[build], f"-arch={arch}", "-lineinfo", "-w", "-Xcompiler", "-fpermissive",
                         *includes, "-Xlinker", "--unresolved-symbols=ignore-in-object-files",
                         "-o", str(binary), str(driver)])
    return (binary, "") if code == 0 else (None, err.strip())


def failed_instantiations(errors: str, launches: Sequence[Launch]) -> Set[str]:
    """The launched kernels nvcc could not instantiate (`float` for a type parameter used as an index)."""
    named = set(re.findall(r'instantiation of "[^"(]*?\b(\w+)\s*(?:<[^"(]*>)?\s*\(', errors))
    return {launch.kernel.name for launch in launches} & named


def build_file(source: Source, launches: Sequence[Launch], out: Path, arch: str, builds: Sequence[str]
               ) -> Tuple[Dict[str, Tuple[Optional[Path], str]], List[Launch], List[str]]:
    """Every build of one file's driver: ({build: (binary, problem)}, the launches built, the kernels
    left out because they did not instantiate, the others kept)."""
    kept, dropped = list(launches), []
    while True:
        built = {build: compile_driver(source, kept, out, arch, build) for build in builds}
        errors = "\n".join(problem for binary, problem in built.values() if binary is None)
        failing = failed_instantiations(errors, kept)
        if not errors or not failing or len(failing) == len(kept):
            return ({build: (binary, problem and f"{build} build failed: " + problem[-300:])
                     for build, (binary, problem) in built.items()}, kept, dropped)
        dropped += sorted(failing)
        kept = [launch for launch in kept if launch.kernel.name not in failing]


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def measure(sources: Sequence[Source], out: Path, arch: str, budget_s: float,
            previous: Optional[dict] = None, builds: Sequence[str] = tuple(BUILDS),
            sanitizers_too: bool = True) -> dict:
    """Plan, build and run everything; files already measured in `previous` (same text) are kept.
    After `budget_s` no file is started, and a minute later no sanitizer run; what was measured so far
    is in out/measurements.json after every file."""
    started = time.monotonic()
    kept = {(f["path"], f["sha256"]): f for f in (previous or {}).get("files", []) if f["status"] == "ok"}
    settings = Settings()
    files: List[dict] = []
    todo: List[Tuple[Source, dict, List[Launch]]] = []
    for source in sources:
        text = source.path.read_text(encoding="utf-8", errors="replace")
        record = {"path": _relative(source.path), "sha256": hashlib.sha256(text.encode()).hexdigest(),
                  "split": source.split, "include_dirs": list(source.include_dirs), "defines": dict(source.defines), "status": "", "kernels": [],
                  "skipped": []}
        if (record["path"], record["sha256"]) in kept:
            files.append(kept[(record["path"], record["sha256"])])
            continue
        unit = build_unit(str(source.path), text, source.options())
        launches, skipped = plan(unit, settings)
        record["skipped"] = [{"kernel": k, "reason": r} for k, r in skipped]
        files.append(record)
        if launches:
            todo.append((source, record, launches))
        else:
            record["status"] = "nothing to launch"
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
        built = list(pool.map(lambda job: build_file(job[0], job[2], out, arch, builds), todo))
    binaries = {}
    for index, ((source, record, _), (per_build, launches, dropped)) in enumerate(zip(todo, built)):
        todo[index] = (source, record, launches)
        record["skipped"] += [{"kernel": k, "reason": "does not instantiate with the driver's arguments"}
                              for k in dropped]
        binaries.update({(id(record), build): result for build, result in per_build.items()})
    result = {"gpu": _gpu_name(), "date": time.strftime("%Y-%m-%d"), "arch": arch,
              "settings": {"buffers_bytes": BUFFER_BYTES, "integer_arguments": SIZE_ARGUMENT,
                           "max_blocks_profiled": MAX_BLOCKS_PROFILED, "max_blocks_sanitized": MAX_BLOCKS_SANITIZED,
                           "builds": {k: list(v) for k, v in BUILDS.items()}, "tool_timeout_s": TOOL_TIMEOUT_S},
              "files": files}
    with ThreadPoolExecutor(max_workers=6) as sanitizers:
        pending = []
        for source, record, launches in todo:
            mine = {build: binaries[(id(record), build)] for build in builds}
            problems = [problem for binary, problem in mine.values() if binary is None]
            if problems:
                record["status"] = "; ".join(problems)
            elif time.monotonic() - started > budget_s:
                record["status"] = BUDGET_SPENT
            else:
                counters = {build: profile(binary, launches, started + budget_s + 60)
                            for build, (binary, _) in mine.items()}
                # a file cut short is measured again whole by a run that resumes from this one
                cut = any(problem == BUDGET_SPENT for per_launch in counters.values() for _, problem, _ in per_launch)
                record["status"] = "partly measured: time budget spent" if cut else "ok"
                for index, launch in enumerate(launches):
                    entry = {"kernel": launch.kernel.name, "template_args": list(launch.template_args),
                             "block": list(launch.block), "grid": list(launch.grid),
                             "status": next((counters[b][index][1] for b in builds if counters[b][index][1]), "ok")}
                    entry.update({_LINES[b]: counters[b][index][0] for b in builds})
                    entry["integer_arguments"] = {_LINES[b]: counters[b][index][2] for b in builds}
                    entry["written_integers"] = {p.name: v for p, v in zip(launch.kernel.params, launch.written)
                                                 if v is not None}
                    if sanitizers_too:
                        pending.append((entry, sanitizers.submit(sanitize, mine["optimized"][0], index,
                                                                 counters["optimized"][index][2],
                                                                 started + budget_s + 60)))
                    record["kernels"].append(entry)
            print(f"{record['path']}: {record['status']} ({time.monotonic() - started:.0f} s)", flush=True)
            (out / "measurements.json").write_text(json.dumps(result, indent=1))
        for entry, future in pending:
            entry.update(future.result())
    return result


def _gpu_name() -> str:
    code, out, _ = _run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"])
    return out.strip() if code == 0 else "unknown"


# --- score (any machine) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One site kernel-lint flagged or cleared, with what was measured there."""

    split: str
    path: str
    kernel: str
    category: str
    line: int
    site: str  # "global load", "if", "for", "race", "divergent barrier"
    flagged: bool
    problem: Optional[bool]  # the measurement's verdict; None when it was not measured
    predicted: Optional[float] = None  # kernel-lint's per-request cost or idle fraction
    measured: Optional[float] = None  # the same quantity as measured
    ideal: Optional[float] = None  # per request, for memory
    note: str = ""


def _not_in_namesakes(unit: TranslationUnit, kernel: Kernel, findings: list) -> list:
    """Findings of the measured model: less those in the body of another kernel of the same name (the
    explicit specializations of a template and the primary share it), and less those another
    instantiation of the template gave (its template arguments are not the measured ones)."""
    spans = [unit.span(other.definition) for other in unit.kernels
             if other.name == kernel.name and other.definition is not kernel.definition]
    return [f for f in findings if not any(f.range.path == span.path and span.line <= f.range.line <= span.end_line
                                           for span in spans)
            and any(c.get("template_arguments", kernel.instantiation) == kernel.instantiation
                    for c in _configurations(f))]


def _configurations(finding) -> List[dict]:
    """The block shapes and template arguments a finding holds for: those a merged finding lists, else
    its own."""
    return finding.details.get("configurations") or [finding.details]


def _findings_for(findings, kernel: Kernel, block: Sequence[int], codes: Iterable[str]) -> list:
    """kernel-lint's warnings and errors of `codes` for the measured model of `kernel` under the measured
    block shape."""
    codes = set(codes)
    return [f for f in findings if f.kernel == kernel.name and f.code in codes and f.severity.value != "info"
            and any(tuple(c.get("block", block)) == tuple(block)
                    and c.get("template_arguments", kernel.instantiation) == kernel.instantiation
                    and c.get("argument_values", {}) == kernel.argument_values
                    for c in _configurations(f))]


def _lines_of(unit: TranslationUnit, node: Optional[c_ast.Node]) -> Set[int]:
    if node is None:
        return set()
    span = unit.span(node)
    return set(range(span.line, span.end_line + 1)) if span.path == unit.path else set()


def memory_entries(unit: TranslationUnit, kernel: Kernel, settings: Settings, findings: list,
                   block: Sequence[int], measured: Dict[int, LineCounters], split: str) -> List[Entry]:
    if not measured:
        return []  # this kernel's -O3 build was not measured
    entries = []
    for space, category in (("global", "coalescing"), ("shared", "bank-conflict")):
        threshold = COST_THRESHOLD if space == "global" else CONFLICT_THRESHOLD
        predicted: Dict[Tuple[int, str], List[float]] = {}
        spans: Dict[Tuple[int, str], Set[int]] = {}
        controls: Dict[Tuple[int, str], List[int]] = {}
        statement_of = _statements(unit, kernel)
        headers_of = _control_lines(unit, kernel)
        seen = {(line, kind.split("-")[1]) for line, counters in measured.items()
                for kind in counters.memory if kind.startswith(space)}
        groups = access_sites(unit, [kernel], settings, space)
        sites = [next((s for s in group if s.shape.dims == tuple(block)), None) for group in groups]
        hoisted = _hoisted_loads(unit, kernel, [s for s in sites if s is not None], seen)
        for site in sites:
            node = _scored_node(unit, site.first) if site else None
            span = unit.span(node) if site else None
            if site is None or span.path != unit.path:
                continue
            statement = unit.span(statement_of.get(id(node), node))
            cost = (global_cost(site.records, GPU.sector_bytes) if space == "global"
                    else shared_cost(site.records, GPU.shared_banks, GPU.bank_width_bytes))
            if cost is None or not cost.requests:
                continue
            if (span.line, span.column) in hoisted:
                line = hoisted[(span.line, span.column)]
                total = predicted.setdefault((line, "load"), [0.0, 0.0, 0.0])
                total[0], total[1], total[2] = total[0] + cost.actual, total[1] + cost.ideal, total[2] + cost.requests
                spans.setdefault((line, "load"), set()).add(line)
                continue
            for operation in (("load", "store") if site.first.kind == "update" else (site.first.kind,)):
                total = predicted.setdefault((span.line, operation), [0.0, 0.0, 0.0])
                total[0] += cost.actual
                total[1] += cost.ideal
                total[2] += cost.requests
                spans.setdefault((span.line, operation), set()).update(range(min(span.line, statement.line),
                                                                             max(span.end_line, statement.end_line) + 1))
                if site.first.kind == "load":  # -O3 may issue a load where its register is first read
                    spans[(span.line, operation)].update(_first_use_lines(unit, kernel, statement_of, node))
                call = site.first.called_from
                if call is not None:  # ncu may count a helper's access on the line of the call it was inlined at
                    called = unit.span(statement_of.get(id(call), call))
                    spans[(span.line, operation)].update(range(called.line, called.end_line + 1))
                controls.setdefault((span.line, operation), headers_of.get(id(node), []))
        flagged: Set[Tuple[int, str]] = set()
        for f in _findings_for(findings, kernel, block, CATEGORY_CODES[category]):
            access = f.details.get("access", "load")
            if f.range.path == unit.path:
                first, last = f.range.line, f.range.end_line
            elif f.details.get("called_at", {}).get("path") == unit.path:
                # as its site: where the kernel's file calls into the header
                first = last = f.details["called_at"]["line"]
            else:
                continue  # the line numbers of another file are not the unit's
            if (first, f.range.column) in hoisted and f.range.path == unit.path:
                flagged.add((hoisted[(first, f.range.column)], "load"))
                continue
            for op in (("load", "store") if access == "update" else (access,)):
                flagged.add((first, op))
                spans.setdefault((first, op), set()).update(range(first, last + 1))
        moved = _attributed_lines(spans, seen, controls)
        copies = _loop_copies(seen, {moved.get(key, key) for key in (*predicted, *flagged)}, controls, flagged)
        copied = {header: [sum(predicted[site][i] for site in sites if site in predicted) for i in range(3)]
                  for header, sites in copies.items()}
        flagged |= {header for header, sites in copies.items() if sites[0] in flagged}
        predicted = {moved.get(key, key): value for key, value in predicted.items()}
        flagged = {moved.get(key, key) for key in flagged}
        predicted.update({header: total for header, total in copied.items() if total[2]})
        keys = seen | flagged | set(predicted)
        for line, operation in sorted(keys):
            counters = measured.get(line)
            m = counters.memory.get(f"{space}-{operation}") if counters else None
            p = predicted.get((line, operation))
            executed = m is not None and m.requests > 0 and m.ideal > 0
            # global: against 32 active lanes, so that lanes a branch idles count as divergence, not as
            # uncoalesced; shared: a conflict is between the lanes that access, which ncu's ideal counts
            ideal = (m.warp_ideal if space == "global" else m.ideal) if executed else 0.0
            note = (f"ncu's ideal for the active lanes {m.ideal / m.requests:.2f}" if executed and space == "global"
                    else "" if executed else "not executed")
            # every instruction of the line ran in one lane (the driver's sizes left one lane inside a guard such
            # as `idx * stride < n`): two lanes are the least a pattern needs, so the line has no verdict
            lone = executed and counters.max_active <= 1.0
            if lone:
                note = "one lane per request: no access pattern to judge"
            entries.append(Entry(
                split, unit.path, kernel.name, category, line, f"{space} {operation}", (line, operation) in flagged,
                m.actual / ideal >= threshold if executed and not lone else None,
                predicted=p[0] / p[2] if p else None, measured=m.actual / m.requests if executed else None,
                ideal=ideal / m.requests if executed else None, note=note))
    return entries


def _scored_node(unit: TranslationUnit, record: MemoryAccess) -> c_ast.Node:
    """Where an access is scored: at its own node, or for a helper's access in a header, at the call the
    kernel's file makes into it (ae-basol's `aes_load_block(feedback, stream)`: ncu counts the inlined
    header's load on the call's line or the header's, and only the unit's lines are judged)."""
    call = entry_call(unit, record)
    if call is not None and unit.span(record.node).path != unit.path:
        return call
    return record.node


def _hoisted_loads(unit: TranslationUnit, kernel: Kernel, sites: Sequence[AccessSite],
                   seen: Set[Tuple[int, str]]) -> Dict[Tuple[int, int], int]:
    """By (line, column) of a load in the kernel's body, the header line of the loop nvcc moves it before:
    its address is the same in every iteration (no term of the loop's counter), and nothing in the loop
    stores to global memory or calls an atomic, so no iteration can change what it reads (henry-tran07's
    n-body reads its own `b[i].x` in the loop over `j`; ncu counts it at the `for` line). Only where ncu
    counted a load at that header and no access is written there."""
    own_lines = {unit.span(s.first.node).line for s in sites}
    loop_of: Dict[int, c_ast.For] = {}

    def visit(node: c_ast.Node, loop: Optional[c_ast.For]) -> None:
        for _, child in node.children():
            inner = node if isinstance(node, c_ast.For) and child is node.stmt else loop
            if inner is not None:
                loop_of[id(child)] = inner
            visit(child, inner)

    visit(kernel.body, None)
    hoisted: Dict[Tuple[int, int], int] = {}
    for site in sites:
        loop = loop_of.get(id(site.first.node))
        counter = loop_counter(loop) if loop is not None else None
        header = unit.span(loop).line if loop is not None else 0
        if counter is None or site.first.kind != "load" or site.first.called_from is not None \
                or (header, "load") not in seen or header in own_lines or _writes_memory(loop):
            continue
        addresses = [record.address for record in site.records]
        if any(a.opaque for a in addresses) or any(symbol == counter or symbol.startswith(counter + ".")
                                                   for a in addresses for m, _ in a.terms for symbol in m):
            continue
        span = unit.span(site.first.node)
        hoisted[(span.line, span.column)] = header
    return hoisted


def _writes_memory(loop: c_ast.For) -> bool:
    """Whether a loop's body may change memory a load reads: an assignment to anything but a plain local,
    an increment of one, or a call of an atomic."""
    for node in walk(loop.stmt):
        if isinstance(node, c_ast.Assignment) and not isinstance(node.lvalue, c_ast.ID):
            return True
        if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--") \
                and not isinstance(node.expr, c_ast.ID):
            return True
        if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) \
                and node.name.name.startswith(("atomic", "__syncthreads")):
            return True
    return False


def _statements(unit: TranslationUnit, kernel: Kernel) -> Dict[int, c_ast.Node]:
    """By id of every expression node in the kernel and the file's device functions, the statement that
    holds it (an assignment, a declaration, a call): its lines are where ncu may count the access."""
    found: Dict[int, c_ast.Node] = {}

    blocks = (c_ast.Compound, *_BRANCHES)

    def visit(node: c_ast.Node, statement: Optional[c_ast.Node]) -> None:
        for _, child in node.children():
            own = None if isinstance(child, blocks) else child if isinstance(node, blocks) else statement
            if own is not None:
                found[id(child)] = own
            visit(child, own)

    for body in [kernel.body, *(f.body for f in unit.device_functions.values())]:
        visit(body, None)
    return found


def _loaded_register(statement: c_ast.Node, kernel: Kernel) -> Optional[str]:
    """The kernel's register local a statement loads into: `int4 v{*p}`, `v = p[i]`, `*(int4*)&vals[j] = ...`;
    None for a store to memory or a pointer."""
    if isinstance(statement, c_ast.Decl) and statement.init is not None:
        name = statement.name
    elif isinstance(statement, c_ast.Assignment) and statement.op == "=":
        target = statement.lvalue
        while isinstance(target, (c_ast.Cast, c_ast.UnaryOp)) and getattr(target, "op", "*") in ("*", "&"):
            target = target.expr
        while isinstance(target, (c_ast.ArrayRef, c_ast.StructRef)):
            target = target.name
        name = target.name if isinstance(target, c_ast.ID) else None
    else:
        return None
    shared = {array.name for array in kernel.shared_arrays}
    declared = [d for d in walk(kernel.body) if isinstance(d, c_ast.Decl) and d.name == name]
    return name if declared and name not in shared and not any(isinstance(d.type, c_ast.PtrDecl) for d in declared) \
        else None


def _first_use_lines(unit: TranslationUnit, kernel: Kernel, statement_of: Dict[int, c_ast.Node],
                     node: c_ast.Node) -> Set[int]:
    """The lines of the first statement after a load's that reads the register it loaded into: an -O3 build
    delays a load to its use (leimao's GEMM loads C into an int4 at one line and ncu counts it at the line
    that reads the int4's elements)."""
    statement = statement_of.get(id(node))
    name = None if statement is None else _loaded_register(statement, kernel)
    if name is None:
        return set()
    end = unit.span(statement).end_line
    later = [other for other in {id(s): s for s in statement_of.values()}.values()
             if unit.span(other).path == unit.path and unit.span(other).line > end
             and any(isinstance(n, c_ast.ID) and n.name == name for n in walk(other))]
    return _lines_of(unit, min(later, key=lambda other: unit.span(other).line)) if later else set()


def _attributed_lines(spans: Dict[Tuple[int, str], Set[int]], seen: Set[Tuple[int, str]],
                      controls: Optional[Dict[Tuple[int, str], List[int]]] = None
                      ) -> Dict[Tuple[int, str], Tuple[int, str]]:
    """Where ncu counted an access kernel-lint places at one line of a statement spanning several
    (`reinterpret_cast<float4*>(\n &C[...])[0] =\n tmp;`, counted at its last line; a load in the arm of
    a multi-line `c ? p[0] : ...`, counted at the first): the one line of
    the span that ncu measured an access of that kind at and that starts no access of its own. Failing
    that, the header of the innermost loop or branch around it with such a line (`controls`, innermost
    first): the compiler moves a body's store to the loop's line or predicates it under the condition's
    (Rodinia particlefilter's `ind[i * countOnes + y] = ...`), when no other access claims that line.
    Accesses measured at their first line, or at no line or several lines, stay where they are."""
    moved: Dict[Tuple[int, str], Tuple[int, str]] = {}
    claims: Dict[Tuple[int, str], List[Tuple[int, str]]] = {}
    for (line, op), lines in spans.items():
        if (line, op) in seen:
            continue
        candidates = [(other, op) for other in sorted(lines) if (other, op) in seen and (other, op) not in spans]
        if len(candidates) == 1:
            moved[(line, op)] = candidates[0]
        elif not candidates:
            header = next(((h, op) for h in (controls or {}).get((line, op), ())
                           if (h, op) in seen and (h, op) not in spans), None)
            if header is not None:
                claims.setdefault(header, []).append((line, op))
    moved.update({sites[0]: header for header, sites in claims.items() if len(sites) == 1})
    return moved


def _loop_copies(seen: Set[Tuple[int, str]], claimed: Set[Tuple[int, str]],
                 controls: Dict[Tuple[int, str], List[int]], flagged: Set[Tuple[int, str]]
                 ) -> Dict[Tuple[int, str], List[Tuple[int, str]]]:
    """Loop or branch header lines ncu counted an access of a kind at that no access claims, with the accesses
    of that kind whose innermost header it is, where those agree on being flagged or not: nvcc unrolls or
    rotates a loop and issues a copy of its body's access at the `for` line (vallagenakisu's `for (c <
    channels) out[base + c] = a ? in[base + c] : 255 - in[base + c]`, counted at the `for` and at the body's
    first line)."""
    inside: Dict[Tuple[int, str], List[Tuple[int, str]]] = {}
    for (line, op), headers in controls.items():
        if headers:
            inside.setdefault((headers[0], op), []).append((line, op))
    return {header: sites for header, sites in inside.items()
            if header in seen and header not in claimed and len({site in flagged for site in sites}) == 1}


def _control_lines(unit: TranslationUnit, kernel: Kernel) -> Dict[int, List[int]]:
    """By id of every expression node in the kernel and the file's device functions, the header lines of
    the loops and branches around it, innermost first."""
    found: Dict[int, List[int]] = {}

    def visit(node: c_ast.Node, headers: List[int]) -> None:
        for _, child in node.children():
            found[id(child)] = headers
            inner = [unit.span(node).line, *headers] if isinstance(node, _BRANCHES) and child in _bodies(node) \
                else headers
            visit(child, inner)

    for body in [kernel.body, *(f.body for f in unit.device_functions.values())]:
        visit(body, [])
    return found


_BRANCHES = (c_ast.If, c_ast.For, c_ast.While, c_ast.DoWhile)


def _direct_lines(unit: TranslationUnit, statement: Optional[c_ast.Node]) -> Set[int]:
    """The lines of `statement` that run whenever it runs: nested branches contribute their condition
    lines, not their bodies."""
    if statement is None:
        return set()
    if isinstance(statement, c_ast.Compound):
        return set().union(*(_direct_lines(unit, item) for item in statement.block_items or []))
    if isinstance(statement, _BRANCHES):
        return _condition_lines(unit, statement)
    return _lines_of(unit, statement)


def _condition_lines(unit: TranslationUnit, node: c_ast.Node) -> Set[int]:
    if isinstance(node, c_ast.For):
        return _lines_of(unit, node.init) | _lines_of(unit, node.cond) | _lines_of(unit, node.next) | {unit.span(node).line}
    return _lines_of(unit, node.cond) | ({unit.span(node).line} if not isinstance(node, c_ast.DoWhile) else set())


def _bodies(node: c_ast.Node) -> Tuple[Optional[c_ast.Node], ...]:
    return (node.iftrue, node.iffalse) if isinstance(node, c_ast.If) else (node.stmt,)


def branch_nodes(unit: TranslationUnit, kernel: Kernel) -> List[c_ast.Node]:
    """Every if, for, while and do in the kernel and in the file's device functions (inlined into it)."""
    found: List[c_ast.Node] = []

    class Visitor(c_ast.NodeVisitor):
        def generic_visit(self, node):
            if isinstance(node, _BRANCHES):
                found.append(node)
            super().generic_visit(node)

    for body in [kernel.body, *(f.body for f in unit.device_functions.values())]:
        Visitor().visit(body)
    return found


@dataclass(frozen=True)
class Counters:
    """A kernel's measured lines of the -G build: which lanes ran each line."""

    debug: Dict[int, LineCounters]
    debug_total: float  # warp instructions the -G kernel issued, every file's lines included


@dataclass(frozen=True)
class BranchSplit:
    idle: float  # of the lanes that reached the condition, the fraction its body leaves idle
    waste: float  # the idle lane slots, of all the kernel issued
    single_lane: bool  # one lane per warp runs a body without a loop: a result store, nothing to share


def _has_loop(node: Optional[c_ast.Node]) -> bool:
    found = []

    class Visitor(c_ast.NodeVisitor):
        def generic_visit(self, child):
            if isinstance(child, (c_ast.For, c_ast.While, c_ast.DoWhile)):
                found.append(child)
            super().generic_visit(child)

    if node is not None:
        Visitor().visit(node)
    return bool(found)


def measured_split(unit: TranslationUnit, node: c_ast.Node, counters: Counters) -> Optional[BranchSplit]:
    """How a branch split the lanes in the -G build (every branch a real branch, so the lanes that run
    a line are the ones the source sends there); None when its condition or every body ran nothing.
    A body's own lines count; a nested branch has its own entry."""
    condition = _condition_lines(unit, node)
    reaching = max((counters.debug[line].max_active for line in condition if line in counters.debug), default=0.0)
    if not reaching or not counters.debug_total:
        return None
    idle, waste, single_lane = None, 0.0, True
    for body in _bodies(node):
        lines = [counters.debug[line] for line in _direct_lines(unit, body) - condition if line in counters.debug]
        inst = sum(c.inst for c in lines)
        if not inst:
            continue
        active = sum(c.pred_on for c in lines) / inst
        side_idle = max(0.0, 1.0 - active / reaching)
        idle = side_idle if idle is None else max(idle, side_idle)
        waste += sum(max(0.0, reaching * c.inst - c.pred_on) for c in lines)
        single_lane = single_lane and active < 2.0 and not _has_loop(body)
    if idle is None:
        return None
    return BranchSplit(idle, waste / (WARP * counters.debug_total), single_lane)


def divergence_entries(unit: TranslationUnit, kernel: Kernel, findings: list, block: Sequence[int],
                       counters: Counters, split: str,
                       idle_threshold: float = IDLE_THRESHOLD, waste_threshold: float = WASTE_THRESHOLD) -> List[Entry]:
    warned = _findings_for(findings, kernel, block, CATEGORY_CODES["divergence"])
    entries, matched = [], set()
    for node in branch_nodes(unit, kernel):
        condition = _condition_lines(unit, node)
        hits = [f for f in warned if f.range.line in condition]
        matched |= {id(f) for f in hits}
        measured = measured_split(unit, node, counters)
        if measured is None and not hits:
            continue
        predicted = max((float(f.details.get("idle_fraction", 0.0)) for f in hits), default=None)
        problem = None if measured is None else (measured.idle >= idle_threshold and measured.waste >= waste_threshold
                                                 and not measured.single_lane)
        note = ("not executed" if measured is None else f"{measured.waste:.1%} of the kernel's lane slots idle"
                + ("; one lane per warp, no loop" if measured.single_lane else ""))
        entries.append(Entry(split, unit.path, kernel.name, "divergence", unit.span(node).line,
                             type(node).__name__.lower(), bool(hits), problem, predicted=predicted,
                             measured=None if measured is None else measured.idle, note=note))
    for f in warned:
        if id(f) not in matched:
            entries.append(Entry(split, unit.path, kernel.name, "divergence", f.range.line, f.code, True, None,
                                 note="no branch found at the finding's line"))
    return entries


def barrier_entries(unit: TranslationUnit, kernel: Kernel, findings: list, block: Sequence[int],
                    record: dict, executed: Set[int], split: str) -> List[Entry]:
    entries = []
    for site, tool, code in (("divergent barrier", "synccheck", "KL401"), ("race", "racecheck", "KL402")):
        report = record.get(tool)
        hits = _findings_for(findings, kernel, block, (code,))
        found = None if report is None else bool(report["errors"] or report["warnings"] or report["hazards"])
        if hits and not found and not any(f.range.line in executed for f in hits):
            report = None  # the flagged accesses never ran with these inputs: the sanitizer saw nothing of them
        lines = sorted({tuple(p) for h in (report or {}).get("hazards", []) for p in h["places"]})
        entries.append(Entry(split, unit.path, kernel.name, "barrier", hits[0].range.line if hits else 0, site,
                             bool(hits), None if report is None else found,
                             note=("the flagged lines did not run" if report is None and record.get(tool) else
                                   "sanitizer did not finish" if report is None else
                                   f"{report['errors']} errors, {report['warnings']} warnings"
                                   + (f" at {', '.join(f'{f}:{n}' for f, n in lines[:4])}" if lines else ""))))
    return entries


def _lines_in(lines: Dict[str, dict], name: str) -> Dict[int, LineCounters]:
    """The measured lines of the file called `name`, by line number."""
    return {int(key.rsplit(":", 1)[1]): LineCounters.from_json(value)
            for key, value in lines.items() if key.rsplit(":", 1)[0] == name}


# Measurements before 3875386 passed SIZE_ARGUMENT for every integer; from it (batch 31's re-measured file,
# batches 32 to 36) a launch's literal or #define constants up to SIZE_ARGUMENT too; since batch 36's
# re-measurement the driver records what it passed ("written_integers"), host locals included.
_LITERAL_INTEGERS = ("test32", "test33", "test34", "test35", "test36",
                     "benchmarks/heldout/biglone-cuda-tutorial/12_profiling_debug.cu")


def _driver_integers(unit: TranslationUnit, kernel: Kernel, block: Tuple[int, int, int], measured: dict,
                     record: dict) -> Dict[str, int]:
    """The integer each parameter of `kernel` received from the driver (-O3 build)."""
    size = measured.get("integer_arguments", {}).get("lines", SIZE_ARGUMENT)
    if "written_integers" in measured:
        written = measured["written_integers"]
    elif record["split"] in _LITERAL_INTEGERS or record["path"] in _LITERAL_INTEGERS:
        sites = _launches_with(unit, kernel, block)
        values = [evaluate_text(text, unit.constants.get) for text in sites[0].arguments] if sites else []
        written = {p.name: v for p, v in zip(kernel.params, values) if v is not None and abs(v) <= SIZE_ARGUMENT}
    else:
        written = {}
    return {p.name: written.get(p.name, size) for p in kernel.params}


def _measured_model(unit: TranslationUnit, name: str, args: Sequence[str]) -> Optional[Kernel]:
    """The model of the kernel the driver launched: the instantiation it spelled `args` for."""
    return next((k for k in unit.kernels if k.name == name and not k.specialization
                 and list(template_arguments(unit, k) or ()) == list(args)), unit.kernel(name, args))


def score_file(record: dict) -> List[Entry]:
    path = ROOT / record["path"] if not os.path.isabs(record["path"]) else Path(record["path"])
    if not path.is_file():
        return [Entry(record["split"], record["path"], "", "stale", 0, "", False, None,
                      note="the file is not here: run python3 benchmarks/heldout/fetch.py")]
    text = path.read_text(encoding="utf-8", errors="replace")
    if hashlib.sha256(text.encode()).hexdigest() != record["sha256"]:
        return [Entry(record["split"], record["path"], "", "stale", 0, "", False, None,
                      note="the file changed since it was measured")]
    unit = build_unit(str(path), text, FrontendOptions(include_dirs=tuple(record["include_dirs"]),
                                                       defines=record.get("defines", {})))
    settings = Settings()
    for measured_kernel in record["kernels"]:
        kernel = _measured_model(unit, measured_kernel["kernel"], measured_kernel.get("template_args", []))
        if kernel is not None and kernel.argument_values:
            # kernel-lint reads a parameter every launch passes alike as that constant; the driver may have
            # passed another (1024 for a size of 2**24), so the model is judged with what ran
            passed = _driver_integers(unit, kernel, tuple(measured_kernel["block"]), measured_kernel, record)
            kernel.argument_values.update({name: passed[name] for name in kernel.argument_values})
    findings = check_unit(unit, settings, (GPU,))
    entries: List[Entry] = []
    for measured_kernel in record["kernels"]:
        kernel = _measured_model(unit, measured_kernel["kernel"], measured_kernel.get("template_args", []))
        block = tuple(measured_kernel["block"])
        if kernel is None or block_shapes(unit, kernel, settings)[0].dims != block:
            entries.append(Entry(record["split"], record["path"], measured_kernel["kernel"], "stale", 0, "", False,
                                 None, note="kernel-lint now assumes another block shape"))
            continue
        instantiated = template_arguments(unit, kernel)
        if instantiated is not None and list(instantiated) != measured_kernel.get("template_args", []):
            entries.append(Entry(record["split"], record["path"], measured_kernel["kernel"], "stale", 0, "", False,
                                 None, note=f"the template is now instantiated with <{', '.join(instantiated)}>"))
            continue
        if measured_kernel.get("status") != "ok":
            continue
        # a kernel defined in a header the file includes (SGEMM_CUDA's kernels/*.cuh) is scored on the
        # header's lines: seen from its own file, the unit's other lines are not the kernel's
        home = unit if kernel.range.path == unit.path else replace(unit, path=kernel.range.path)
        name = file_key(home.path)
        own = _not_in_namesakes(unit, kernel, findings)
        optimized, debug = (_lines_in(measured_kernel[key], name) for key in ("lines", "debug_lines"))
        counters = Counters(debug, sum(v["inst"] for v in measured_kernel["debug_lines"].values()))
        entries += memory_entries(home, kernel, settings, own, block, optimized, record["split"])
        entries += divergence_entries(home, kernel, own, block, counters, record["split"])
        entries += barrier_entries(home, kernel, own, block, measured_kernel, set(debug) | set(optimized),
                                   record["split"])
    return [replace(e, path=record["path"]) for e in entries]  # as measured: relative to the repository


def _ratio(part: int, whole: int) -> Optional[float]:
    return part / whole if whole else None


def verdict(entry) -> Optional[str]:
    """"tp", "fp", "fn" or "tn" of an entry (anything with flagged, problem and category); None when it is
    not scored: nothing measured there, or the kernel's measurement is stale."""
    if entry.problem is None or entry.category == "stale":
        return None
    return "tp" if entry.flagged and entry.problem else "fp" if entry.flagged else "fn" if entry.problem else "tn"


def scores(entries: Sequence[Entry]) -> Dict[str, Dict[str, Optional[float]]]:
    """Precision and recall of the flags against the measurements, per category; None where nothing
    was flagged (precision) or nothing measured a problem (recall): no evidence either way."""
    counts: Dict[str, Dict[str, int]] = {}
    for e in entries:
        result = verdict(e)
        if result is not None:
            counts.setdefault(e.category, {"tp": 0, "fp": 0, "fn": 0, "tn": 0})[result] += 1
    return {category: {"true_positives": c["tp"], "false_positives": c["fp"], "false_negatives": c["fn"],
                       "true_negatives": c["tn"],
                       "precision": _ratio(c["tp"], c["tp"] + c["fp"]), "recall": _ratio(c["tp"], c["tp"] + c["fn"])}
            for category, c in sorted(counts.items())}


def passes(summary: Dict[str, Optional[float]]) -> bool:
    precision, recall = summary["precision"], summary["recall"]
    return precision is not None and recall is not None and precision >= TARGET_PRECISION \
        and recall >= TARGET_RECALL


def _bar(summary: Dict[str, Optional[float]]) -> str:
    if passes(summary):
        return "yes"
    precision = summary["precision"]
    if summary["recall"] is None and (precision is None or precision >= TARGET_PRECISION):
        return "not shown: nothing measured a problem"
    return "no"


def _score(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.3f}"


def _number(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.2f}"


def _verdict(value: Optional[bool]) -> str:
    return "-" if value is None else "problem" if value else "fine"


def summary_lines(title: str, summary: Dict[str, Dict[str, float]]) -> List[str]:
    lines = [f"### {title}", "", "| category | precision | recall | TP | FP | FN | TN | meets 0.95 / 0.90 |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    for category, s in summary.items():
        lines.append(f"| {category} | {_score(s['precision'])} | {_score(s['recall'])} | {s['true_positives']} | "
                     f"{s['false_positives']} | {s['false_negatives']} | {s['true_negatives']} | {_bar(s)} |")
    return lines + [""]


def table(entries: Sequence[Entry], groups: Dict[str, Sequence[Entry]]) -> str:
    lines = ["## Scores", ""]
    for title, members in groups.items():
        lines += summary_lines(title, scores(members))
    lines += ["## Every site", "",
              "| split | file | kernel | category | line | site | predicted | measured | ideal | flagged | measured verdict | note |",
              "|---|---|---|---|---:|---|---:|---:|---:|---|---|---|"]
    for e in entries:
        lines.append(f"| {e.split or '-'} | {e.path} | {e.kernel} | {e.category} | {e.line} | {e.site} | "
                     f"{_number(e.predicted)} | {_number(e.measured)} | {_number(e.ideal)} | "
                     f"{'yes' if e.flagged else 'no'} | {_verdict(e.problem)} | {e.note} |")
    return "\n".join(lines) + "\n"


def score(measurements: dict) -> Tuple[List[Entry], Dict[str, Sequence[Entry]]]:
    entries = [e for record in measurements["files"] if record["status"] in ("ok", "partial")
               for e in score_file(record)]
    groups: Dict[str, Sequence[Entry]] = {"all files": entries}
    for split in sorted({e.split for e in entries if e.split}):
        groups[f"split {split}"] = [e for e in entries if e.split == split]
    return entries, groups


# --- command line -----------------------------------------------------------------------------------

def default_sources() -> List[Source]:
    found = []
    for folder in ("coalescing", "bank_conflicts", "divergence", "barriers"):
        found += sorted((ROOT / "tests" / "fixtures" / folder).glob("*.cu"))
    found += sorted((ROOT / "examples").glob("**/*.cu"))
    return [Source(p) for p in found]


def manifest_sources(manifest: Path, splits: Sequence[str], paths: Sequence[str] = ()) -> List[Source]:
    """The manifest's files of `splits` (all when empty), only those at `paths` (relative to the manifest)
    when some are given: one file measured again after the driver changed."""
    data = json.loads(manifest.read_text())
    base = manifest.parent
    chosen = [f for f in data["files"] if (not splits or f.get("split") in splits) and (not paths or f["path"] in paths)]
    chosen.sort(key=lambda f: list(splits).index(f["split"]) if splits else 0)  # the first split named first
    return [Source((base / f["path"]).resolve(), f.get("split", ""),
                   tuple(str((base / d).resolve()) for d in f.get("include_dirs", [])),
                   tuple(sorted(f.get("defines", {}).items()))) for f in chosen]


def missing_sources(sources: Sequence[Source]) -> List[Path]:
    """Listed files that are not in the tree: third-party held-out code is fetched, not committed."""
    return [source.path for source in sources if not source.path.is_file()]


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("measure", "score", "all", "merge"))
    parser.add_argument("inputs", nargs="*", help="CUDA files (measure, all) or measurements.json (score)")
    parser.add_argument("--out", required=True, help="directory for drivers, measurements.json and validation.md")
    parser.add_argument("--manifest", type=Path, help="a held-out manifest (benchmarks/heldout/manifest.json)")
    parser.add_argument("--split", action="append", default=[], help="only these splits of the manifest")
    parser.add_argument("--path", action="append", default=[],
                        help="only this file of the manifest (its path there; repeatable)")
    parser.add_argument("--arch", default="sm_90", help="nvcc -arch (default sm_90, H100)")
    parser.add_argument("--budget-s", type=float, default=520.0, help="stop starting ncu runs after this long")
    parser.add_argument("--resume", type=Path, help="keep the kernels of an earlier measurements.json")
    parser.add_argument("--drop", nargs="*", default=[], choices=tuple(_LINES.values()),
                        help="merge: remove these counters from kernels the update did not take again")
    parser.add_argument("--builds", nargs="+", choices=tuple(BUILDS), default=list(BUILDS),
                        help="measure only these builds (and no sanitizer unless both are measured)")
    parser.add_argument("--tool-timeout-s", type=float, default=TOOL_TIMEOUT_S,
                        help=f"limit on each nvcc, ncu or sanitizer run (default {TOOL_TIMEOUT_S}; krulis-martin's "
                             "k-means kernels.cu takes about 110 s to build)")
    args = parser.parse_args(argv)
    _set_tool_timeout(args.tool_timeout_s)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.command == "merge":
        if len(args.inputs) != 2:
            parser.error("merge takes BASE.json UPDATE.json and writes OUT/measurements.json")
        base, update = (json.loads(Path(p).read_text()) for p in args.inputs)
        (out / "measurements.json").write_text(json.dumps(merge(base, update, args.drop), indent=1))
        return 0
    if args.command == "score":
        if len(args.inputs) != 1:
            parser.error("score takes one measurements.json")
        measurements = json.loads(Path(args.inputs[0]).read_text())
        if args.split:  # score only these splits (a held-out split stays unread while the rest is studied)
            measurements["files"] = [f for f in measurements["files"] if f["split"] in args.split]
    else:
        missing = [tool for tool in ("nvcc", "ncu", "compute-sanitizer") if shutil.which(tool) is None]
        if missing:
            print(f"error: {', '.join(missing)} not found on PATH; run this on a machine with a GPU", file=sys.stderr)
            return 2
        sources = (manifest_sources(args.manifest, args.split, args.path) if args.manifest
                   else [Source(Path(p).resolve()) for p in args.inputs] or default_sources())
        absent = missing_sources(sources)
        if absent:
            print(f"error: {len(absent)} listed files are not here (first: {_relative(absent[0])}); "
                  "run python3 benchmarks/heldout/fetch.py", file=sys.stderr)
            return 2
        previous = json.loads(args.resume.read_text()) if args.resume else None
        measurements = measure(sources, out, args.arch, args.budget_s, previous, args.builds,
                               sanitizers_too=set(args.builds) == set(BUILDS))
        (out / "measurements.json").write_text(json.dumps(measurements, indent=1))
        if args.command == "measure":
            return 0
    entries, groups = score(measurements)
    if not any(e.problem is not None for e in entries):
        print("error: nothing was measured (see the file statuses in measurements.json)", file=sys.stderr)
        return 2
    header = f"GPU: {measurements.get('gpu', '?')}, measured {measurements.get('date', '?')}\n\n"
    report = header + table(entries, groups)
    (out / "validation.md").write_text(report)
    (out / "validation.json").write_text(json.dumps(
        {"gpu": measurements.get("gpu"), "date": measurements.get("date"),
         "thresholds": {"cost": COST_THRESHOLD, "conflict": CONFLICT_THRESHOLD, "idle": IDLE_THRESHOLD,
                        "waste": WASTE_THRESHOLD},
         "scores": {title: scores(members) for title, members in groups.items()},
         "entries": [asdict(e) for e in entries]}, indent=1))
    print(header + "\n".join(line for title, members in groups.items()
                            for line in summary_lines(title, scores(members))))
    return 0 if all(passes(s) for s in scores(entries).values()) else 1


if __name__ == "__main__":
    sys.exit(main())
