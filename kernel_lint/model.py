"""The kernel model: what the front end hands to the analyses.

Everything here refers to the user's original source through SourceRange (never to the lowered
text pycparser saw). Statement trees are pycparser c_ast nodes; `TranslationUnit.span(node)` and
`TranslationUnit.source_text(node)` map any node back to the user's file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

from pycparser import c_ast

from kernel_lint.findings import SourceRange



def walk(node: Optional[c_ast.Node]) -> Iterator[c_ast.Node]:
    """`node` and everything under it, in source order."""
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed([child for _, child in current.children()]))

@dataclass(frozen=True)
class CType:
    """A C type as the analyses need it: spelled name, pointer depth, size of what an index reads."""

    spelling: str  # as written after lowering, e.g. "const float *", "float4", "T"
    base: str  # element type name without qualifiers/pointers: "float", "float4", "MyStruct", "T"
    pointer_depth: int = 0
    is_const: bool = False
    is_restrict: bool = False
    element_size: Optional[int] = None  # bytes of `base`; None when unknown (opaque or template T)


@dataclass(frozen=True)
class Param:
    name: str
    type: CType
    range: SourceRange
    # the template arguments its struct type is written with (`Param<__nv_fp8_e4m3, float> p`), as written
    type_arguments: Tuple[str, ...] = ()


@dataclass(frozen=True)
class SharedArray:
    name: str
    element: CType
    dims: Tuple[Optional[int], ...]  # e.g. (32, 33); None for an unknown or extern [] dimension
    is_dynamic: bool  # extern __shared__ T name[];
    range: SourceRange
    dim_expressions: Tuple[str, ...] = ()  # the dimensions as written, for messages and fixes
    dim_ranges: Tuple[Optional[SourceRange], ...] = ()  # where each dimension is written (for --fix)

    @property
    def size_bytes(self) -> Optional[int]:
        if self.is_dynamic or self.element.element_size is None or any(d is None for d in self.dims):
            return None
        total = self.element.element_size
        for d in self.dims:
            total *= d  # type: ignore[operator]
        return total


@dataclass(frozen=True)
class LaunchBounds:
    max_threads_per_block: Optional[int]
    min_blocks_per_sm: Optional[int] = None
    max_blocks_per_cluster: Optional[int] = None


@dataclass(frozen=True)
class StructLayout:
    name: str
    size: int
    align: int
    fields: Dict[str, Tuple[int, int]]  # field name -> (byte offset, byte size)
    # array members: field name -> (element byte size, dimensions), so that `s.a[i][j]` is one element
    arrays: Dict[str, Tuple[int, Tuple[int, ...]]] = field(default_factory=dict)
    # pointer members: field name -> their type, so that `params.out[i]` of a struct passed by value is an
    # access to the buffer the member points to
    pointers: Dict[str, CType] = field(default_factory=dict)
    # members that are structs of a named type: field name -> that type, whose own pointers a member holds
    # (QuEST's `qureg.deviceStateVec.real`)
    nested: Dict[str, str] = field(default_factory=dict)
    # a struct template's type parameters (`T1`, `T2` of `template <typename T1, typename T2> struct Param`),
    # which a parameter's `Param<__nv_fp8_e4m3, __nv_bfloat16>` gives types
    template_params: Tuple[str, ...] = ()


@dataclass
class Kernel:
    """A __global__ function whose body parsed."""

    name: str
    params: List[Param]
    shared_arrays: List[SharedArray]
    launch_bounds: Optional[LaunchBounds]
    body: c_ast.Compound
    definition: c_ast.FuncDef
    range: SourceRange  # the kernel's name in its declaration
    template_params: Tuple[str, ...] = ()  # names of template parameters, e.g. ("T", "BLOCK")
    # The template arguments this model was built with (e.g. {"T": "float", "BLOCK": "256"}): a template
    # is modelled once per distinct instantiation the file launches, as nvcc compiles each; empty when
    # the kernel is not a template or no launch names its arguments.
    instantiation: Dict[str, str] = field(default_factory=dict)
    # The integer template parameters of that instantiation ({"BLOCK": 256}); the analyses read them as
    # constants, as nvcc does.
    template_values: Dict[str, int] = field(default_factory=dict)
    # the __device__ functions the kernel calls, directly or through each other (their code runs as its own)
    helpers: Tuple[str, ...] = ()
    # type parameters no launch in the file names, and the type the model assumed for each ({"T": "float"})
    assumed_types: Dict[str, str] = field(default_factory=dict)
    # an explicit specialization's template arguments (`template <> __global__ void k<float>(...)`): the
    # launches of k<float> run this body, not the primary template's
    specialization: Tuple[str, ...] = ()
    # integer parameters the launches of this model pass one constant for (`k<<<g, b>>>(d, n, 4)`, a #define,
    # a host local assigned once): {"stride": 4}, which select its launches (a kernel whose launches pass
    # different constants has a model for each set); `argument_values` is what the analyses read as constants,
    # the same but where a validation runs the kernel with other values
    launch_arguments: Dict[str, int] = field(default_factory=dict)
    argument_values: Dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Dim3:
    """A grid or block dimension at a launch site; a component is None where it is not a constant."""

    x: Optional[int]
    y: Optional[int] = 1
    z: Optional[int] = 1
    text: str = ""  # as written at the launch site

    @property
    def total(self) -> Optional[int]:
        if self.x is None or self.y is None or self.z is None:
            return None
        return self.x * self.y * self.z

    @property
    def is_known(self) -> bool:
        return self.total is not None


@dataclass(frozen=True)
class LaunchSite:
    kernel: str
    grid: Dim3
    block: Dim3
    shared_bytes: Optional[int]  # dynamic shared memory; 0 when omitted, None when not constant
    shared_text: str
    stream_text: Optional[str]
    range: SourceRange  # the whole `kernel<<<...>>>(...)` expression
    template_args: Tuple[str, ...] = ()
    enclosing_function: Optional[str] = None
    # the kernel's template arguments at this launch, through the host templates it sits in:
    # (("T", "float"), ("BLOCK", "128")); empty when the kernel is not a template
    instantiation: Tuple[Tuple[str, str], ...] = ()
    # the call's arguments as written, and each one's value where it is an integer constant at the launch (a
    # literal, a #define, a host local assigned once), else None
    arguments: Tuple[str, ...] = ()
    argument_values: Tuple[Optional[int], ...] = ()


@dataclass(frozen=True)
class FuncAttributeCall:
    """cudaFuncSetAttribute(kernel, attribute, value) seen in the file."""

    kernel: str
    attribute: str  # e.g. "cudaFuncAttributeMaxDynamicSharedMemorySize"
    value: Optional[int]
    range: SourceRange


@dataclass(frozen=True)
class ParseProblem:
    """Something the front end could not handle; becomes a KL000-family `parse` finding."""

    code: str  # KL000 file-level, KL001 a kernel that did not parse, KL002 an #include not found ...
    message: str
    range: SourceRange
    kernel: Optional[str] = None


def _position(node: c_ast.Node) -> Optional[Tuple[int, int]]:
    """Where `node` starts in the parsed text, as (line, column)."""
    coord = node.coord
    return (coord.line, coord.column or 0) if coord is not None else None


@dataclass
class TranslationUnit:
    path: str  # as the user named it (relative when they gave a relative path)
    source: str  # the original text of the file
    kernels: List[Kernel] = field(default_factory=list)
    device_functions: Dict[str, c_ast.FuncDef] = field(default_factory=dict)  # for inlining
    # every definition of each name, in file order: namespaces may define one name more than once
    device_function_definitions: Dict[str, List[c_ast.FuncDef]] = field(default_factory=dict)
    # (line, column) of the names declared as lvalue references (`uint &key`, a parameter or a local),
    # in the coordinates of the parsed text: reading or writing one reads or writes what it refers to
    reference_declarations: FrozenSet[Tuple[int, int]] = frozenset()
    # calls of `__device__` function templates with value arguments (`reduceBlock<BLOCK / 2>(...)`), by the
    # (line, column) of the called name in the parsed text: each value parameter and its argument as written
    template_call_arguments: Dict[Tuple[int, int], Tuple[Tuple[str, str], ...]] = field(default_factory=dict)
    structs: Dict[str, StructLayout] = field(default_factory=dict)
    type_aliases: Dict[str, str] = field(default_factory=dict)  # `typedef __nv_bfloat16 floatX;`: floatX -> ...
    constants: Dict[str, int] = field(default_factory=dict)  # file-scope integer constants and #defines
    constant_arrays: Dict[str, CType] = field(default_factory=dict)  # __constant__ declarations
    launch_sites: List[LaunchSite] = field(default_factory=list)
    func_attributes: List[FuncAttributeCall] = field(default_factory=list)
    problems: List[ParseProblem] = field(default_factory=list)
    # Maps a pycparser node back to the user's source; supplied by the front end.
    locate: Callable[[c_ast.Node], SourceRange] = field(default=lambda node: SourceRange("", 1, 1, 1, 1))
    _header_lines: Dict[str, List[str]] = field(default_factory=dict, repr=False)

    def functions_seen_by(self, kernel: Kernel) -> Dict[str, c_ast.FuncDef]:
        """The `__device__` functions `kernel`'s calls reach, by name. Where namespaces define a name more
        than once (SGEMM_CUDA's `wt::loadFromGmem` and `db::loadFromGmem`; the front end drops
        qualifiers), the last definition before the kernel, as C++ declares a function before its use."""
        where = _position(kernel.body)
        seen = dict(self.device_functions)
        for name, definitions in self.device_function_definitions.items():
            if len(definitions) > 1 and where is not None:
                before = [d for d in definitions if (_position(d) or where) < where]
                seen[name] = before[-1] if before else definitions[0]
        return seen

    def template_arguments_of(self, call: c_ast.FuncCall) -> Tuple[Tuple[str, str], ...]:
        """The value parameters and argument texts of a call of a `__device__` function template."""
        coord = call.name.coord
        return self.template_call_arguments.get((coord.line, coord.column), ()) if coord is not None else ()

    def span(self, node: c_ast.Node) -> SourceRange:
        return self.locate(node)

    @cached_property
    def source_lines(self) -> List[str]:
        # Split once: rules ask for the spelling of every finding's expression.
        return self.source.splitlines()

    def lines_of(self, path: str) -> List[str]:
        """The lines of this file or of a header it includes (where a kernel or parameter is written)."""
        if path in ("", self.path):
            return self.source_lines
        if path not in self._header_lines:
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    self._header_lines[path] = handle.read().splitlines()
            except OSError:
                self._header_lines[path] = []
        return self._header_lines[path]

    def source_text(self, node: c_ast.Node) -> str:
        """The user's spelling of `node` when its span is on one line of this file, else C from the AST."""
        r = self.span(node)
        if r.path == self.path and r.line == r.end_line:
            lines = self.source_lines
            if 0 < r.line <= len(lines):
                text = lines[r.line - 1][r.column - 1 : r.end_column - 1]
                if text.strip():
                    return text
        from pycparser import c_generator

        return c_generator.CGenerator().visit(node)

    def kernel(self, name: str, template_args: Sequence[str] = ()) -> Optional[Kernel]:
        """The kernel `name`: the explicit specialization or the instantiation with `template_args` where
        the file has one, else the first model of its primary template."""
        named = [k for k in self.kernels if k.name == name]
        wanted = compact_arguments(template_args)
        return next((k for k in named if k.specialization and compact_arguments(k.specialization) == wanted),
                    next((k for k in named if not k.specialization and k.instantiation
                          and compact_arguments(list(k.instantiation.values())) == wanted),
                         next((k for k in named if not k.specialization), named[0] if named else None)))

    def kernel_launched_at(self, site: LaunchSite) -> Optional[Kernel]:
        """The model whose body and template arguments the launch at `site` runs."""
        return next((k for k in self.kernels if k.name == site.kernel and site in self.launches_of(k)), None)

    def launches_of(self, kernel: Kernel) -> List[LaunchSite]:
        """The launches that run `kernel`'s body with its template arguments: an explicit
        specialization's are those with its arguments, the primary template keeps the rest, and each of
        its instantiations those that name its arguments. A launch that names none (arguments deduced
        from the call) runs whichever the file instantiates, as far as the model can tell. One launch
        in a host template called several times stands for every call with its block shape and keeps
        the first call's arguments (`k<T, N><<<g, N>>>` of run<float, 256>() and run<half, 256>()): an
        instantiation no launch names in full takes those that agree with it on most arguments."""
        sites = [site for site in self.launch_sites if site.kernel == kernel.name]
        specialized = {compact_arguments(k.specialization) for k in self.kernels
                       if k.name == kernel.name and k.specialization}
        if kernel.specialization:
            return [site for site in sites if _site_arguments(site) == compact_arguments(kernel.specialization)]
        sites = [site for site in sites if _site_arguments(site) not in specialized]
        if not kernel.instantiation:
            return _passing(kernel, sites, self.kernels)
        def agreement(site: LaunchSite) -> int:
            return sum(kernel.instantiation.get(name) == value for name, value in site.instantiation)

        best = max((agreement(site) for site in sites if site.instantiation), default=0)
        paired = [site for site in sites if not site.instantiation or (best and agreement(site) == best)]
        return _passing(kernel, paired or sites, self.kernels)

    def definitions(self) -> List[List[Kernel]]:
        """The kernel models grouped by the body they were built from (a template's instantiations share
        one), in the order of the file."""
        groups: Dict[int, List[Kernel]] = {}
        for kernel in self.kernels:
            groups.setdefault(id(kernel.definition), []).append(kernel)
        return list(groups.values())


def compact_arguments(arguments: Sequence[str]) -> Tuple[str, ...]:
    """Template arguments without spaces, so that `unsigned int` and `unsigned  int` compare equal."""
    return tuple("".join(a.split()) for a in arguments)


def _passing(kernel: Kernel, sites: List[LaunchSite], models: Sequence[Kernel]) -> List[LaunchSite]:
    """The launches that pass the integer constants `kernel` was modelled with (all, when it has none) and
    that no model of the same body matches with more of their constants: a launch passing `n = 5` runs the
    model built for it, not the one for launches whose `n` is a runtime value."""
    def passes(model: Kernel, site: LaunchSite) -> bool:
        positions = {param.name: index for index, param in enumerate(model.params)}
        return all(positions[name] < len(site.argument_values) and site.argument_values[positions[name]] == value
                   for name, value in model.launch_arguments.items())

    closer = [model for model in models if model is not kernel and model.definition is kernel.definition
              and model.instantiation == kernel.instantiation
              and len(model.launch_arguments) > len(kernel.launch_arguments)]
    return [site for site in sites
            if passes(kernel, site) and not any(passes(model, site) for model in closer)]


def _site_arguments(site: LaunchSite) -> Tuple[str, ...]:
    """A launch's template arguments, through the host templates it sits in where they resolve."""
    return compact_arguments([value for _, value in site.instantiation] or site.template_args)
