"""Per-lane evaluation of a kernel's memory indices for one block shape.

The walk follows the kernel's statements once (loops: a representative iteration whose counter is a
uniform symbol, or each iteration of a short for or while loop whose counter starts at a constant and is
multiplied or shifted; a local such a loop scales, `offset *= 2`, stands for every value it can hold
and an access through it is recorded once per value), and
records every global and shared memory access with the byte address of each thread of the block.
Locals follow assignments, compound assignments, casts, ternaries, pointer arithmetic and inlined
__device__ helpers. Branch conditions known per thread mask the lanes that do not take them.
"""
from __future__ import annotations

import math
import re

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pycparser import c_ast, c_generator

from kernel_lint.analyses import symbolic as sym
from kernel_lint.analyses.bindings import rebound
from kernel_lint.analyses.groups import group_query, group_threads, passed_groups
from kernel_lint.analyses.loops import LOOP_MULTIPLY, scaled_locals
from kernel_lint.analyses.memo import per_kernel
from kernel_lint.analyses.symbolic import LaneValue, PointerTarget, is_flat
from kernel_lint.frontend.cexpr import evaluate_arguments, int_literal
from kernel_lint.frontend.prelude import ASM_OUTPUT, AUTO_TYPE, BIT_REVERSALS, INDEX_VARIABLES, MULTIPLY_24, TYPE_SIZES
from kernel_lint.model import CType, Kernel, TranslationUnit, walk

WARP_SIZE = 32
MAX_ENUMERATED_ITERATIONS = 16
MAX_FEW_STEPS = 4  # an additive loop walked step by step: a tile's row loop, not a long sweep
_PRAGMA_UNROLL = re.compile(r"#\s*pragma\s+unroll\s*(?:\(?\s*(\d+)\s*\)?)?\s*(?://.*)?$")
MAX_SCALED_VALUE = 1 << 16  # a scaled local's values past this index nothing a block can hold
MAX_INLINE_DEPTH = 4
_VECTOR_FIELDS = {"x": 0, "y": 1, "z": 2, "w": 3}
_RELATIONS = ("<", ">", "<=", ">=", "==", "!=")
_COMPARISONS = {
    "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
    # past a 64-bit word a left shift keeps nothing (PTX clamps the amount); a right shift's floor is
    # already what hardware gives (0, or -1 for a negative value)
    "<<": lambda a, b: a << b if b < 64 else 0, ">>": lambda a, b: a >> b,
}


@dataclass(frozen=True)
class MemoryAccess:
    """One global or shared memory access as every thread of the block performs it."""

    node: c_ast.Node  # the subscript (or dereference) expression, for the location
    target: PointerTarget
    kind: str  # "load" | "store" | "update" (a compound assignment reads and writes)
    access_bytes: int  # bytes each lane moves
    address: LaneValue  # byte offset from the start of target.array, per thread
    active: Tuple[bool, ...]  # threads that execute the access
    subscripts: Tuple[LaneValue, ...] = ()  # element index per dimension for multi-dimensional shared arrays
    field: Optional[str] = None  # struct or vector field read, when the access is a member access
    piece_of: Optional[int] = None  # bytes of the whole element when it moves in pieces of access_bytes
    scaled_value: Optional[Tuple[str, int]] = None  # (local, value) when a loop-scaled local was set to value
    # the inlined calls the access is made through, the kernel's own call of a helper first
    calls: Tuple[c_ast.FuncCall, ...] = ()
    # (iteration symbol, trip count, under `#pragma unroll`) of the loop around the access when it is
    # walked as one symbolic iteration and runs a constant number of times (`for (i = 0; i < TN; ++i)`):
    # nvcc unrolls it, and may merge its accesses into vector ones
    loops: Tuple[Tuple[str, int, bool], ...] = ()
    # a store of a conditional expression (`s[i] = ok ? g[i] : 0.0f`): ptxas keeps such an unrolled
    # loop's stores one word each, where it merges plain ones into STS.128
    stores_select: bool = False
    # "memcpy" or "memset" when the access is one byte of such a call's (see Walker.byte_copy)
    copied_by: Optional[str] = None

    @property
    def called_from(self) -> Optional[c_ast.FuncCall]:
        """The kernel's call of the helper the access is in; None for an access in the kernel's body."""
        return self.calls[0] if self.calls else None


@dataclass
class _Frame:
    env: Dict[str, LaneValue]
    mask: Tuple[bool, ...]
    returns: List[LaneValue]


Mask = Tuple[bool, ...]


@dataclass(frozen=True)
class _Condition:
    """A branch condition's value and, where the value alone does not decide per thread, the lanes that
    can take each side (None: any lane may)."""

    value: LaneValue
    true_lanes: Optional[Mask] = None
    false_lanes: Optional[Mask] = None

    def sides(self, mask: Mask, threads: int) -> Tuple[Mask, Mask]:
        if self.value.is_concrete:
            taken = self.value.constant_part(threads)
            return (tuple(m and bool(t) for m, t in zip(mask, taken)),
                    tuple(m and not t for m, t in zip(mask, taken)))
        return _within(mask, self.true_lanes), _within(mask, self.false_lanes)


def _within(mask: Mask, lanes: Optional[Mask]) -> Mask:
    return mask if lanes is None else tuple(m and bool(t) for m, t in zip(mask, lanes))


# names the symbol of a quotient by a runtime value taken as one value per warp: messages say so
QUOTIENT_PREFIX = "quotient "
# labels an unknown uniform value the source gives no name to (a comparison's outcome, a collapsed sum)
UNNAMED = "u"


def assumed_quotients(value: LaneValue) -> List[str]:
    """The divisions by a runtime value that `value` was computed with, each taken as one value per warp."""
    names = {name.split("#", 1)[0][len(QUOTIENT_PREFIX):] for monomial, _ in value.terms for name in monomial
             if name.startswith(QUOTIENT_PREFIX)}
    return sorted(names)


def _member_call(call: c_ast.FuncCall, env: Dict[str, LaneValue]) -> Optional[Tuple[str, str]]:
    """(member function, object) of `obj.f(...)` on a struct local or parameter whose members the walk
    holds (`obj.data` in `env`); None for any other call (`p->f()` would read the object from memory)."""
    callee = call.name
    if isinstance(callee, c_ast.StructRef) and callee.type == "." and isinstance(callee.name, c_ast.ID) \
            and any(key.startswith(callee.name.name + ".") for key in env):
        return callee.field.name, callee.name.name
    return None


def _object_fields(obj: str, env: Dict[str, LaneValue]) -> Dict[str, LaneValue]:
    """The members of `obj` under their own names (`obj.data` as `data`, `obj.pos.x` as `pos.x`)."""
    prefix = obj + "."
    return {key[len(prefix):]: value for key, value in env.items() if key.startswith(prefix)}


def _clamped_lanes(less: LaneValue, a: LaneValue, b: LaneValue) -> Optional[LaneValue]:
    """`min(x + k, width - 1)` or `max(x - 1, 0)` where the comparison is unknown in some lane: the
    lane-varying side, as an image's border clamp leaves every lane but an edge one as it was (and a
    bounds guard is assumed to hold); None when the lanes are known or neither side is that clamp."""
    if less.is_concrete or a.opaque or b.opaque or a.pointer is not None or b.pointer is not None:
        return None
    if a.is_uniform != b.is_uniform:
        return b if a.is_uniform else a
    return None


def _spelled_min_max(node: c_ast.TernaryOp) -> Optional[bool]:
    """`a < b ? a : b` and its variants, min or max written as a choice between the two values compared (an
    image border's `v = v > hi ? hi : v`): True for min, False for max, None for any other choice or where
    an operand reads memory or changes anything (its arms would be accesses of their own)."""
    cond = node.cond
    if not isinstance(cond, c_ast.BinaryOp) or cond.op not in ("<", "<=", ">", ">=") \
            or not all(_plain_arithmetic(operand) for operand in (cond.left, cond.right)):
        return None
    left, right, chosen, other = (_spelling(n) for n in (cond.left, cond.right, node.iftrue, node.iffalse))
    if (chosen, other) not in ((left, right), (right, left)):
        return None
    return (cond.op in ("<", "<=")) == (chosen == left)


def _plain_arithmetic(node: c_ast.Node) -> bool:
    """Names, constants, casts and operators: no memory read, call or assignment."""
    return not any(isinstance(n, (c_ast.ArrayRef, c_ast.FuncCall, c_ast.Assignment, c_ast.StructRef))
                   or isinstance(n, c_ast.UnaryOp) and n.op in ("*", "++", "--", "p++", "p--")
                   for n in walk(node))


# rounding to a whole number (of a float index, `(int)floorf(srcX)`): the walk keeps the value, as for a cast
ROUNDINGS = frozenset({"floor", "floorf", "ceil", "ceilf", "trunc", "truncf", "round", "roundf", "rint", "rintf",
                       "nearbyint", "nearbyintf", "__float2int_rd", "__float2int_rn", "__float2int_ru",
                       "__float2int_rz", "__double2int_rd", "__double2int_rn", "__double2int_ru", "__double2int_rz"})
# device-side copies nvcc moves a byte at a time in global memory (Walker.byte_copy): name -> whether it reads a source
BYTE_COPIES = {"memcpy": True, "__builtin_memcpy": True, "memset": False, "__builtin_memset": False}
COPY_BYTES_WALKED = 32  # a copy's first bytes stand for the rest: the pattern repeats with each 32-byte sector
FLOATING_TYPES = frozenset({"float", "double", "half", "__half", "__nv_bfloat16", "long double"})


def _floating_names(definition: c_ast.Node) -> FrozenSet[str]:
    """The parameters and locals a kernel declares with a floating-point type."""
    return frozenset(node.name for node in walk(definition) if isinstance(node, c_ast.Decl) and node.name
                     and _declared_type(node.type) in {(base, 0) for base in FLOATING_TYPES})


def _floating(expression: c_ast.Node, names: FrozenSet[str]) -> bool:
    """Whether C evaluates `expression` in floating point: a float literal, a cast to a floating type or
    a floating-point name in it (integer operands convert to float there)."""
    for node in walk(expression):
        if isinstance(node, c_ast.Constant) and node.type in ("float", "double"):
            return True
        if isinstance(node, c_ast.Cast) and _declared_type(node.to_type)[0] in FLOATING_TYPES:
            return True
        if isinstance(node, c_ast.ID) and node.name in names:
            return True
    return False


def _runtime_divisor(a: LaneValue, b: LaneValue) -> bool:
    """A lane-varying index divided by a runtime value the whole block shares (not data, not a number)."""
    return (b.is_uniform and not b.opaque and not b.is_concrete and b.pointer is None
            and not a.is_uniform and not a.opaque and a.pointer is None)


def _one_quotient_per_warp(a: LaneValue, divisor: int, threads: int) -> bool:
    """Every symbolic part of `a` is uniform and the lanes of each warp span less than `divisor`."""
    if a.opaque or divisor <= 0 or any(m and not is_flat(vec) for m, vec in a.terms):
        return False
    lanes = a.constant_part(threads)
    return all(max(lanes[w:w + WARP_SIZE]) - min(lanes[w:w + WARP_SIZE]) < divisor
               for w in range(0, threads, WARP_SIZE))


def _different_objects(a: LaneValue, b: LaneValue) -> bool:
    """Whether two values are addresses in different objects, or an address and a number."""
    if a.pointer is None or b.pointer is None:
        return (a.pointer is None) != (b.pointer is None)
    return a.pointer.array != b.pointer.array or a.pointer.space != b.pointer.space


def one_value_lanes(difference: LaneValue, mask: Mask) -> Optional[Mask]:
    """The lanes where `a == b` can hold when a - b is a uniform unknown plus a per-thread known part
    (`i == n`, `row == NUM_2` with blockIdx unknown): in a warp, only lanes sharing one value of the
    known part, one lane where it differs lane to lane. Which value is unknown; the warp's first active
    lane stands for it, which leaves each warp's requests as the hardware sees them. None when the
    condition is not of that form or is uniform."""
    if difference.opaque or difference.is_concrete or not all(
            is_flat(vec) for monomial, vec in difference.terms if monomial != sym.CONSTANT):
        return None
    known = difference.constant_part(len(mask))
    if is_flat(known):
        return None
    lanes = [False] * len(mask)
    for start in range(0, len(mask), WARP_SIZE):
        warp = [t for t in range(start, min(start + WARP_SIZE, len(mask))) if mask[t]]
        for t in warp:
            lanes[t] = known[t] == known[warp[0]]
    return tuple(lanes)


def at_most_one_lane_per_warp(lanes: Mask) -> bool:
    return all(sum(lanes[start:start + WARP_SIZE]) <= 1 for start in range(0, len(lanes), WARP_SIZE))


@lru_cache(maxsize=64)  # a pure function of the shape, asked for by every walk and finding
def thread_coordinates(shape: Tuple[int, int, int]) -> Tuple[Tuple[int, ...], Tuple[int, ...], Tuple[int, ...]]:
    """threadIdx.x, .y, .z of each thread in linear (x-fastest) order, as the hardware forms warps."""
    x, y, z = shape
    count = x * y * z
    return (tuple(i % x for i in range(count)), tuple((i // x) % y for i in range(count)),
            tuple(i // (x * y) for i in range(count)))


def warps(active: Sequence[bool]) -> List[List[int]]:
    """The active thread indices of each warp of the block (warps with no active lane left out)."""
    out = []
    for start in range(0, len(active), WARP_SIZE):
        end = min(start + WARP_SIZE, len(active))
        # most warps are fully active or fully idle: decide those without a per-lane loop
        if all(active[start:end]):
            out.append(list(range(start, end)))
        elif any(active[start:end]):
            out.append([t for t in range(start, end) if active[t]])
    return out


def _aliased_type(type_name: str, unit: TranslationUnit) -> str:
    """The type a typedef chain names (`floatX` -> `__nv_bfloat16`); a cycle stops where it repeats."""
    seen = {type_name}
    while type_name not in TYPE_SIZES and type_name not in unit.structs and type_name in unit.type_aliases:
        type_name = unit.type_aliases[type_name]
        if type_name in seen:
            break
        seen.add(type_name)
    return type_name


# integers as wide as an address, which code casts a pointer to for byte arithmetic
_ADDRESS_INTEGERS = {"uintptr_t", "intptr_t", "size_t", "ptrdiff_t", "long", "unsigned long", "long int",
                     "unsigned long int", "long long", "unsigned long long", "long long int",
                     "unsigned long long int", "int64_t", "uint64_t"}


def type_bytes(type_name: str, unit: TranslationUnit) -> Optional[int]:
    type_name = _aliased_type(type_name, unit)
    if type_name in TYPE_SIZES:
        return TYPE_SIZES[type_name][0]
    layout = unit.structs.get(type_name)
    return layout.size if layout else None


def type_alignment(type_name: str, unit: TranslationUnit) -> Optional[int]:
    type_name = _aliased_type(type_name, unit)
    if type_name in TYPE_SIZES:
        return TYPE_SIZES[type_name][1]
    layout = unit.structs.get(type_name)
    return layout.align if layout else None


MAX_ACCESS_BYTES = 16  # the widest load or store one lane can issue (LDG.128)
# nvcc declares every extern __shared__ array `.extern .shared .align 16`, whatever its element type, and
# moves a whole 8-byte struct of floats in it with one st.shared.v2 (a static array of it: two st.shared.f32)
DYNAMIC_SHARED_ALIGNMENT = 16


def shared_target(name: str, array) -> PointerTarget:
    """What a shared array's name points into (`array`: a kernel_lint.model.SharedArray)."""
    return PointerTarget(name, "shared", array.element.base, array.element.element_size,
                         base_alignment=DYNAMIC_SHARED_ALIGNMENT if array.is_dynamic else None)


def access_pieces(target: PointerTarget, size: int, field: Optional[str], unit: TranslationUnit) -> List[Tuple[int, int]]:
    """(byte offset, bytes) of each load or store that moves `size` bytes of `target`.

    A whole struct or vector element moves in accesses no wider than its alignment: a 12-byte
    struct of floats (alignment 4) is three 4-byte loads, each of which touches a 12-byte stride of
    addresses across the warp; a float4 (alignment 16) is one 16-byte load. In an array whose start is
    aligned further, an element is aligned to the largest power of two dividing both that and its size:
    an 8-byte struct of floats in an extern __shared__ array is one 8-byte access, a 12-byte one still
    three."""
    if field is not None or size <= 1:
        return [(0, size)]
    align = type_alignment(target.element_type, unit) or size
    if target.base_alignment:
        align = max(align, math.gcd(target.base_alignment, size))
    width = min(align, MAX_ACCESS_BYTES, size)
    if width <= 0 or size % width:
        return [(0, size)]
    return [(offset, width) for offset in range(0, size, width)]


def field_layout(type_name: str, field: str, unit: TranslationUnit) -> Optional[Tuple[int, int]]:
    """(byte offset, byte size) of `field` in a struct or CUDA vector type."""
    layout = unit.structs.get(type_name)
    if layout is not None:
        return layout.fields.get(field)
    size = TYPE_SIZES.get(type_name, (None,))[0]
    if size is None or not type_name[-1:].isdigit() or field not in _VECTOR_FIELDS:
        return None
    count = int(type_name[-1])
    component = size // count
    index = _VECTOR_FIELDS[field]
    return (index * component, component) if index < count else None


def positional_fields(type_name: str, unit: TranslationUnit) -> Tuple[str, ...]:
    """The fields a braced initializer fills in order: a struct's in declaration order, a vector's x, y, z, w."""
    layout = unit.structs.get(type_name)
    if layout is not None:
        return tuple(layout.fields)
    size = TYPE_SIZES.get(type_name, (None,))[0]
    if size is None or not type_name[-1:].isdigit():
        return ()
    return tuple(_VECTOR_FIELDS)[: int(type_name[-1])]


def constructed(node: Optional[c_ast.Node]) -> Optional[Tuple[str, List[c_ast.Node]]]:
    """(type, the arguments that fill its fields in order) of a temporary built from its fields: `dim3(4, 3)`,
    which the front end spells `__ctor_dim3(4, 3)`, or `make_int2(a, b)`. Other constructors are left out: a
    struct's own may store its arguments anywhere."""
    if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)):
        return None
    name = node.name.name
    args = list(node.args.exprs) if node.args is not None else []
    if name == "__ctor_dim3":
        return "dim3", args
    if name.startswith("make_") and name[5:] in TYPE_SIZES and name[-1:].isdigit():
        return name[5:], args
    return None


def _declared_type(node: c_ast.Node) -> Tuple[str, int]:
    """(base type name, pointer depth) of a declaration's or cast's type node."""
    depth = 0
    while isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.TypeDecl, c_ast.Typename, c_ast.Decl)):
        if isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl)):
            depth += 1
        node = node.type
    if isinstance(node, c_ast.IdentifierType):
        names = [n for n in node.names if n not in ("const", "volatile", "signed")]
        return " ".join(names) or "int", depth
    if isinstance(node, c_ast.Struct):
        return node.name or "", depth
    return "", depth


def modelled_type_arguments(kernel: Kernel) -> Dict[str, str]:
    """The type parameters of the modelled instantiation (`T` of `sizeof(T)`, `(T *)`), or the type
    assumed where no launch names one."""
    return {**kernel.assumed_types,
            **{name: value for name, value in kernel.instantiation.items() if name not in kernel.template_values}}


def sizeof_typename(node: c_ast.Node, unit: TranslationUnit, type_arguments: Dict[str, str]) -> Optional[int]:
    """`sizeof(T)` of a type node in the modelled instantiation; None when the type is unknown."""
    base, depth = _declared_type(node)
    return 8 if depth else type_bytes(type_arguments.get(base, base), unit)


class LaneWalker:
    """Evaluates one kernel for one block shape; `accesses` holds what it found."""

    def __init__(self, unit: TranslationUnit, kernel: Kernel, shape: Tuple[int, int, int]):
        self.unit = unit
        self.kernel = kernel
        self.functions = unit.functions_seen_by(kernel)
        self.shape = shape
        self.threads = shape[0] * shape[1] * shape[2]
        self.tid = thread_coordinates(shape)
        self.shared = {a.name: a for a in kernel.shared_arrays}
        self.params = {p.name: p for p in kernel.params}
        self.type_arguments = modelled_type_arguments(kernel)
        self.recording = True
        self.inline_depth = 0
        # the inline depth whose `return a[i]` is the element an assignment to the call writes, or None
        self.stored_through: Optional[int] = None
        self._fresh_count = 0
        # symbols standing for a local a loop scales by a constant (`offset *= 2`): the values it takes
        self.scaled: Dict[str, Tuple[int, ...]] = {}
        # (counter, value) while a loop with a runtime bound is walked at every value below the shared
        # arrays' size: the accesses in it say which value they were counted at
        self.assumed: Optional[Tuple[str, int]] = None
        # per inlined call (the kernel first): the references declared there and where each refers,
        # as `locate` found it when it was bound (`Comparator(s_key[pos], ...)` binds `uint &keyA`)
        self.references: List[Dict[str, tuple]] = [{}]
        # per inlined call: a pointer parameter given a local's address (`project(m, x, &sx)`) -> the
        # callee's local standing for that variable, written back to it when the call returns
        self.pointees: List[Dict[str, str]] = [{}]
        # cooperative-groups locals of a known size (a thread_block, a tiled partition): threads in each
        self.groups: Dict[str, int] = {}
        # the inlined calls the walk is inside: an access in a helper is one site per call of it, as
        # each call is its own instructions (one can be evaluated when another cannot)
        self.calls: Tuple[c_ast.FuncCall, ...] = ()
        self.starting_loop = False  # evaluating a for loop's initialization
        self._records: Dict[Tuple[int, str, Tuple[int, ...]], List[MemoryAccess]] = {}
        self._order: List[Tuple[int, str, Tuple[int, ...]]] = []
        # what a loop body's syntax says (the locals it assigns, scales, derives from its counter): a
        # nested loop is walked once per step and per trial of each loop around it, its body unchanged
        self._syntax: Dict[tuple, Any] = {}
        # the symbol of each quotient of a lane-varying value by a runtime one, by (dividend, divisor)
        self.quotients: Dict[Tuple[LaneValue, LaneValue], LaneValue] = {}
        # the fields of each by-value struct or vector local (`uint4 index = {4 * t, ...}`): each is
        # bound in the env as `index.x`, which no C name can spell, so `index.x = ...` and reads of it
        # follow the lanes as a scalar local does
        self.field_names: Dict[str, Tuple[str, ...]] = {}
        # (iteration symbol, trip count, loop depth of its body, whether `#pragma unroll` asks for all of
        # it) of the constant-trip loops walked as one symbolic iteration around the walk; an access in
        # the innermost of them, directly or inside loops walked value by value, records it
        self.constant_loops: List[Tuple[str, int, int, bool]] = []
        self.loop_depth = 0  # loop bodies the walk is inside, of every kind
        self.enumerated_depths: List[int] = []  # depths of the loop bodies walked once per counter value

    # -- results --------------------------------------------------------------------------------
    def syntax(self, question: Callable[..., Any], body: Optional[c_ast.Node], *args: Any) -> Any:
        """`question(body, *args)`, asked once per body. Its identity is the key, and the entry holds the body:
        a loop's body is walked as a Compound made for the walk, and once freed its id could be another's,
        which answered one loop's question with another's (a scan's down-sweep read as its up-sweep)."""
        key = (question, id(body), *args)
        if key not in self._syntax:
            self._syntax[key] = (body, question(body, *args))
        return self._syntax[key][1]

    def run(self) -> List[List[MemoryAccess]]:
        """Every access site with one record per evaluation (several for enumerated loops)."""
        frame = _Frame(env={}, mask=(True,) * self.threads, returns=[])
        # a struct every thread sees whole (`__constant__ Params c;`, a parameter passed by value): its
        # members are uniform, and a pointer member points to a buffer of its own
        structs = {**{name: (ctype, ()) for name, ctype in self.unit.constant_arrays.items()},
                   **{param.name: (param.type, param.type_arguments) for param in self.kernel.params}}
        for name, (ctype, type_arguments) in structs.items():
            fields = positional_fields(ctype.base, self.unit) if ctype.pointer_depth == 0 else ()
            if fields:
                members = self.type_pointers(ctype.base, type_arguments)
                frame.env[name] = sym.symbol(name, self.threads)
                self.bind_fields(name, fields, frame.env[name], frame,
                                 [self.buffer(f"{name}.{field}", members[field]) if field in members
                                  else sym.symbol(f"{name}.{field}", self.threads) for field in fields])
        declared = self.kernel.definition.decl.type.args
        for decl in declared.params if declared is not None else ():
            # `double phi[][N][N]` or `float (*a)[64]`: a buffer of rows, `phi[x][y][z]` one element
            rows = self.pointee_dims(decl.type, frame) if isinstance(decl, c_ast.Decl) and decl.name in self.params else ()
            if rows:
                buffer = self.buffer(decl.name, self.params[decl.name].type)
                frame.env[decl.name] = replace(buffer, pointer=replace(buffer.pointer, row_dims=rows))
        self.statement(self.kernel.body, frame)
        return [self._records[key] for key in self._order]

    def _record(self, access: MemoryAccess) -> None:
        if not self.recording or not any(access.active):
            return
        if self.assumed is not None and access.scaled_value is None:
            access = replace(access, scaled_value=self.assumed)
        if self.calls:
            access = replace(access, calls=self.calls)
        key = (id(access.node), access.kind, tuple(map(id, self.calls)))
        if key not in self._records:
            self._records[key] = []
            self._order.append(key)
        self._records[key].extend(self._per_scaled_value(access))

    def _per_scaled_value(self, access: MemoryAccess) -> List[MemoryAccess]:
        """One record per value of a scaled local in the address (`temp[offset * (2 * t + 1) - 1]` for
        offset = 1, 2, 4 ...), as for an enumerated loop: the cost changes with it."""
        name = next((s for m, _ in access.address.terms for s in m if s in self.scaled), None)
        if name is None:
            return [access]
        array = self.shared.get(access.target.array) if access.target.space == "shared" else None
        size = array.size_bytes if array is not None else None
        limit = size // access.target.element_bytes if size and access.target.element_bytes else MAX_SCALED_VALUE
        values = [v for v in self.scaled[name] if 0 < abs(v) < limit] or list(self.scaled[name][:1])
        local = name.split("#", 1)[0]
        return [replace(access, address=sym.substitute(access.address, name, v, self.threads), scaled_value=(local, v))
                for v in values]

    # -- values ---------------------------------------------------------------------------------
    def fresh(self, label: str = UNNAMED) -> LaneValue:
        self._fresh_count += 1
        return sym.symbol(f"{label}#{self._fresh_count}", self.threads)

    def const(self, number: int) -> LaneValue:
        return sym.constant(number, self.threads)

    def builtin(self, base: str, field: str) -> Optional[LaneValue]:
        axis = "xyz".index(field) if field in ("x", "y", "z") else None
        if axis is None:
            return None
        if base == "threadIdx":
            return sym.vector(self.tid[axis])
        if base == "blockDim":
            return self.const(self.shape[axis])
        if base in ("blockIdx", "gridDim"):
            return sym.symbol(f"{base}.{field}", self.threads)
        return None

    def name_value(self, name: str, frame: _Frame) -> LaneValue:
        if name in frame.env:
            return frame.env[name]
        if name in self.shared:
            array = self.shared[name]
            if not array.dims and not array.is_dynamic:
                # a shared scalar read: every thread the same word (`threadIdx.x < lenSrcA`, mergeSort),
                # a value and not the address it had been taken for
                return self.fresh(name)
            return replace(self.const(0), pointer=shared_target(name, array))
        if name in self.kernel.argument_values:
            return self.const(self.kernel.argument_values[name])
        if name in self.params:
            ctype = self.params[name].type
            if ctype.pointer_depth == 1:
                return self.buffer(name, ctype)
            return sym.symbol(name, self.threads)
        if name == "warpSize":
            return self.const(WARP_SIZE)
        if name in self.kernel.template_values:
            return self.const(self.kernel.template_values[name])
        if name in self.unit.constants:
            return self.const(self.unit.constants[name])
        return sym.symbol(name, self.threads)

    def expression(self, node: Optional[c_ast.Node], frame: _Frame) -> LaneValue:
        method = getattr(self, f"_x_{type(node).__name__}", None)
        if method is None:
            if node is not None:
                for child in node:
                    self.expression(child, frame)
            return self.fresh()
        return method(node, frame)

    def _x_Constant(self, node: c_ast.Constant, frame: _Frame) -> LaneValue:
        number = int_literal(node.value) if node.type != "string" else None
        return self.const(number) if number is not None else self.fresh("c")

    def _x_ID(self, node: c_ast.ID, frame: _Frame) -> LaneValue:
        if node.name in self.references[-1]:
            return self.record_access(self.references[-1][node.name], node, frame, "load")
        return self.name_value(node.name, frame)

    def is_reference(self, decl: c_ast.Node) -> bool:
        return isinstance(decl, c_ast.Decl) and decl.coord is not None \
            and (decl.coord.line, decl.coord.column) in self.unit.reference_declarations

    def referent(self, node: c_ast.Node, frame: _Frame):
        """Where a reference bound to `node` refers: `locate`'s answer for an element in memory, the
        caller's referent for a reference passed on; None for anything else (a local, a value)."""
        if isinstance(node, c_ast.ID) and node.name in self.references[-1]:
            return self.references[-1][node.name]
        if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) or (isinstance(node, c_ast.UnaryOp) and node.op == "*"):
            found = self.locate(node, frame)
            return found if found is not None and found[0].pointer is not None and found[1] else None
        return None

    def _x_StructRef(self, node: c_ast.StructRef, frame: _Frame) -> LaneValue:
        if isinstance(node.name, c_ast.ID) and node.name.name in INDEX_VARIABLES:
            value = self.builtin(node.name.name, node.field.name)
            if value is not None:
                return value
        key = self.local_field(node, frame)
        if key is not None and key in frame.env:
            return frame.env[key]
        built = constructed(node.name) if node.type == "." else None
        if built is not None:  # `WINDOW.x` where the macro is `dim3(4, 3, 1)`
            fields = positional_fields(built[0], self.unit)
            values = self.field_values(built[0], [self.expression(arg, frame) for arg in built[1]], len(fields))
            if node.field.name in fields:
                return values[fields.index(node.field.name)]
        return self.memory(node, frame, "load")

    def field_values(self, type_name: str, given: List[LaneValue], count: int) -> List[Optional[LaneValue]]:
        """The values of a type's first `count` fields from the `given` ones: a dim3's omitted extents are 1, as
        its constructor makes them; another type's are unknown (None)."""
        omitted = self.const(1) if type_name == "dim3" else None
        return given + [omitted] * (count - len(given))

    def local_field(self, node: c_ast.Node, frame: _Frame) -> Optional[str]:
        """`index.x` of a by-value local struct or vector, as its env key; None for anything in memory."""
        if not (isinstance(node, c_ast.StructRef) and node.type == "." and isinstance(node.name, c_ast.ID)):
            return None
        name = node.name.name
        local = frame.env.get(name)
        if local is None or local.pointer is not None or name in self.shared or name in self.references[-1]:
            return None
        return f"{name}.{node.field.name}"

    def type_fields(self, type_node: c_ast.Node) -> Tuple[str, ...]:
        base, depth = self.declared_type(type_node)
        return positional_fields(base, self.unit) if depth == 0 else ()

    def type_pointers(self, type_name: str, type_arguments: Sequence[str] = ()) -> Dict[str, CType]:
        """The pointer members of the struct `type_name` (declared in the file or a header); a struct
        template's with `type_arguments` for its type parameters (`T1 *data` of `Param<__half>`)."""
        layout = self.unit.structs.get(type_name)
        if layout is None:
            return {}
        given = dict(zip(layout.template_params, type_arguments))
        return {name: replace(ctype, base=given[ctype.base], element_size=type_bytes(given[ctype.base], self.unit))
                if ctype.base in given else ctype for name, ctype in layout.pointers.items()}

    def bind_fields(self, name: str, fields: Sequence[str], whole: LaneValue, frame: _Frame,
                    values: Sequence[Optional[LaneValue]] = (), source: Optional[str] = None,
                    pointers: Optional[Dict[str, CType]] = None) -> None:
        """Bind the fields of the local `name`: to `values` in order, else to the same field of the local
        `source` (`a = b`), else to a field of `whole`, the struct's value (uniform or not, so is each). A
        pointer member of a uniform struct points into a global buffer of its own, named `name.field`."""
        if not fields:
            return
        self.field_names[name] = tuple(fields)
        for k, field in enumerate(fields):
            value = values[k] if k < len(values) else self.copied_field(source, field, frame) if source else None
            member = (pointers or {}).get(field)
            if value is None and member is not None and whole.is_uniform:
                value = self.buffer(f"{name}.{field}", member)
            frame.env[f"{name}.{field}"] = value if value is not None else self.field_of(whole, f"{name}.{field}")

    def copied_field(self, source: str, field: str, frame: _Frame) -> Optional[LaneValue]:
        """`field` of the local or built-in `source` a copy is made of (`dim3 t = threadIdx;`)."""
        if f"{source}.{field}" in frame.env:
            return frame.env[f"{source}.{field}"]
        return self.builtin(source, field) if source in INDEX_VARIABLES else None

    def buffer(self, name: str, ctype: CType) -> LaneValue:
        """The address of the start of the global buffer `name` points to, the way a pointer parameter's is."""
        return replace(self.const(0), pointer=PointerTarget(name, "global", ctype.base, ctype.element_size))

    def field_of(self, whole: LaneValue, label: str) -> LaneValue:
        return self.fresh(label) if whole.is_uniform else sym.opaque(whole.indirect)

    def declared_type(self, node: c_ast.Node) -> Tuple[str, int]:
        """_declared_type with the modelled instantiation's types in place of its type parameters."""
        base, depth = _declared_type(node)
        return self.type_arguments.get(base, base), depth

    def _x_ArrayRef(self, node: c_ast.ArrayRef, frame: _Frame) -> LaneValue:
        pointee = self.pointee(node)
        if pointee is not None:
            return frame.env[pointee]
        return self.memory(node, frame, "load")

    def pointee(self, node: c_ast.Node) -> Optional[str]:
        """The local that `*p` or `p[0]` is, for a pointer parameter given a local's address."""
        pointer = dereferenced_pointer(node)
        return self.pointees[-1].get(pointer) if pointer is not None else None

    def alias_pointer(self, name: str, value: Optional[c_ast.Node], frame: _Frame) -> None:
        """`unsigned* p = &t;`: `*p` is t from here on, as for a helper's parameter given `&t`."""
        local = self.local_address(value, frame) if value is not None else None
        if local is not None:
            self.pointees[-1][name] = local
        else:
            self.pointees[-1].pop(name, None)

    def local_address(self, arg: c_ast.Node, frame: _Frame) -> Optional[str]:
        """The caller's local a pointer argument points to: `&sx` of a scalar local, or a pointer
        parameter that already stands for one, passed on."""
        if isinstance(arg, c_ast.ID):
            return self.pointees[-1].get(arg.name)
        name = addressed_name(arg)
        value = frame.env.get(name) if name is not None else None
        if value is None or value.pointer is not None or name in self.shared or name in self.references[-1] \
                or name in self.field_names:
            return None
        return name

    def _x_Cast(self, node: c_ast.Cast, frame: _Frame) -> LaneValue:
        value = self.expression(node.expr, frame)
        base, depth = self.declared_type(node.to_type)
        if base == AUTO_TYPE and not depth:
            return value  # `reinterpret_cast<decltype(x)>(p)`: x's declaration gives the type
        if value.pointer is not None and depth == 1:
            return replace(value, pointer=replace(value.pointer, element_type=base,
                                                  element_bytes=type_bytes(base, self.unit)))
        if value.pointer is not None and depth == 0 and _aliased_type(base, self.unit) in _ADDRESS_INTEGERS:
            # `(uintptr_t)cp + offset`: byte arithmetic on the address, cast back to a pointer later
            return replace(value, pointer=replace(value.pointer, element_type="unsigned char", element_bytes=1))
        if value.pointer is not None and depth == 0:
            return self.fresh() if value.is_uniform else sym.opaque()
        return value

    def _x_TernaryOp(self, node: c_ast.TernaryOp, frame: _Frame) -> LaneValue:
        """Each arm runs in the lanes its side of the condition leaves (`t < 16 ? x[2 * t] : 0` loads in
        16 lanes), as an if statement's sides do; min or max spelled as a choice is that call."""
        minimum = _spelled_min_max(node)
        if minimum is not None:
            return self.min_max(minimum, self.expression(node.cond.left, frame),
                                self.expression(node.cond.right, frame))
        cond = self._condition(node.cond, frame)
        sides = cond.sides(frame.mask, self.threads)
        arms = [self.expression(arm, _Frame(frame.env, mask, frame.returns)) if any(mask) else self.fresh()
                for arm, mask in zip((node.iftrue, node.iffalse), sides)]
        chosen = sym.select(cond.value, arms[0], arms[1], self.threads, self.fresh)
        if chosen.opaque and not cond.value.is_concrete:
            # `blk == 0 ? iv : in + (blk - 1) * 16`: an equality at most one lane of a warp passes leaves the
            # warp's other lanes on the other arm, and their addresses are the warp's requests
            for lone, other in ((sides[0], arms[1]), (sides[1], arms[0])):
                if at_most_one_lane_per_warp(lone) and not other.opaque:
                    return other
        return chosen

    def _x_ExprList(self, node: c_ast.ExprList, frame: _Frame) -> LaneValue:
        value = self.fresh()
        for item in node.exprs:
            value = self.expression(item, frame)
        return value

    def _x_BinaryOp(self, node: c_ast.BinaryOp, frame: _Frame) -> LaneValue:
        return self.binary(node.op, self.expression(node.left, frame), self.expression(node.right, frame),
                           spelled=node)

    def min_max(self, minimum: bool, a: LaneValue, b: LaneValue) -> LaneValue:
        less = self.binary("<", a, b)
        clamped = None if self.starting_loop else _clamped_lanes(less, a, b)
        if clamped is not None:
            return clamped
        return sym.select(less, a, b, self.threads, self.fresh) if minimum else \
            sym.select(less, b, a, self.threads, self.fresh)

    def binary(self, op: str, a: LaneValue, b: LaneValue, spelled: Optional[c_ast.BinaryOp] = None) -> LaneValue:
        return self.bounded(self._arithmetic(op, a, b, spelled))

    def bounded(self, value: LaneValue) -> LaneValue:
        """`value`, with its uniform part one unknown once it has more monomials than any index is written
        with: a hand-unrolled FMA chain (SHOC MaxFlops' 32 accumulators, 500 steps) grows its terms with
        every step, and the walk with them, while an address never needs more than a few."""
        if len(value.terms) <= sym.MAX_TERMS:
            return value
        collapsed = sym.collapse_uniform(value, self.fresh)
        if len(collapsed.terms) <= sym.MAX_TERMS:
            return collapsed
        return replace(sym.opaque(value.indirect), pointer=value.pointer)

    def _arithmetic(self, op: str, a: LaneValue, b: LaneValue, spelled: Optional[c_ast.BinaryOp]) -> LaneValue:
        if op in _RELATIONS and _different_objects(a, b):
            # a pointer held against NULL or into another array (`if (probs != NULL)`, llm.c): offsets
            # from different bases say nothing of the comparison, which had read as false
            return self.fresh() if a.is_uniform and b.is_uniform else sym.opaque()
        if op in ("+", "-"):
            sign = 1 if op == "+" else -1
            if b.pointer is not None and a.pointer is None:
                a, b = b, a
            if a.pointer is not None and b.pointer is None:
                b = self.element_offset(b, a.pointer)
            return sym.add(a, b, self.threads, sign)
        if op == "*":
            return sym.multiply(a, b, self.threads, self.fresh)
        divisor = b.single_constant()
        family = self.scaled_family(a) if op in ("/", ">>") and divisor else None
        if family is not None:  # `offset >>= 1` keeps a scaled local's set of values known
            shrink = LOOP_MULTIPLY[op + "="]
            return self.scaled_symbol(a.terms[0][0][0], tuple(sorted({shrink(family[0] * v, divisor)
                                                                       for v in family[1]})))
        if op in ("/", "%") and divisor:
            exact = sym.divide_by_constant(a, divisor, op == "%", self.fresh)
            if not exact.opaque or not _one_quotient_per_warp(a, divisor, self.threads):
                return exact
            # `(i * 2) % n` with n = 2**24 a launch passes and i = blockIdx.x * 128 + t: a warp's lanes span
            # less than n, so they share a quotient (but in the one warp that crosses a multiple of n), as
            # with a runtime n
            return self.warp_quotient(op, a, b, spelled)
        if op in ("/", "%") and divisor is None and _runtime_divisor(a, b):
            if op == "/" and spelled is not None \
                    and self.syntax(_floating, spelled, self.syntax(_floating_names, self.kernel.definition)):
                # `x * (float)srcWidth / dstWidth`: a float quotient keeps every lane's own value, scaled by an
                # unknown ratio (a runtime stride), where an integer one gives a warp's lanes one quotient
                divisor_text = _spelling(spelled.right)
                if not re.fullmatch(r"\w+", divisor_text):
                    divisor_text = f"({divisor_text})"
                return sym.multiply(a, self.fresh(f"(1/{divisor_text})"), self.threads, self.fresh)
            # `b = idx / T; t = idx % T` (llm.c, most flattened indexing): with T a runtime value, assumed
            # large as a runtime stride is, a warp's lanes share one quotient, and the remainder is idx less
            # a uniform amount; `b * T + t` then gives idx back exactly
            return self.warp_quotient(op, a, b, spelled)
        if op in ("<<", ">>") and divisor is not None and 0 <= divisor < 31:
            if op == "<<":
                return sym.scale(a, 1 << divisor)
            return sym.divide_by_constant(a, 1 << divisor, False, self.fresh)
        if op == "&" and divisor and divisor & (divisor + 1) == 0:
            return sym.divide_by_constant(a, divisor + 1, True, self.fresh)
        if op in ("|", "^"):
            joined = sym.disjoint_bits_sum(a, b, self.threads)
            if joined is not None:
                return joined
        operation = _COMPARISONS.get(op) or (lambda x, y: sym.c_div(x, y) if op == "/" else sym.c_mod(x, y))
        return self.scaled_invariant(a, b, operation) or sym.elementwise(a, b, operation, self.threads, self.fresh)

    def warp_quotient(self, op: str, a: LaneValue, b: LaneValue, spelled: Optional[c_ast.BinaryOp]) -> LaneValue:
        """a / b or a % b where a warp's lanes share the quotient: one unknown per warp, the remainder a less
        b times it."""
        if (a, b) not in self.quotients:  # `i / T` and `i % T` share one, so `b * T + t` is i again
            self.quotients[(a, b)] = self.fresh(QUOTIENT_PREFIX + (
                f"{_spelling(spelled.left)} / {_spelling(spelled.right)}"
                if isinstance(spelled, c_ast.BinaryOp) else "a / b"))
        quotient = self.quotients[(a, b)]
        if op == "/":
            return quotient
        return sym.add(a, sym.multiply(b, quotient, self.threads, self.fresh), self.threads, -1)

    def element_offset(self, index: LaneValue, target: PointerTarget) -> LaneValue:
        """An element index scaled to bytes (unknown element size: opaque, so nothing is reported)."""
        if target.element_bytes is None:
            return sym.opaque(index.indirect)
        return sym.scale(index, target.element_bytes)

    def _x_UnaryOp(self, node: c_ast.UnaryOp, frame: _Frame) -> LaneValue:
        op = node.op
        if op == "sizeof":
            size = sizeof_typename(node.expr, self.unit, self.type_arguments) \
                if isinstance(node.expr, c_ast.Typename) else None
            return self.const(size) if size else self.fresh()
        if op == "&":
            return self.address_of(node.expr, frame)
        if op == "*":
            pointee = self.pointee(node)
            return frame.env[pointee] if pointee is not None else self.memory(node, frame, "load")
        value = self.expression(node.expr, frame)
        if op in ("++", "--", "p++", "p--"):
            step = self.const(1)
            updated = self.binary("+" if "+" in op else "-", value, step)
            self.assign_to(node.expr, updated, frame)
            return updated if not op.startswith("p") else value
        if op == "-":
            return sym.scale(value, -1)
        if op == "+":
            return value
        if op == "!":
            return sym.elementwise(value, self.const(0), lambda x, y: int(x == y), self.threads, self.fresh)
        if op == "~":
            return sym.elementwise(value, self.const(0), lambda x, y: ~x, self.threads, self.fresh)
        return self.fresh()

    def _x_FuncCall(self, node: c_ast.FuncCall, frame: _Frame) -> LaneValue:
        name = node.name.name if isinstance(node.name, c_ast.ID) else ""
        args = list(node.args.exprs) if node.args is not None else []
        group = node.name.name.name if isinstance(node.name, c_ast.StructRef) \
            and isinstance(node.name.name, c_ast.ID) else None
        if group in self.groups:
            answer = group_query(node.name.field.name, self.groups[group], self.threads)
            if answer is not None:
                return self.const(answer) if isinstance(answer, int) else sym.vector(answer)
        if name in ("__ldg", "__ldcg", "__ldca", "__ldcs") and args:
            return self.memory(c_ast.UnaryOp("*", args[0], coord=node.coord), frame, "load", located=node)
        if name in BIT_REVERSALS and len(args) == 1:
            width = BIT_REVERSALS[name]
            return sym.elementwise(self.expression(args[0], frame), self.const(0),
                                   lambda x, _: int(format(x % (1 << width), f"0{width}b")[::-1], 2),
                                   self.threads, self.fresh)
        if name in MULTIPLY_24 and len(args) == 2:
            return self.binary("*", self.expression(args[0], frame), self.expression(args[1], frame))
        if name in ("min", "max", "umin", "umax") and len(args) == 2:
            return self.min_max(name.endswith("min"), self.expression(args[0], frame),
                                self.expression(args[1], frame))
        if name in ROUNDINGS and len(args) == 1:
            return self.expression(args[0], frame)  # to a whole number, as an (int) cast is
        member = _member_call(node, frame.env)
        if member is not None and member[0] in self.functions:
            name = member[0]
        if name in self.functions and self.inline_depth < MAX_INLINE_DEPTH:
            return self.inline(self.functions[name], args, frame, node,
                               this_fields=_object_fields(member[1], frame.env) if member else {})
        values = [self.expression(arg, frame) for arg in args]
        if name in BYTE_COPIES and len(args) == 3:
            self.byte_copy(name, args, values, frame)
        if name.startswith(("atomic", "__shfl", "__ballot", "__any", "__all", "__match", "__reduce", "clock")) or (
                name == ASM_OUTPUT and not values):  # PTX with no inputs reads a special register: %laneid
            return sym.opaque()
        if all(v.is_uniform for v in values):
            return self.fresh()
        return sym.opaque(any(v.indirect for v in values))

    def byte_copy(self, name: str, args: List[c_ast.Node], values: List[LaneValue], frame: _Frame) -> None:
        """Record `memcpy(dst, src, n)` or `memset(dst, v, n)` on global buffers as n one-byte accesses each.
        nvcc cannot know a global pointer's alignment and moves every byte with its own instruction, whatever
        the pointers' types (nvcc 13 -O3 sm_90: sixteen st.global.u8 for a 16-byte memcpy to a float4*;
        memcpy_probe.cu under benchmarks/results/2026-11-28-h100-heldout-batch55/). A shared array's alignment
        is known, and nvcc widens its copies: those are left out. The first bytes stand for the rest, as
        the pattern repeats with each sector; a runtime length copies in a loop, one byte a step."""
        size = values[2].single_constant()
        count = min(size, COPY_BYTES_WALKED) if size is not None and size > 0 else 1
        places = [(args[0], values[0], "store")] + ([(args[1], values[1], "load")] if BYTE_COPIES[name] else [])
        for node, base, kind in places:
            if base.pointer is None or base.pointer.space != "global":
                continue
            for offset in range(count):
                address = sym.add(base, self.const(offset), self.threads) if offset else base
                self._record(MemoryAccess(node=node, target=base.pointer, kind=kind, access_bytes=1,
                                          address=replace(address, pointer=None), active=frame.mask,
                                          loops=self.unrolled_loops(), copied_by=name.replace("__builtin_", "")))

    def inline(self, function: c_ast.FuncDef, args: List[c_ast.Node], frame: _Frame, call: c_ast.FuncCall,
               this_fields: Optional[Dict[str, LaneValue]] = None) -> LaneValue:
        """`function`'s body walked with the call's arguments; a member function called on an object
        (`a.at(row, k)`) also sees the object's members by their own names, as C++'s implicit `this` does."""
        params = function.decl.type.args.params if function.decl.type.args is not None else []
        known = evaluate_arguments(self.unit.template_arguments_of(call),
                                   lambda name: self.expression(c_ast.ID(name), frame).single_constant())
        env: Dict[str, LaneValue] = {**(this_fields or {}), **{name: self.const(value) for name, value in known.items()}}
        references: Dict[str, tuple] = {}
        pointees: Dict[str, str] = {}  # a pointer parameter -> the caller's local it points to
        for param, arg in zip(params, args):
            if isinstance(param, c_ast.Decl) and param.name:
                local = self.local_address(arg, frame) if isinstance(param.type, c_ast.PtrDecl) else None
                if local is not None:
                    pointees[param.name] = local
                    env[pointee_name(param.name)] = frame.env[local]
                referent = self.referent(arg, frame) if self.is_reference(param) else None
                if referent is not None:
                    references[param.name] = referent  # read and written where the callee uses it
                else:
                    env[param.name] = self.expression(arg, frame)
        callee = _Frame(env=env, mask=frame.mask, returns=[])
        for param, arg in zip(params, args):
            value = env.get(param.name) if isinstance(param, c_ast.Decl) and param.name else None
            if value is None:
                continue
            # `T rl[H][W]` takes the caller's array as a pointer to its rows of W
            rows = self.pointee_dims(param.type, callee) if value.pointer is not None else ()
            if rows:
                env[param.name] = replace(value, pointer=replace(value.pointer, row_dims=rows))
            fields = self.type_fields(param.type)
            if fields and value.pointer is None:  # a struct passed on: its members as the caller has them
                passed = [frame.env.get(f"{arg.name}.{field}") if isinstance(arg, c_ast.ID) else None
                          for field in fields]
                self.bind_fields(param.name, fields, value, callee, passed,
                                 pointers=self.type_pointers(self.declared_type(param.type)[0]))
        self.inline_depth += 1
        self.references.append(references)
        self.pointees.append({param: pointee_name(param) for param in pointees})
        outer_groups = self.groups
        names = [p.name for p in params if isinstance(p, c_ast.Decl) and p.name]
        self.groups = {**self.groups, **passed_groups(names, args, self.groups)}
        # the arguments were the caller's accesses; from here on they are the helper's, made at this call
        outer_calls = self.calls
        self.calls = (*self.calls, call)
        try:
            self.statement(function.body, callee)
        finally:
            self.inline_depth -= 1
            self.references.pop()
            self.pointees.pop()
            self.groups = outer_groups
            self.calls = outer_calls
        for param, local in pointees.items():
            frame.env[local] = callee.env[pointee_name(param)]
        if not callee.returns:
            return self.fresh()
        result = callee.returns[0]
        for other in callee.returns[1:]:
            result = sym.select(self.fresh(), result, other, self.threads, self.fresh)
        return result

    def _x_Assignment(self, node: c_ast.Assignment, frame: _Frame) -> LaneValue:
        value = self.expression(node.rvalue, frame)
        if node.op != "=":
            in_memory = self.local_field(node.lvalue, frame) is None and self.pointee(node.lvalue) is None
            if (in_memory and isinstance(node.lvalue, (c_ast.ArrayRef, c_ast.StructRef))) or (
                    in_memory and isinstance(node.lvalue, c_ast.UnaryOp) and node.lvalue.op == "*"):
                self.memory(node.lvalue, frame, "update")
                return value
            current = self.expression(node.lvalue, frame)
            value = self.binary(node.op[:-1], current, value)
        self.assign_to(node.lvalue, value, frame, store=True, select=isinstance(node.rvalue, c_ast.TernaryOp))
        if isinstance(node.lvalue, c_ast.ID):
            self.alias_pointer(node.lvalue.name, node.rvalue if node.op == "=" else None, frame)
        if isinstance(node.lvalue, c_ast.ID) and node.lvalue.name in self.field_names:
            source = node.rvalue.name if isinstance(node.rvalue, c_ast.ID) else None  # `a = b` copies b's fields
            self.bind_fields(node.lvalue.name, self.field_names[node.lvalue.name], value, frame, source=source)
        return value

    def assign_to(self, target: c_ast.Node, value: LaneValue, frame: _Frame, store: bool = False,
                  select: bool = False) -> None:
        if isinstance(target, c_ast.ID) and target.name in self.references[-1]:
            if store:
                self.record_access(self.references[-1][target.name], target, frame, "store", select)
        elif isinstance(target, c_ast.ID):
            if target.name not in self.shared:
                frame.env[target.name] = value
        elif (pointee := self.pointee(target)) is not None:
            frame.env[pointee] = value
        elif (key := self.local_field(target, frame)) is not None:
            frame.env[key] = value
            name = target.name.name
            if not value.is_uniform and frame.env[name].is_uniform:
                frame.env[name] = sym.opaque(value.indirect)  # the whole struct now differs across lanes
        elif store and isinstance(target, c_ast.FuncCall):
            # a call that returns a reference, assigned to: the callee's returned element is the store
            outer, self.stored_through = self.stored_through, self.inline_depth + 1
            try:
                self.expression(target, frame)
            finally:
                self.stored_through = outer
        elif store:
            self.memory(target, frame, "store", select=select)

    # -- memory ---------------------------------------------------------------------------------
    def address_of(self, node: c_ast.Node, frame: _Frame) -> LaneValue:
        located = self.locate(node, frame)
        if located is None:
            return sym.opaque() if not self.expression(node, frame).is_uniform else self.fresh()
        address, _, _, _ = located
        return address

    def locate(self, node: c_ast.Node, frame: _Frame):
        """(address with pointer target, access bytes, subscripts, field) of an lvalue, or None."""
        if isinstance(node, c_ast.StructRef) and node.type == ".":
            inner = self.locate(node.name, frame)
            if inner is None:
                return None
            address, _, subscripts, _ = inner
            layout = field_layout(address.pointer.element_type, node.field.name, self.unit)
            if layout is None:
                return None
            offset, size = layout
            return sym.add(address, self.const(offset), self.threads), size, subscripts, node.field.name
        if isinstance(node, c_ast.StructRef) and node.type == "->":
            return self.locate(c_ast.StructRef(c_ast.UnaryOp("*", node.name), ".", node.field), frame)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            base = self.expression(node.expr, frame)
            if base.pointer is None:
                return None
            return base, base.pointer.element_bytes, (), None
        if isinstance(node, c_ast.ArrayRef):
            chain: List[c_ast.Node] = []
            inner_node: c_ast.Node = node
            while isinstance(inner_node, c_ast.ArrayRef):
                chain.insert(0, inner_node.subscript)
                inner_node = inner_node.name
            indices = [self.expression(s, frame) for s in chain]
            if isinstance(inner_node, c_ast.ID) and inner_node.name in self.shared and inner_node.name not in frame.env:
                return self.shared_element(inner_node.name, indices)
            element = self.member_element(inner_node, indices, frame) if isinstance(inner_node, c_ast.StructRef) \
                else None
            if element is not None:
                return element
            base = self.expression(inner_node, frame)  # a pointer, possibly a struct's member
            if base.pointer is None or len(indices) != 1 + len(base.pointer.row_dims):
                return None
            linear = linear_index(indices, (None, *base.pointer.row_dims), self.threads)
            offset = self.element_offset(linear, base.pointer)
            return sym.add(base, offset, self.threads), base.pointer.element_bytes, tuple(indices[1:]), None
        return None

    def member_element(self, member: c_ast.StructRef, indices: List[LaneValue], frame: _Frame):
        """`p[k].a[i][j]`: one element of an array member of a struct in memory, or None."""
        found = self.locate(member, frame)
        if found is None:
            return None
        address, _, subscripts, field = found
        shape = self.member_array(address, field)
        if shape is None or len(indices) != len(shape[1]):
            return None
        element_bytes, dims = shape
        linear = linear_index(indices, dims, self.threads)
        if linear is None:
            return None
        return sym.add(address, sym.scale(linear, element_bytes), self.threads), element_bytes, subscripts, field

    def member_array(self, address: LaneValue, field: Optional[str]) -> Optional[Tuple[int, Tuple[int, ...]]]:
        """(element bytes, dimensions) when `field` of the struct `address` points into is an array."""
        layout = self.unit.structs.get(address.pointer.element_type) if address.pointer and field else None
        return layout.arrays.get(field) if layout is not None and field else None

    def shared_element(self, name: str, indices: List[LaneValue]):
        array = self.shared[name]
        target = shared_target(name, array)
        if array.element.element_size is None or len(indices) != len(array.dims):
            return None
        linear = linear_index(indices, array.dims, self.threads)
        if linear is None:
            return None
        address = replace(sym.scale(linear, array.element.element_size), pointer=target)
        return address, array.element.element_size, tuple(indices), None

    def memory(self, node: c_ast.Node, frame: _Frame, kind: str, located: Optional[c_ast.Node] = None,
               select: bool = False) -> LaneValue:
        """Record an access to `node` and return the value it reads."""
        found = self.locate(node, frame)
        if found is None:
            # a local array or a by-value struct: uniform when what selects the element is
            parts = [node.name] if isinstance(node, c_ast.StructRef) else list(node)
            values = [self.expression(part, frame) for part in parts]
            return self.fresh(_spelling(node)) if all(v.is_uniform for v in values) else sym.opaque(indirect=True)
        if isinstance(node, c_ast.StructRef) and self.member_array(found[0], found[3]) is not None:
            return sym.opaque()  # an array member decays to a pointer: nothing is read
        value = self.record_access(found, located or node, frame, kind, select)
        member = self.type_pointers(found[0].pointer.element_type).get(found[3]) \
            if isinstance(node, c_ast.StructRef) and found[0].pointer is not None and found[3] else None
        # a pointer member read from memory (`p->out`, the same in every lane): the buffer it points to
        return self.buffer(_spelling(node), member) if member is not None and value.is_uniform else value

    def record_access(self, found: tuple, node: c_ast.Node, frame: _Frame, kind: str,
                      select: bool = False) -> LaneValue:
        """Record an access at `node` to the element `locate` found, by the lanes `frame` runs; return
        the value it reads. `select`: a store of a conditional expression."""
        address, size, subscripts, field = found
        if address.pointer is not None and size:
            pieces = access_pieces(address.pointer, size, field, self.unit)
            for offset, width in pieces:
                piece = sym.add(address, sym.constant(offset, self.threads), self.threads) if offset else address
                self._record(MemoryAccess(node=node, target=address.pointer, kind=kind, access_bytes=width,
                                          address=replace(piece, pointer=None), active=frame.mask,
                                          subscripts=subscripts, field=field,
                                          piece_of=size if len(pieces) > 1 else None,
                                          loops=self.unrolled_loops(), stores_select=select))
        if address.is_uniform:
            return self.fresh(_spelling(node))
        return sym.opaque(indirect=True)

    # -- statements -----------------------------------------------------------------------------
    def statement(self, node: Optional[c_ast.Node], frame: _Frame) -> None:
        if node is None:
            return
        method = getattr(self, f"_s_{type(node).__name__}", None)
        if method is not None:
            method(node, frame)
        else:
            self.expression(node, frame)

    def _s_Compound(self, node: c_ast.Compound, frame: _Frame) -> None:
        for item in node.block_items or ():
            self.statement(item, frame)

    def _s_Typedef(self, node: c_ast.Typedef, frame: _Frame) -> None:
        """A local alias (`using T2_2 = __nv_bfloat162;` in a kernel) names its type from here on, as the
        modelled instantiation's type parameters do."""
        base, depth = self.declared_type(node.type)
        if base and not depth:
            self.type_arguments[node.name] = base

    def _s_DeclList(self, node: c_ast.DeclList, frame: _Frame) -> None:
        for decl in node.decls:
            self._s_Decl(decl, frame)

    def _s_Decl(self, node: c_ast.Decl, frame: _Frame) -> None:
        if not node.name or node.name in self.shared or isinstance(node.type, c_ast.FuncDecl):
            return
        if isinstance(node.type, c_ast.ArrayDecl):
            if node.init is not None:
                self.expression(node.init, frame)  # its elements' loads happen
            frame.env[node.name] = sym.opaque()
            return
        built = constructed(node.init)
        if node.init is None or isinstance(node.init, c_ast.InitList) or built is not None:
            items = built[1] if built is not None else node.init.exprs if node.init is not None else []
            values = [self.expression(item, frame) for item in items]
            whole = self.fresh(node.name) if all(v.is_uniform for v in values) \
                else sym.opaque(any(v.indirect for v in values))
            frame.env[node.name] = whole
            base = self.declared_type(node.type)[0]
            fields = self.type_fields(node.type)
            if node.init is not None:
                values = self.field_values(base, values, len(fields))
            self.bind_fields(node.name, fields, whole, frame, values, pointers=self.type_pointers(base))
            return
        threads = group_threads(node, self.threads)
        if threads is not None:
            self.groups[node.name] = threads
        referent = self.referent(node.init, frame) if self.is_reference(node) else None
        if referent is not None:
            self.references[-1][node.name] = referent  # `float &acc = s[t];`: an other name for s[t]
            return
        first_fresh = self._fresh_count + 1
        value = self._named(self.expression(node.init, frame), node.name, first_fresh)
        base, depth = self.declared_type(node.type)
        rows = self.pointee_dims(node.type, frame)
        if value.pointer is not None and (depth == 1 or rows) and base and (
                base != value.pointer.element_type or rows != value.pointer.row_dims):
            value = replace(value, pointer=replace(value.pointer, element_type=base, row_dims=rows,
                                                   element_bytes=type_bytes(base, self.unit)))
        frame.env[node.name] = value
        self.alias_pointer(node.name, node.init, frame)
        if value.pointer is None:
            source = node.init.name if isinstance(node.init, c_ast.ID) else None
            # `auto t = threadIdx;` names no type, but its fields are the built-in's
            fields = self.type_fields(node.type) or (tuple("xyz") if source in INDEX_VARIABLES else ())
            self.bind_fields(node.name, fields, value, frame, source=source, pointers=self.type_pointers(base))

    def pointee_dims(self, declared: c_ast.Node, frame: _Frame) -> Tuple[int, ...]:
        """The array dimensions a pointer to an array points to (`[Z][Z]` of `T (*x)[Z][Z]`, or `[W]` of a
        parameter `T x[H][W]`, which is one); () for any other declaration, or when a dimension is not a
        constant here."""
        if not isinstance(declared, (c_ast.PtrDecl, c_ast.ArrayDecl)) or not isinstance(declared.type, c_ast.ArrayDecl):
            return ()
        dims: List[int] = []
        node: c_ast.Node = declared.type
        while isinstance(node, c_ast.ArrayDecl):
            dim = self.expression(node.dim, frame).single_constant() if node.dim is not None else None
            if dim is None or dim <= 0:
                return ()
            dims.append(dim)
            node = node.type
        return tuple(dims)

    def _named(self, value: LaneValue, name: str, first_fresh: int) -> LaneValue:
        """An initialiser this walk cannot express (`n / sizeof(float)`) makes an unnamed unknown; it
        takes the local's name, which is what the user reads in the access that uses it. Only an
        unknown made by this initialiser is renamed: nothing else can hold it yet."""
        if value.pointer is not None or len(value.terms) != 1:
            return value
        (monomial, vec), = value.terms
        label, _, number = monomial[0].partition("#") if len(monomial) == 1 else ("", "", "")
        if label != "u" or not number or int(number) < first_fresh or set(vec) != {1}:
            return value
        return sym.symbol(f"{name}#{number}", self.threads)

    def _s_Return(self, node: c_ast.Return, frame: _Frame) -> None:
        if node.expr is None:
            return
        if self.stored_through == self.inline_depth and isinstance(node.expr, c_ast.ArrayRef):
            # `c.at(row, col) = v` with `int &at(...) { return data[...]; }`: the element is written
            self.memory(node.expr, frame, "store")
            frame.returns.append(self.fresh())
            return
        frame.returns.append(self.expression(node.expr, frame))

    def _s_If(self, node: c_ast.If, frame: _Frame) -> None:
        self.branches(self._condition(node.cond, frame), node.iftrue, node.iffalse, frame)

    def _condition(self, node: c_ast.Node, frame: _Frame) -> _Condition:
        """A condition's value and the lanes that can take each side. For `A && B` with only A known per
        thread, B is a runtime guard, assumed to hold where A does (`threadIdx.x == 0 && i >= 1` runs in
        lane 0 of each row); any lane may fail it."""
        if isinstance(node, c_ast.UnaryOp) and node.op == "!":
            inner = self._condition(node.expr, frame)
            return _Condition(self.expression(node, frame), inner.false_lanes, inner.true_lanes)
        if not isinstance(node, c_ast.BinaryOp) or node.op not in ("&&", "==", "!="):
            return _Condition(self.expression(node, frame))
        if node.op != "&&":
            left, right = self.expression(node.left, frame), self.expression(node.right, frame)
            value = self.binary(node.op, left, right)
            equal = None if value.is_concrete else one_value_lanes(self.binary("-", left, right), frame.mask)
            return _Condition(value, equal, None) if node.op == "==" else _Condition(value, None, equal)
        sides = [self._condition(side, frame) for side in (node.left, node.right)]
        value = self.binary("&&", sides[0].value, sides[1].value)
        if value.is_concrete:
            return _Condition(value)
        known = [side.value.constant_part(self.threads) if side.value.is_concrete else side.true_lanes
                 for side in sides]
        known = [lanes for lanes in known if lanes is not None]
        if not known:
            return _Condition(value)
        return _Condition(value, tuple(all(bool(k[i]) for k in known) for i in range(self.threads)))

    def branches(self, cond: _Condition, if_true, if_false, frame: _Frame) -> None:
        true_mask, false_mask = cond.sides(frame.mask, self.threads)
        then_frame = _Frame(dict(frame.env), true_mask, frame.returns)
        else_frame = _Frame(dict(frame.env), false_mask, frame.returns)
        if any(true_mask):
            self.statement(if_true, then_frame)
        if any(false_mask):
            self.statement(if_false, else_frame)
        # only a local that a branch rebound can change; the others keep their value
        changed = [*rebound(frame.env, then_frame.env), *rebound(frame.env, else_frame.env)]
        for name in dict.fromkeys(changed):
            a = then_frame.env.get(name, frame.env.get(name))
            b = else_frame.env.get(name, frame.env.get(name))
            if a is None or b is None:
                continue
            frame.env[name] = sym.select(cond.value, a, b, self.threads, self.fresh)

    def _s_Switch(self, node: c_ast.Switch, frame: _Frame) -> None:
        self.expression(node.cond, frame)
        self.loop_body(node.stmt, frame)

    def _s_Case(self, node: c_ast.Case, frame: _Frame) -> None:
        for item in node.stmts or ():
            self.statement(item, frame)

    def _s_Default(self, node: c_ast.Default, frame: _Frame) -> None:
        for item in node.stmts or ():
            self.statement(item, frame)

    def _s_Label(self, node: c_ast.Label, frame: _Frame) -> None:
        self.statement(node.stmt, frame)

    def folded(self, node: c_ast.Node, frame: _Frame) -> bool:
        """Run a loop whose state is constant and whose body reads no memory (`while (n >>= 1) ret++;` of
        a constexpr log2) iteration by iteration, as the compiler folds it, and keep what it computes;
        False, with nothing changed, for any other loop or one that runs past _FOLDED_TRIPS."""
        parts = [getattr(node, name, None) for name in ("cond", "next", "stmt")]
        if node.cond is None or any(_reads_memory(part) or _leaves_early(part) for part in parts) \
                or self.syntax(_node_count, node.stmt) > _FOLDED_NODES:
            return False
        trial = _Frame(dict(frame.env), frame.mask, [])
        was_recording, self.recording = self.recording, False
        try:
            for _ in range(_FOLDED_TRIPS):
                if isinstance(node, c_ast.DoWhile):
                    self.statement(node.stmt, trial)
                going = self.expression(node.cond, trial).single_constant()
                if going is None:
                    return False
                if not going:
                    break
                if not isinstance(node, c_ast.DoWhile):
                    self.statement(node.stmt, trial)
                    self.statement(getattr(node, "next", None), trial)
            else:
                return False
        finally:
            self.recording = was_recording
        changed = list(rebound(frame.env, trial.env))
        if any(trial.env[name].single_constant() is None for name in changed):
            return False
        frame.env.update({name: trial.env[name] for name in changed})
        return True

    def _s_While(self, node: c_ast.While, frame: _Frame) -> None:
        if self.folded(node, frame):
            return
        # `while (stride < 256) { ...; stride *= 2; }`: each iteration, as for a multiplying for-counter
        for name, (op, step) in self.syntax(scaled_locals, node.stmt).items():
            values = self.enumerate_values(node.cond, name, op, step, frame)
            if values is not None:
                for value in values:
                    frame.env[name] = self.const(value)
                    self.loop_body(node.stmt, frame, fixed=self.in_step(node.stmt, name, frame))
                frame.env[name] = self.fresh(name)
                return
        self.expression(node.cond, frame)
        self.loop_body(node.stmt, frame)

    def _s_DoWhile(self, node: c_ast.DoWhile, frame: _Frame) -> None:
        if not self.folded(node, frame):
            self.loop_body(node.stmt, frame, node.cond)

    def _s_For(self, node: c_ast.For, frame: _Frame) -> None:
        if node.init is not None:
            # a clamp that starts a loop picks each lane's iterations (ppcg's `c3 = ppcg_max(0, 184 * t0 -
            # c1)` in HeCBench chemv runs a few lanes at a time), not an image border's pixel
            self.starting_loop = True
            try:
                self.statement(node.init, frame)
            finally:
                self.starting_loop = False
        if self.folded(node, frame):
            return
        counter = loop_counter(node)
        for values_of, assumed in ((self.enumerate_counter, False), (self.values_below_shared_size, True),
                                   (self.few_steps, False)):
            values = values_of(node, counter, frame) if counter else None
            if values is not None:
                self.enumerated_loop(node, counter, values, frame, assumed)
                return
        if counter and counter in frame.env and not frame.env[counter].opaque:
            step = _additive_step(node.next, counter)
            if step is not None:
                increment = self.expression(step, frame)
                if increment.is_uniform:
                    trip = self.constant_trip(node, counter, increment, frame)
                    iteration = sym.symbol(f"{counter}.iter", self.threads)
                    frame.env[counter] = sym.add(frame.env[counter],
                                                 sym.multiply(increment, iteration, self.threads, self.fresh),
                                                 self.threads)
                    entry = [(f"{counter}.iter", trip, self.loop_depth + 1, self.pragma_unrolled(node, trip))] \
                        if trip else []
                    self.constant_loops.extend(entry)
                    try:
                        self.loop_body(c_ast.Compound([node.stmt] if node.stmt else []), frame, node.cond,
                                       fixed=(counter,))
                    finally:
                        del self.constant_loops[len(self.constant_loops) - len(entry):]
                    return
        self.loop_body(c_ast.Compound([s for s in (node.stmt, node.next) if s is not None]), frame, node.cond)

    def constant_trip(self, node: c_ast.For, counter: str, increment: LaneValue, frame: _Frame) -> Optional[int]:
        """How many times `for (counter = a; counter < b; counter += c)` runs when a, b and c are
        constants (b read without touching memory); None otherwise."""
        cond, start, step = node.cond, frame.env[counter].single_constant(), increment.single_constant()
        if not isinstance(cond, c_ast.BinaryOp) or cond.op not in ("<", "<=") or start is None or not step \
                or step < 0 or not (isinstance(cond.left, c_ast.ID) and cond.left.name == counter) \
                or self.syntax(_reads_memory, cond.right) \
                or any(_mentions(cond.right, name) for name in self.kernel.argument_values):
            # a bound the launch passes is a runtime value to nvcc, which neither unrolls the loop nor merges
            # its accesses into vector ones
            return None
        bound = self.expression(cond.right, frame).single_constant()
        if bound is None:
            return None
        end = bound + (1 if cond.op == "<=" else 0)
        return max(0, -(-(end - start) // step))

    def enumerate_counter(self, node: c_ast.For, counter: str, frame: _Frame) -> Optional[List[int]]:
        """The counter's values when it starts at a constant and is multiplied or shifted by one."""
        start = frame.env.get(counter)
        nxt = node.next
        if start is None or start.single_constant() is None or not isinstance(nxt, c_ast.Assignment) \
                or nxt.op not in LOOP_MULTIPLY or not isinstance(node.cond, c_ast.BinaryOp):
            return None
        step = self.expression(nxt.rvalue, frame).single_constant()
        if not step or (nxt.op in ("*=", "/=") and step < 2):
            return None
        return self.enumerate_values(node.cond, counter, nxt.op, step, frame)

    def values_below_shared_size(self, node: c_ast.For, counter: str, frame: _Frame) -> Optional[List[int]]:
        """The values of a counter that starts at a constant and grows by a constant factor up to a
        runtime bound (`for (stride = 1; stride < n; stride <<= 1)`, a sort's merge width), up to the
        element count of the kernel's largest shared array: past it the counter would index outside
        every shared array (every value is counted; the message says so)."""
        start = frame.env.get(counter)
        nxt = node.next
        if start is None or not start.single_constant() or start.single_constant() < 0 \
                or not isinstance(nxt, c_ast.Assignment) or nxt.op not in ("*=", "<<=") or not self.shared:
            return None
        step = self.expression(nxt.rvalue, frame).single_constant()
        if not step or (nxt.op == "*=" and step < 2):
            return None
        limit = max((a.size_bytes // a.element.element_size for a in self.shared.values()
                     if a.size_bytes and a.element.element_size), default=0)
        values, value = [], start.single_constant()
        while value < limit and len(values) < MAX_ENUMERATED_ITERATIONS:
            values.append(value)
            value = LOOP_MULTIPLY[nxt.op](value, step)
        return values or None

    def few_steps(self, node: c_ast.For, counter: str, frame: _Frame) -> Optional[List[int]]:
        """The counter's values when it steps by a constant from a constant to a constant bound in a few
        steps over a shared array (`for (j = 0; j < TILE; j += ROWS) tile[ty + j][tx]`), or in up to
        MAX_ENUMERATED_ITERATIONS steps when the body carries a local into a shared subscript from one
        iteration to the next (`s[pos]; pos = (pos + 4) & 63;`, histogram64's staggered sum) or puts the
        counter into a subscript through bits (`src[fmem | (i << 1)]`, which a symbol cannot carry): each
        is walked, so a tile's rows, the carried local's values or the subscript's bits are known."""
        step_node = _additive_step(node.next, counter)
        if step_node is None:
            return None
        derived = self.syntax(_derived_names, node.stmt, counter)
        if self.carried_locals(node.stmt, counter, frame) or self.syntax(_bitwise_subscript, node.stmt, derived):
            limit = MAX_ENUMERATED_ITERATIONS
        elif not self.syntax(_shared_subscript_names, node.stmt, frozenset(self.shared)).isdisjoint(derived):
            limit = MAX_FEW_STEPS
        else:
            return None  # elsewhere a uniform symbol for the counter costs the same, in one walk
        step = self.expression(step_node, frame).single_constant()
        return self.enumerate_values(node.cond, counter, "+=", step, frame, limit) if step else None

    def carried_locals(self, body: Optional[c_ast.Node], counter: str, frame: _Frame) -> Tuple[str, ...]:
        """Locals, known per lane, that the body reassigns and that index shared memory (an array or
        a pointer into one): walked step by step, each iteration takes them from the one before."""
        bases = set(self.shared) | {name for name, value in frame.env.items()
                                    if value.pointer is not None and value.pointer.space == "shared"}
        subscripting = self.syntax(_shared_subscript_names, body, frozenset(bases))
        return tuple(name for name in self.syntax(_assigned_names, body) if name != counter and name in frame.env
                     and not frame.env[name].opaque and name in subscripting)

    def enumerate_values(self, cond: Optional[c_ast.Node], name: str, op: str, step: int,
                         frame: _Frame, limit: int = MAX_ENUMERATED_ITERATIONS) -> Optional[List[int]]:
        """The values of `name`, from its constant value now and advanced by `op step` (`*=`, `<<=`,
        `+=` ...), for which `cond` holds, when it holds for at most `limit` of them and then fails."""
        start = frame.env.get(name)
        if start is None or start.single_constant() is None or not isinstance(cond, c_ast.BinaryOp):
            return None
        advance = LOOP_MULTIPLY.get(op, lambda v, s: v + s)
        values, value = [], start.single_constant()
        while len(values) <= limit:
            frame.env[name] = self.const(value)
            if self.expression(cond, frame).single_constant() in (None, 0):
                break
            values.append(value)
            value = advance(value, step)
        frame.env[name] = start
        ended = self.expression(cond, _Frame({**frame.env, name: self.const(value)}, frame.mask, []))
        if not values or len(values) > limit or ended.single_constant() != 0:
            return None
        return values

    def enumerated_loop(self, node: c_ast.For, counter: str, values: List[int], frame: _Frame,
                        assumed: bool = False) -> None:
        outer = self.assumed
        self.enumerated_depths.append(self.loop_depth + 1)
        try:
            for value in values:
                frame.env[counter] = self.const(value)
                if assumed:
                    self.assumed = (counter, value)
                self.loop_body(node.stmt, frame, fixed=self.in_step(node.stmt, counter, frame))
        finally:
            self.enumerated_depths.pop()
        self.assumed = outer
        frame.env[counter] = self.fresh(counter)

    def unrolled_loops(self) -> Tuple[Tuple[str, int, bool], ...]:
        """The constant loops walked as one symbolic iteration around the access, innermost first, as
        long as only constant loops lie between them and the access: nvcc may unroll such a nest whole
        and put an outer loop's iterations side by side (`for (k < 8) for (i < 4) acc[i] += as[4 * r +
        i][k]` loads as[..][k..k+3] with one LDS.128 on the H100). Loops walked value by value are
        constant loops; a loop of a runtime count ends the nest."""
        nest: List[Tuple[str, int, bool]] = []
        reached = self.loop_depth
        for symbol, trip, depth, pragma in reversed(self.constant_loops):
            if not all(inner in self.enumerated_depths for inner in range(depth + 1, reached + 1)):
                break
            nest.append((symbol, trip, pragma))
            reached = depth - 1
        return tuple(nest)

    def pragma_unrolled(self, node: c_ast.For, trip: int) -> bool:
        """Whether `#pragma unroll` (without a count, or with one of at least `trip`) stands right above
        the loop: nvcc then unrolls it whole, however long."""
        span = self.unit.span(node)
        lines = self.unit.lines_of(span.path)
        above = (line.strip() for line in reversed(lines[:max(span.line - 1, 0)]))
        previous = next((line for line in above if line), "")
        match = _PRAGMA_UNROLL.match(previous)
        return bool(match) and (match.group(1) is None or int(match.group(1)) >= trip)

    def in_step(self, body: Optional[c_ast.Node], counter: str, frame: _Frame) -> Tuple[str, ...]:
        """The counter of a loop walked iteration by iteration, and the locals its body scales that hold
        a constant: they keep their values in step with it (a scan's `offset` doubles while `d` halves,
        so `if (t < d)` pairs each offset with the lanes that use it)."""
        scaled = (name for name in self.syntax(scaled_locals, body) if name != counter and name in frame.env
                  and frame.env[name].single_constant() is not None)
        return (counter, *scaled, *self.carried_locals(body, counter, frame))

    def loop_body(self, body: Optional[c_ast.Node], frame: _Frame, cond: Optional[c_ast.Node] = None,
                  fixed: Tuple[str, ...] = ()) -> None:
        """A representative iteration: locals the body changes by a uniform amount get a uniform
        unknown offset, locals it changes otherwise become opaque; then the body is walked again."""
        self.loop_depth += 1
        try:
            self._loop_body(body, frame, cond, fixed)
        finally:
            self.loop_depth -= 1

    def _loop_body(self, body: Optional[c_ast.Node], frame: _Frame, cond: Optional[c_ast.Node],
                   fixed: Tuple[str, ...]) -> None:
        before = dict(frame.env)
        was_recording = self.recording
        self.recording = False
        trial = _Frame(dict(frame.env), frame.mask, [])
        self.statement(body, trial)
        if cond is not None:
            self.expression(cond, trial)
        self.recording = was_recording
        scaled = self.syntax(scaled_locals, body)
        for name in rebound(before, trial.env):
            after = trial.env[name]
            if name not in before or name in fixed or after == before[name]:
                continue
            values = self.scaled_values(before[name], *scaled[name]) if name in scaled else None
            if values:
                frame.env[name] = self.scaled_symbol(name, values)
            elif sym.difference_is_uniform(before[name], after, self.threads):
                frame.env[name] = sym.add(before[name], self.fresh(name), self.threads)
            else:
                frame.env[name] = sym.opaque(after.indirect)
        self.statement(body, frame)
        if cond is not None:
            self.expression(cond, frame)

    def scaled_family(self, value: LaneValue) -> Optional[Tuple[int, Tuple[int, ...]]]:
        """(k, values) when `value` is k times a scaled local's symbol, nothing added."""
        if len(value.terms) == 1 and len(value.terms[0][0]) == 1 and value.terms[0][0][0] in self.scaled \
                and is_flat(value.terms[0][1]) and not value.opaque:
            return value.terms[0][1][0], self.scaled[value.terms[0][0][0]]
        return None

    def scaled_invariant(self, a: LaneValue, b: LaneValue, operation: Callable[[int, int], int]) -> Optional[LaneValue]:
        """The result of an operation the symbolic algebra cannot carry (a shift by a lane's own value) on
        operands that hold one scaled local, when every value the local can take gives the same lanes:
        GPU Gems' CONFLICT_FREE_OFFSET(ai), `ai >> NUM_BANKS + ai >> 10`, parses as a shift of ai by more
        than its bits, 0 for every `offset` of a scan's `ai = offset * (2 * t + 1) - 1`."""
        if a.opaque or b.opaque:
            return None
        names = {s for value in (a, b) for m, _ in value.terms for s in m}
        if len(names) != 1 or not names <= self.scaled.keys():
            return None
        name = names.pop()
        results = set()
        # 0 is left out as the access records leave it out: `offset >>= 1` from 1 would end the scan's loop
        for number in (v for v in self.scaled[name] if v):
            left, right = (sym.substitute(value, name, number, self.threads) for value in (a, b))
            try:
                results.add(tuple(map(operation, left.constant_part(self.threads), right.constant_part(self.threads))))
            except (ZeroDivisionError, ValueError):
                return None
            if len(results) > 1:
                return None
        return sym.vector(results.pop()) if results else None

    def scaled_symbol(self, label: str, values: Tuple[int, ...]) -> LaneValue:
        symbol = self.fresh(label.split("#", 1)[0])
        self.scaled[symbol.terms[0][0][0]] = values
        return symbol

    def scaled_values(self, start: LaneValue, op: str, step: int) -> Optional[Tuple[int, ...]]:
        """What a local that starts at `start` and is scaled by `op step` each iteration can hold: from a
        constant, or from any value of an earlier scaled local (a scan's down-sweep after its up-sweep)."""
        family = self.scaled_family(start)
        if start.single_constant() is not None:
            starts = [start.single_constant()]
        elif family is not None:
            starts = [family[0] * v for v in family[1]]
        else:
            return None
        values = set()
        for value in starts:
            for _ in range(MAX_ENUMERATED_ITERATIONS):
                if value == 0 or abs(value) > MAX_SCALED_VALUE:
                    break
                values.add(value)
                value = LOOP_MULTIPLY[op](value, step)
        return tuple(sorted(values, key=abs)[:MAX_ENUMERATED_ITERATIONS + 1]) or None


def pointee_name(param: str) -> str:
    """The callee's local for what pointer parameter `param` points to: `*param`, which no C name spells."""
    return f"*{param}"


def dereferenced_pointer(node: c_ast.Node) -> Optional[str]:
    """`p` of `*p` or `p[0]`, the one object a pointer to a scalar points to."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "*":
        pointer = node.expr
    elif isinstance(node, c_ast.ArrayRef) and isinstance(node.subscript, c_ast.Constant) \
            and int_literal(node.subscript.value) == 0:
        pointer = node.name
    else:
        return None
    return pointer.name if isinstance(pointer, c_ast.ID) else None


def addressed_name(node: c_ast.Node) -> Optional[str]:
    """`x` of the argument `&x`."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ID):
        return node.expr.name
    return None


def _spelling(node: c_ast.Node) -> str:
    """C text of an expression, to name the unknown uniform value it reads in messages."""
    return c_generator.CGenerator().visit(node)


def linear_index(indices: Sequence[LaneValue], dims: Sequence[Optional[int]], threads: int) -> Optional[LaneValue]:
    """Row-major element index of a multi-dimensional subscript."""
    total = indices[0]
    for index, dim in zip(indices[1:], dims[1:]):
        if dim is None:
            return None
        total = sym.add(sym.scale(total, dim), index, threads)
    return total


def loop_counter(node: c_ast.For) -> Optional[str]:
    """The name a for loop counts with (its `.iter` symbol in the walk): from its initialization, else its step."""
    init = node.init
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1:
        return init.decls[0].name
    if isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
        return init.lvalue.name
    nxt = node.next
    if isinstance(nxt, (c_ast.Assignment, c_ast.UnaryOp)):
        target = nxt.lvalue if isinstance(nxt, c_ast.Assignment) else nxt.expr
        if isinstance(target, c_ast.ID):
            return target.name
    return None


def _additive_step(nxt: Optional[c_ast.Node], counter: str) -> Optional[c_ast.Node]:
    """The expression added to the counter each iteration (i++, i += s, i = i + s), or None."""
    if isinstance(nxt, c_ast.UnaryOp) and isinstance(nxt.expr, c_ast.ID) and nxt.expr.name == counter:
        if nxt.op in ("++", "p++"):
            return c_ast.Constant("int", "1")
        if nxt.op in ("--", "p--"):
            return c_ast.Constant("int", "-1")
    if isinstance(nxt, c_ast.Assignment) and isinstance(nxt.lvalue, c_ast.ID) and nxt.lvalue.name == counter:
        if nxt.op == "+=":
            return nxt.rvalue
        if nxt.op == "-=":
            return c_ast.UnaryOp("-", nxt.rvalue)
        rv = nxt.rvalue
        if nxt.op == "=" and isinstance(rv, c_ast.BinaryOp) and rv.op == "+" and \
                isinstance(rv.left, c_ast.ID) and rv.left.name == counter:
            return rv.right
    return None


def _shared_subscript_names(body: Optional[c_ast.Node], shared: FrozenSet[str]) -> FrozenSet[str]:
    """The names that appear in a subscript of one of the `shared` arrays (or pointers) in `body`: one
    visit answers for every local (a hand-unrolled body of thousands of statements has dozens)."""
    names: Set[str] = set()
    for node in walk(body):
        if isinstance(node, c_ast.ArrayRef) and _root_name(node) in shared:
            names.update(part.name for part in walk(node.subscript) if isinstance(part, c_ast.ID))
    return frozenset(names)


_BIT_OPERATORS = ("|", "^", "&")

# iterations a constant loop is run for before the walk gives up on folding it: a log2 or a popcount of a
# 64-bit constant takes at most 64
_FOLDED_TRIPS = 64
# the syntax nodes a folded loop's body may have: a log2 or popcount is a statement or two, while a
# hand-unrolled arithmetic body (SHOC MaxFlops: 3,200 statements) would be walked once per trip for nothing
_FOLDED_NODES = 200


def _node_count(body: Optional[c_ast.Node]) -> int:
    return sum(1 for _ in walk(body))


def _leaves_early(node: Optional[c_ast.Node]) -> bool:
    return any(isinstance(part, (c_ast.Break, c_ast.Continue, c_ast.Return, c_ast.Goto)) for part in walk(node)) \
        if node is not None else False


def _reads_memory(node: Optional[c_ast.Node]) -> bool:
    """Whether evaluating `node` would read memory or call a function (so it is not walked twice)."""
    return any(isinstance(part, (c_ast.ArrayRef, c_ast.FuncCall)) or (isinstance(part, c_ast.UnaryOp)
               and part.op == "*") for part in walk(node)) if node is not None else False


def _bitwise_subscript(body: Optional[c_ast.Node], names: FrozenSet[str]) -> bool:
    """Whether a subscript in `body` combines one of `names` with bit operations (`a[f | (i << 1)]`)."""
    return any(isinstance(node, c_ast.ArrayRef) and any(
        isinstance(part, c_ast.BinaryOp) and part.op in _BIT_OPERATORS and any(_mentions(part, n) for n in names)
        for part in walk(node.subscript)) for node in walk(body))


def _derived_names(body: Optional[c_ast.Node], name: str) -> FrozenSet[str]:
    """`name` and the locals `body` computes from it, directly or through each other
    (`tid = threadIdx.x + iteration * 128; ai = offset * (2 * tid + 1) - 1;` for `iteration`)."""
    sources = [(node.lvalue.name, node.rvalue) for node in walk(body)
               if isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID)]
    sources += [(node.name, node.init) for node in walk(body) if isinstance(node, c_ast.Decl) and node.init is not None]
    derived = {name}
    grown = True
    while grown:
        grown = False
        for target, value in sources:
            if target not in derived and any(_mentions(value, known) for known in derived):
                derived.add(target)
                grown = True
    return frozenset(derived)


def _assigned_names(body: Optional[c_ast.Node]) -> Tuple[str, ...]:
    """Locals `body` assigns (`x = ...`, `x op= ...`), in order, once each."""
    names: List[str] = []
    stack = [body] if body is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID) and node.lvalue.name not in names:
            names.append(node.lvalue.name)
        stack.extend(reversed([child for _, child in node.children()]))
    return tuple(names)


def _mentions(node: c_ast.Node, name: str) -> bool:
    return (isinstance(node, c_ast.ID) and node.name == name) or any(_mentions(child, name) for child in node)


def evaluate_kernel(unit: TranslationUnit, kernel: Kernel, shape: Tuple[int, int, int]) -> List[List[MemoryAccess]]:
    """Every memory access site of `kernel` under block shape `shape`, one record per evaluation."""
    return LaneWalker(unit, kernel, shape).run()


# The lane walk of a kernel under one block shape, by id(kernel) and then the shape. The block-shape
# choice and the coalescing and bank-conflict families all need it and it is the costliest analysis,
# so it runs once per file check; the records hold AST nodes but never the kernel.
_EVALUATIONS: Dict[int, Dict[Tuple[int, int, int], List[List[MemoryAccess]]]] = {}


def evaluations(unit: TranslationUnit, kernel: Kernel, dims: Tuple[int, int, int]) -> List[List[MemoryAccess]]:
    """evaluate_kernel(unit, kernel, dims), computed once per kernel (of `unit`) and block shape."""
    return per_kernel(_EVALUATIONS, kernel, dims, lambda: evaluate_kernel(unit, kernel, dims))


def _root_name(node: c_ast.Node) -> Optional[str]:
    while isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)):
        node = node.name
    return node.name if isinstance(node, c_ast.ID) else None


def only_subscripted(body: c_ast.Node, name: str, depth: int) -> bool:
    """Every use of `name` in `body` is a full `name[i][j]...` subscript (no pointer escapes it)."""
    stack: List[Tuple[c_ast.Node, int]] = [(body, 0)]
    while stack:
        current, subscripts = stack.pop()
        if isinstance(current, c_ast.ID) and current.name == name and subscripts != depth:
            return False
        if isinstance(current, c_ast.UnaryOp) and current.op == "&" and _root_name(current.expr) == name:
            return False
        if isinstance(current, c_ast.ArrayRef):
            stack.append((current.name, subscripts + 1))
            stack.append((current.subscript, 0))
            continue
        stack.extend((child, 0) for child in current)
    return True
