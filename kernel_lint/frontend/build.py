"""Build the kernel model (kernel_lint.model) from the parsed items."""
from __future__ import annotations

import bisect
import re
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from pycparser import c_ast

from kernel_lint.findings import SourceRange
from kernel_lint.frontend.cexpr import evaluate_arguments, evaluate_text, evaluate_tokens
from kernel_lint.frontend.lower import BLANKED_CALLS, Lowered, TemplateParam, TopItem, template_member, tokenize
from kernel_lint.frontend.parse import ParsedItem
from kernel_lint.frontend.prelude import INTEGER_TYPES, TYPE_SIZES
from kernel_lint.frontend.preprocess import Preprocessed
from kernel_lint.frontend.sourcemap import SourceMap
from kernel_lint.model import (CType, Dim3, FuncAttributeCall, Kernel, LaunchBounds, LaunchSite, Param,
                               ParseProblem, SharedArray, StructLayout, TranslationUnit, compact_arguments,
                               walk)

Lookup = Callable[[str], Optional[int]]
ASSUMED_ELEMENT_TYPE = "float"
_POINTER = (8, 8)


class Types:
    """Sizes of named types: prelude, file typedefs, struct layouts, template substitutions."""

    def __init__(self) -> None:
        self.aliases: Dict[str, str] = {}
        self.structs: Dict[str, StructLayout] = {}

    def size_align(self, name: str, subst: Dict[str, str], seen: Tuple[str, ...] = ()) -> Optional[Tuple[int, int]]:
        name = " ".join(w for w in name.split() if w not in ("const", "volatile", "struct", "union", "signed")) or "int"
        if name in seen:
            return None
        if name in subst:
            return self.size_align(subst[name], {}, seen + (name,))
        if name.endswith("*"):
            return _POINTER
        if name in TYPE_SIZES:
            return TYPE_SIZES[name]
        if name in self.structs:
            layout = self.structs[name]
            return layout.size, layout.align
        if name in self.aliases:
            return self.size_align(self.aliases[name], subst, seen + (name,))
        if name.startswith("enum "):
            return (4, 4)
        return None


def eval_node(node: Optional[c_ast.Node], lookup: Lookup, types: Optional[Types] = None) -> Optional[int]:
    """Integer value of a constant expression node, None when it is not constant."""
    if node is None:
        return None
    if isinstance(node, c_ast.Constant):
        return evaluate_tokens([node.value])
    if isinstance(node, c_ast.ID):
        return lookup(node.name)
    if isinstance(node, c_ast.Cast):
        return eval_node(node.expr, lookup, types)
    if isinstance(node, c_ast.UnaryOp):
        if node.op == "sizeof" and types is not None and isinstance(node.expr, c_ast.Typename):
            found = types.size_align(_type_name(node.expr.type), {})
            return found[0] if found else None
        value = eval_node(node.expr, lookup, types)
        if value is None:
            return None
        return evaluate_tokens([{"-": "-", "+": "+", "~": "~", "!": "!"}.get(node.op, "?"), str(value)])
    if isinstance(node, c_ast.BinaryOp):
        left, right = eval_node(node.left, lookup, types), eval_node(node.right, lookup, types)
        if left is None or right is None:
            return None
        return evaluate_tokens(["(", str(left), ")", node.op, "(", str(right), ")"])
    if isinstance(node, c_ast.TernaryOp):
        cond = eval_node(node.cond, lookup, types)
        if cond is None:
            return None
        return eval_node(node.iftrue if cond else node.iffalse, lookup, types)
    return None


def _type_name(node: c_ast.Node) -> str:
    while isinstance(node, (c_ast.TypeDecl, c_ast.Typename)):
        node = node.type
    if isinstance(node, c_ast.PtrDecl):
        return _type_name(node.type) + "*"
    if isinstance(node, c_ast.IdentifierType):
        return " ".join(node.names)
    if isinstance(node, (c_ast.Struct, c_ast.Union)):
        return node.name or ""
    if isinstance(node, c_ast.Enum):
        return "enum " + (node.name or "")
    return ""


def ctype_of(node: c_ast.Node, types: Types, subst: Dict[str, str]) -> CType:
    depth, restrict = 0, False
    while isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl)):
        if isinstance(node, c_ast.PtrDecl):
            restrict = restrict or "restrict" in node.quals
        depth += 1
        node = node.type
    quals = getattr(node, "quals", []) or []
    base = _type_name(node)
    found = types.size_align(base, subst)
    const = "const" in quals
    spelling = ("const " if const else "") + base + (" " + "*" * depth if depth else "")
    return CType(spelling, base, depth, const, restrict, found[0] if found else None)


def _array_dims(node: c_ast.Node) -> Tuple[List[Optional[c_ast.Node]], c_ast.Node]:
    dims: List[Optional[c_ast.Node]] = []
    while isinstance(node, c_ast.ArrayDecl):
        dims.append(node.dim)
        node = node.type
    return dims, node


def struct_layout(struct: c_ast.Struct, types: Types, lookup: Lookup) -> Optional[StructLayout]:
    offset, align = 0, 1
    fields: Dict[str, Tuple[int, int]] = {}
    arrays: Dict[str, Tuple[int, Tuple[int, ...]]] = {}
    pointers: Dict[str, CType] = {}
    nested: Dict[str, str] = {}
    for decl in struct.decls or []:
        dims, elem = _array_dims(decl.type)
        if isinstance(elem, c_ast.PtrDecl):
            found: Optional[Tuple[int, int]] = _POINTER
            if not dims and decl.name:
                pointers[decl.name] = ctype_of(elem, types, {})
        elif isinstance(elem, c_ast.TypeDecl) and isinstance(elem.type, c_ast.Struct) and elem.type.decls is not None:
            inner = struct_layout(elem.type, types, lookup)
            found = (inner.size, inner.align) if inner else None
        else:
            found = types.size_align(_type_name(elem), {})
            if not dims and decl.name and _type_name(elem) in types.structs:
                nested[decl.name] = _type_name(elem)
        if found is None:
            return None
        size, field_align = found
        counts = tuple(eval_node(d, lookup, types) for d in dims)
        if None in counts:
            return None
        if counts and decl.name:
            arrays[decl.name] = (size, counts)  # type: ignore[assignment]
        for count in counts:
            size *= count  # type: ignore[operator]
        offset = (offset + field_align - 1) // field_align * field_align
        if decl.name:
            fields[decl.name] = (offset, size)
        offset += size if not isinstance(struct, c_ast.Union) else 0
        if isinstance(struct, c_ast.Union):
            offset = max(offset, size)
        align = max(align, field_align)
    size = (offset + align - 1) // align * align
    return StructLayout(struct.name or "", size, align, fields, arrays, pointers, nested)


def written_type_arguments(lines: Sequence[str], name: SourceRange) -> Tuple[str, ...]:
    """The template arguments of the type written just before the parameter name at `name`
    (`__nv_fp8_e4m3`, `__nv_bfloat16` of `Param<__nv_fp8_e4m3, __nv_bfloat16> param`); () for a plain type."""
    if not 0 < name.line <= len(lines):
        return ()
    before = "\n".join([*lines[max(0, name.line - 3):name.line - 1], lines[name.line - 1][:name.column - 1]])
    found = re.search(r"<([^<>]*(?:<[^<>]*>[^<>]*)*)>\s*(?:const\s*)?&?\s*$", before)
    return tuple(split_commas(found.group(1), angles=True)) if found else ()


def _parameter_list(text: str, item: TopItem) -> int:
    """Where a function item's parameter list opens: the `(` after its name, not that of a
    `__launch_bounds__(...)` written before `__global__`."""
    found = re.compile(rf"\b{re.escape(item.name)}\s*\(").search(text, item.start, item.end) if item.name else None
    return found.end() - 1 if found else text.find("(", item.start, item.end)


class Builder:
    def __init__(self, unit: TranslationUnit, pre: Preprocessed, lowered: Lowered, parsed: List[ParsedItem],
                 smap: SourceMap):
        self.unit = unit
        self.pre = pre
        self.lowered = lowered
        self.parsed = parsed
        self.smap = smap
        self.types = Types()
        self.file_constants: Dict[str, int] = {}
        self._dim3_defs: Dict[str, str] = {}  # dim3 locals of the host function last read by _host_env
        # per host function: its text with one declarator per declaration, its declarations per name, and
        # the writes of each name counted so far
        self._item_writes: Dict[int, Tuple[str, Counter, Dict[str, int]]] = {}
        self._template: Tuple[str, ...] = ()  # the type parameters of the top-level item being read

    # --- constants --------------------------------------------------------------------------------
    def lookup(self, name: str) -> Optional[int]:
        if name.startswith("sizeof("):
            found = self.types.size_align(name[7:-1], {})
            return found[0] if found else None
        if "::" in name:  # `ns::Traits::X`: a record's static constexpr member, namespaces dropped as lowering does
            text = self.lowered.class_constants.get("::".join(name.split("::")[-2:]))
            return evaluate_text(text, self.lookup) if text is not None else None
        return self.file_constants.get(name)

    def collect_file_scope(self) -> None:
        for name, macro in self.pre.macros.items():
            if macro.params is None and macro.body:
                self._macro_constant(name, 0)
        for p in self.parsed:
            if p.ast is None or p.item.is_function:
                continue
            self._template = tuple(tp.name for tp in p.item.template_params if tp.is_type)
            for node in p.ast.ext:
                if node.coord is None or node.coord.file == "<prelude>":
                    continue
                self._file_declaration(node)
        self._template = ()
        self.unit.constants = dict(self.file_constants)
        self.unit.structs = dict(self.types.structs)
        self.unit.type_aliases = dict(self.types.aliases)

    def _macro_constant(self, name: str, depth: int) -> Optional[int]:
        if name in self.file_constants or depth > 20:
            return self.file_constants.get(name)
        macro = self.pre.macros.get(name)
        if macro is None or macro.params is not None:
            return None
        value = evaluate_tokens([t.text for t in macro.body if t.kind != "ws"],
                                lambda n: self._macro_constant(n, depth + 1))
        if value is not None:
            self.file_constants[name] = value
        return value

    def _file_declaration(self, node: c_ast.Node) -> None:
        if isinstance(node, c_ast.Typedef):
            target = node.type
            if isinstance(target, c_ast.TypeDecl) and isinstance(target.type, c_ast.Struct):
                self._struct(target.type, node.name)
            base = _type_name(target)
            if base and base != node.name:
                self.types.aliases[node.name] = base
            return
        if not isinstance(node, c_ast.Decl):
            return
        for sub in walk(node.type):
            if isinstance(sub, (c_ast.Struct, c_ast.Union)) and sub.decls is not None:
                self._struct(sub, sub.name)
            if isinstance(sub, c_ast.Enum) and sub.values is not None:
                self._enum(sub)
        if node.name is None:
            return
        offset = self.lowered.offset(node.coord.line, node.coord.column)
        if self._has_marker(self.lowered.constant_markers, offset):
            dims, elem = _array_dims(node.type)
            self.unit.constant_arrays[node.name] = ctype_of(elem if dims else node.type, self.types, {})
        if "const" in (getattr(node.type, "quals", None) or []) and node.init is not None:
            value = eval_node(node.init, self.lookup, self.types)
            if value is not None:
                self.file_constants[node.name] = value

    def _struct(self, struct: c_ast.Node, name: Optional[str]) -> None:
        layout = struct_layout(struct, self.types, self.lookup)
        declared = self._declared_alignment(struct)
        if layout is not None and declared > layout.align:
            size = -(-layout.size // declared) * declared
            layout = replace(layout, size=size, align=declared)
        for key in {struct.name, name} - {None}:
            if layout is not None:
                self.types.structs[key] = replace(layout, name=key, template_params=self._template)

    def _declared_alignment(self, struct: c_ast.Node) -> int:
        """N of `struct __align__(N)` / `struct alignas(N)`, which lowering blanks out of the C it parses."""
        if struct.coord is None:
            return 1
        start = self.lowered.offset(struct.coord.line, struct.coord.column)
        text = self.lowered.cuda_text
        begin = max(text.rfind(";", 0, start), text.rfind("}", 0, start)) + 1  # this declaration only
        end = text.find("{", start)
        header = text[begin:end if 0 <= end - start < 400 else start + 80]
        found = re.findall(r"\b(?:__align__|alignas)\s*\(\s*(\d+)\s*\)", header)
        return int(found[-1]) if found else 1

    def _enum(self, enum: c_ast.Enum) -> None:
        value = -1
        for e in enum.values.enumerators:
            value = eval_node(e.value, self.lookup, self.types) if e.value is not None else value + 1
            if value is None:
                return
            self.file_constants[e.name] = value

    def _has_marker(self, markers: List[int], offset: int) -> bool:
        text = self.lowered.text
        stmt_start = max(text.rfind(";", 0, offset), text.rfind("{", 0, offset), text.rfind("}", 0, offset)) + 1
        i = bisect.bisect_left(markers, stmt_start)
        return i < len(markers) and markers[i] < offset

    # --- kernels ----------------------------------------------------------------------------------
    def collect_functions(self) -> None:
        instantiations = self._instantiations()
        launched_here = self._kernels_launched_here()
        specializations: Dict[str, Set[Tuple[str, ...]]] = {}
        for p in self.parsed:
            if p.item.is_function and p.item.specialization and p.item.name:
                specializations.setdefault(p.item.name, set()).add(compact_arguments(p.item.specialization))
        self.unit.reference_declarations = frozenset(self.lowered.position(o) for o in self.lowered.reference_names)
        for p in self.parsed:
            item = p.item
            if not item.is_function:
                continue
            origin_path = self.smap.origin(item.lowered_start)[0]
            if p.ast is None:
                is_own_kernel = "__global__" in item.qualifiers and origin_path == self.unit.path
                if is_own_kernel and not self._holds_broken_bracket(item):
                    self._kernel_failed(p)
                continue
            func = next((n for n in p.ast.ext if isinstance(n, c_ast.FuncDef)), None)
            if func is None:
                continue
            if "__global__" in item.qualifiers:
                if origin_path == self.unit.path or func.decl.name in launched_here:
                    insts = () if item.specialization else _unspecialized(
                        instantiations.get(func.decl.name, ()), item.template_params,
                        specializations.get(func.decl.name, set()))
                    modelled = _modelled_instantiations(insts)
                    self.unit.kernels.extend(self._kernel(item, func, inst) for inst in modelled or ({},))
                    if len(modelled) < len(insts):
                        self._instantiations_left_out(func, modelled, insts)
            elif "__device__" in item.qualifiers:
                if func.decl.name in self.unit.device_functions and self._const_member(item):
                    continue  # the accessor idiom's const twin of `T& at(i)`: calls are read with the other one
                self.unit.device_functions[func.decl.name] = func
                self.unit.device_function_definitions.setdefault(func.decl.name, []).append(func)
        self.unit.template_call_arguments = self._template_call_arguments()
        for kernel in self.unit.kernels:
            self._add_helpers(kernel)

    def _instantiations_left_out(self, func: c_ast.FuncDef, modelled: Sequence[Dict[str, str]],
                                 insts: Sequence[Dict[str, str]]) -> None:
        name = func.decl.name
        left = [inst for inst in insts if inst not in modelled]
        # `F = F`: the launching host template's own parameter, which no call in the file gives a value
        unknown = [k for k in left[0] if all(inst.get(k) == k for inst in insts)] if left else []
        shown = "; ".join(", ".join(f"{k} = {v}" for k, v in inst.items() if k not in unknown) for inst in left[:3])
        more = f" and {len(left) - 3} more" if len(left) > 3 else ""
        unknown_text = f" ({', '.join(unknown)} unknown in every one)" if unknown else ""
        covered = {pair for inst in modelled for pair in inst.items()} >= {pair for inst in insts for pair in inst.items()}
        which = "that hold every argument value at least once" if covered else "that hold the most argument values"
        self.unit.problems.append(ParseProblem(
            "KL003", f"{name} is launched with {len(insts)} sets of template arguments: the {len(modelled)} {which} "
                     f"were checked, not {shown}{more}{unknown_text}",
            self.smap.locate_name(func.decl, name), kernel=name))

    def _kernels_launched_here(self) -> FrozenSet[str]:
        """The kernels this file's translation unit launches, from the file or from a host function of
        a project header it includes. One defined in a project header is analysed with those launches
        (SGEMM_CUDA's runner.cu launches the kernels of kernels/*.cuh; HeCBench's kernel.h launches its
        own from a host function main.cu calls): the header alone has neither their block shapes nor
        their template arguments, and a run names the .cu files, not the headers."""
        return frozenset(launch.kernel for launch in self.lowered.launches)

    def _template_call_arguments(self) -> Dict[Tuple[int, int], Tuple[Tuple[str, str], ...]]:
        """Value parameters and argument texts of every call of a `__device__` function template."""
        templates = self._function_templates()
        found: Dict[Tuple[int, int], Tuple[Tuple[str, str], ...]] = {}
        for call in self.lowered.template_calls:
            params = templates.get(call.function, ()) if call.function in self.unit.device_functions else ()
            texts = list(call.template_args) + [tp.default for tp in params[len(call.template_args):]]
            values = tuple((tp.name, text) for tp, text in zip(params, texts) if not tp.is_type and text is not None)
            if values:
                found[self.lowered.position(call.lowered_start)] = values
        return found

    def _kernel_failed(self, p: ParsedItem) -> None:
        name = p.item.name or "<unnamed>"
        where = self._error_range(p)
        token, detail = _parser_complaint(p.error or "")
        reason = (f"the C++ construct near '{token}' is not supported" if token
                  else f"the parser reported '{detail}'" if detail else "its body could not be read")
        message = (f"kernel '{name}' was not analysed: {reason} (line {where.line}, column {where.column}). "
                   "The other kernels in this file were checked; rewrite that construct in plain CUDA C "
                   "or report it to kernel-lint.")
        self.unit.problems.append(ParseProblem("KL001", message, where, kernel=name))

    def _error_range(self, p: ParsedItem) -> SourceRange:
        offset = p.error_offset if p.error_offset is not None else p.item.lowered_start
        return self.smap.range_of_offsets(offset, offset + 1)

    def _holds_broken_bracket(self, item: TopItem) -> bool:
        """Whether KL000 for a bracket that does not pair up already covers this item."""
        offset = self.lowered.unbalanced
        return offset is not None and item.start <= offset < item.end

    def collect_broken_brackets(self) -> None:
        """KL000 for a bracket that does not pair up: such source is broken rather than C++ the front
        end does not lower, and an unclosed bracket swallows every item after it, kernels included."""
        offset = self.lowered.unbalanced
        if offset is None:
            return
        where = self.smap.cuda_range(self.pre.origins, offset, offset + 1)
        if where.path != self.unit.path:
            return  # a broken header is reported when it is checked itself
        bracket = self.lowered.cuda_text[offset]
        fault = "is never closed, so the code after it was not checked" if bracket in "([{" \
            else "closes no open bracket"
        failed = next((p for p in self.parsed if p.error is not None and self._holds_broken_bracket(p.item)), None)
        stopped = "" if failed is None \
            else f" (the parser stopped at {_position(self._error_range(failed), failed.error)})"
        message = (f"{self.unit.path} could not be parsed: the '{bracket}' at line {where.line}, column {where.column} "
                   f"{fault}{stopped}. Check the brackets there.")
        self.unit.problems.append(ParseProblem("KL000", message, where))

    def collect_swallowed_kernels(self) -> None:
        """KL001 for a kernel of this file that no item begins with: the declaration before it was not
        told apart from it (C++ the front end does not lower), so it would vanish without a word."""
        if self.lowered.unbalanced is not None:
            return  # KL000 for the bracket already says the rest of the file was not checked
        text = self.lowered.cuda_text
        heads = [(item.start, _parameter_list(text, item)) for item in self.lowered.items
                 if "__global__" in item.qualifiers]
        loose = [m.start() for m in re.finditer(r"\b__global__\b", text)
                 if not any(head <= m.start() < (paren if paren >= 0 else head + 1) for head, paren in heads)]
        words = {tok.start for tok in tokenize(text) if tok.text == "__global__"} if loose else set()
        for start in loose:
            if start not in words:
                continue  # the word inside a string literal
            end = start + len("__global__")
            where = self.smap.cuda_range(self.pre.origins, start, end)
            if where.path != self.unit.path:
                continue
            name = _KERNEL_NAME.search(text, end, end + 400)
            if name is None or not _defines_after(text, name.end() - 1):
                continue  # a declaration (`__global__ void k(float*);`, an explicit instantiation) has nothing to analyse
            kernel = name.group(1)
            self.unit.problems.append(ParseProblem(
                "KL001", f"kernel '{kernel}' was not analysed: the front end could not tell where the declaration "
                         f"before it ends (C++ it does not lower, such as an operator it misreads). The other kernels "
                         f"in this file were checked; please report this file to kernel-lint.", where, kernel=kernel))

    def _function_templates(self) -> Dict[str, Tuple]:
        """Template parameters of each function template of the file, by name."""
        return {p.item.name: p.item.template_params for p in self.parsed if p.item.is_function and p.item.template_params}

    def _instantiations(self) -> Dict[str, Tuple[Dict[str, str], ...]]:
        params = self._function_templates()
        found: Dict[str, List[Dict[str, str]]] = {}
        for launch in self.lowered.launches:
            tps = params.get(launch.kernel)
            if not tps or not launch.template_args:
                continue
            inst = self._bind(tps, launch.template_args, self._host_env(launch.item_index, launch.start))
            rebind = partial(self._bind_with_types, tps, launch)
            for resolved in self._through_host_template(inst, launch.item_index, params, rebind):
                if resolved not in found.setdefault(launch.kernel, []):
                    found[launch.kernel].append(resolved)
        return {k: tuple(v) for k, v in found.items()}

    @staticmethod
    def _bind(tps, args: Sequence[str], env: Lookup) -> Dict[str, str]:
        inst = {tp.name: arg if tp.is_type else _number_or_text(arg, env) for tp, arg in zip(tps, args)}
        for tp in tps[len(args):]:
            if tp.default is not None:
                inst[tp.name] = tp.default
        return inst

    def _bind_with_types(self, tps, launch, types: Dict[str, str]) -> Dict[str, str]:
        """The launch's template arguments bound with its host's locals as they are for `types`."""
        return self._bind(tps, launch.template_args,
                          self._host_env(launch.item_index, launch.start, type_arguments=types))

    def _through_host_template(self, inst: Dict[str, str], item_index: Optional[int], params,
                               rebind: Callable[[Dict[str, str]], Dict[str, str]]) -> List[Dict[str, str]]:
        """`inst` with the parameters of the host template it was launched from (`k<T, N>` inside
        `template <class T, int N> void run()`) replaced by their arguments in each chain of calls that
        reaches it (`run<float, 256>()`, or `run<float, N>()` inside `outer<N>`, called as `outer<512>()`);
        `inst` itself when there are none. `rebind` binds the launch again with a chain's type arguments,
        for the host's locals that depend on them (`const int BLOCK_Y = sizeof(T) == 8 ? 32 : 96;`)."""
        host = self.lowered.items[item_index].name if item_index is not None else None
        host_params = {tp.name for tp in params.get(host) or ()}
        if not any(value in host_params for value in inst.values()):
            return [inst]
        resolved = []
        for bound in self._host_template_bindings(item_index):
            concrete = {name: bound.get(value, value) for name, value in rebind(bound).items()}
            if concrete not in resolved:
                resolved.append(concrete)
        return resolved or [inst]

    def _host_template_bindings(self, item_index: Optional[int], depth: int = 0) -> List[Dict[str, str]]:
        """The template arguments of the host function template at `item_index`, once per chain of calls
        that reaches it in the file: a call inside another host template takes that template's arguments
        in turn. Deep or recursive chains stop after a few levels, which only costs instantiations."""
        item = self.lowered.items[item_index] if item_index is not None else None
        if item is None or not item.template_params or depth > _HOST_TEMPLATE_DEPTH:
            return []
        found: List[Dict[str, str]] = []
        partial: List[Dict[str, str]] = []  # chains that end in an uncalled (or too deep) host template
        for call in self.lowered.template_calls:
            if call.function != item.name:
                continue
            bound = self._bind(item.template_params, call.template_args, self._host_env(call.item_index, call.start))
            caller = self.lowered.items[call.item_index] if call.item_index is not None else None
            unresolved = {tp.name for tp in caller.template_params} if caller else set()
            for outer in self._host_template_bindings(call.item_index, depth + 1) or [{}]:
                concrete = {name: outer.get(value, value) for name, value in bound.items()}
                chosen = partial if unresolved & set(concrete.values()) else found
                if concrete not in chosen:
                    chosen.append(concrete)
        # a host template called only with deduced arguments (`stddev(out, in, n)`) still has its defaults
        # (`template <class T, class IdxType = int>`): the best a file says of what it is called with
        defaults = {tp.name: tp.default for tp in item.template_params if tp.default is not None}
        return found or partial or ([defaults] if defaults else [])

    def _host_parameter(self, argument: str) -> bool:
        """Whether a type argument is still a template's own parameter (`k<T>` inside `template <class T>
        void run()`, which no call in the file names T for), so nothing in the file says what it is."""
        return self.types.size_align(argument, {}) is None and any(
            argument == tp.name for tps in self._function_templates().values() for tp in tps)

    def _kernel(self, item: TopItem, func: c_ast.FuncDef, inst: Dict[str, str]) -> Kernel:
        subst = dict(inst)
        for tp in item.template_params:
            if tp.name not in subst and tp.default is not None:
                subst[tp.name] = tp.default
        # a type no launch names (deduced from the arguments, `offset<<<g, b>>>(d_a, s)`) is modelled as
        # float, the commonest element, so that strides have a size; the messages say it was assumed
        assumed = {tp.name: ASSUMED_ELEMENT_TYPE for tp in item.template_params
                   if tp.is_type and (tp.name not in subst or self._host_parameter(subst[tp.name]))}
        subst.update(assumed)
        type_subst = {tp.name: subst[tp.name] for tp in item.template_params if tp.is_type and tp.name in subst}
        int_params = {tp.name: evaluate_text(subst[tp.name], self.lookup) for tp in item.template_params
                      if not tp.is_type and tp.name in subst}
        int_params.update(self._argument_members(type_subst))
        locals_ = self._local_constants(func.body, int_params)

        def lookup(name: str) -> Optional[int]:
            for table in (locals_, int_params, self.file_constants):
                if table.get(name) is not None:
                    return table[name]
            return None

        params: List[Param] = []
        args = func.decl.type.args.params if isinstance(func.decl.type, c_ast.FuncDecl) and func.decl.type.args else []
        for decl in args:
            if isinstance(decl, c_ast.Decl) and decl.name:
                where = self.smap.locate_name(decl, decl.name)
                params.append(Param(decl.name, ctype_of(decl.type, self.types, type_subst), where,
                                    written_type_arguments(self.unit.lines_of(where.path), where)))
        bounds = None
        if item.launch_bounds:
            values = [evaluate_text(text, lookup) for text in item.launch_bounds] + [None, None]
            bounds = LaunchBounds(values[0], values[1], values[2])
        return Kernel(
            name=func.decl.name, params=params, shared_arrays=self._shared_arrays(func.body, lookup, type_subst),
            launch_bounds=bounds, body=func.body, definition=func,
            range=self.smap.locate_name(func.decl, func.decl.name),
            template_params=tuple(tp.name for tp in item.template_params), instantiation=inst,
            template_values={name: value for name, value in int_params.items() if value is not None},
            assumed_types=assumed, specialization=item.specialization,
        )

    def _argument_members(self, type_subst: Dict[str, str]) -> Dict[str, Optional[int]]:
        """`Traits::N` of a kernel whose type parameter Traits is bound to a record with constant members
        (`gemm<float, GemmParam>`): each member's value under the name the lowering gave it."""
        found = {}
        for param, argument in type_subst.items():
            prefix = argument.split("::")[-1].strip() + "::"
            for key, text in self.lowered.class_constants.items():
                if key.startswith(prefix):
                    found[template_member(param, key[len(prefix):])] = evaluate_text(text, self.lookup)
        return found

    def _local_constants(self, body: c_ast.Node, int_params: Dict[str, Optional[int]]) -> Dict[str, int]:
        found: Dict[str, int] = {}
        assigned = {n.lvalue.name for n in walk(body) if isinstance(n, c_ast.Assignment) and isinstance(n.lvalue, c_ast.ID)}
        for node in walk(body):
            if isinstance(node, c_ast.Decl) and node.init is not None and node.name not in assigned \
                    and "const" in (getattr(node.type, "quals", None) or []):
                value = eval_node(node.init, lambda n: found.get(n, int_params.get(n, self.file_constants.get(n))), self.types)
                if value is not None:
                    found[node.name] = value
        return found

    def _add_helpers(self, kernel: Kernel) -> None:
        """The `__device__` helpers a kernel calls, and the `__shared__` arrays they declare (`static
        __shared__ float partial[32];` in a block reduction): one per block, like the kernel's own, and
        walked by name where the helper is inlined. Added once every helper is known, since a helper may
        be defined after its caller; an array named like one already seen keeps the first declaration,
        and a function template's arrays take their sizes from its first call (`tile[BLOCK][BLOCK]` of
        `mul<16>(...)`)."""
        names = {array.name for array in kernel.shared_arrays}
        kernel_scope = {**self._local_constants(kernel.body, dict(kernel.template_values)), **kernel.template_values}
        helpers = self._called_helpers(kernel.body, kernel_scope, self.unit.functions_seen_by(kernel))
        kernel.helpers = tuple(helper.decl.name for helper, _ in helpers)
        for helper, scope in helpers:
            for array in self._shared_arrays(helper.body, self._scoped(scope), {}):
                if array.name not in names:
                    names.add(array.name)
                    kernel.shared_arrays.append(array)

    def _called_helpers(self, body: c_ast.Node, scope: Dict[str, int],
                        functions: Dict[str, c_ast.FuncDef]) -> List[Tuple[c_ast.FuncDef, Dict[str, int]]]:
        """The `__device__` functions `body` calls, directly or through each other, each once, with the
        constants of its first call: its template's value arguments and its own `const` locals."""
        found: Dict[str, Tuple[c_ast.FuncDef, Dict[str, int]]] = {}
        pending = [(body, scope)]
        while pending:
            caller, known = pending.pop()
            for node in walk(caller):
                name = node.name.name if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) else None
                helper = functions.get(name) if name and name not in found else None
                if helper is None:
                    continue
                bound = evaluate_arguments(self.unit.template_arguments_of(node), self._scoped(known))
                inner = {**self._local_constants(helper.body, dict(bound)), **bound}
                found[name] = (helper, inner)
                pending.append((helper.body, inner))
        return list(found.values())

    def _scoped(self, scope: Dict[str, int]) -> Lookup:
        return lambda name: scope.get(name, self.file_constants.get(name))

    def _shared_arrays(self, body: c_ast.Node, lookup: Lookup, subst: Dict[str, str]) -> List[SharedArray]:
        arrays: List[SharedArray] = []
        for node in walk(body):
            if not isinstance(node, c_ast.Decl) or node.name is None or node.coord is None:
                continue
            offset = self.lowered.offset(node.coord.line, node.coord.column)
            if not self._has_marker(self.lowered.shared_markers, offset):
                continue
            dims, elem = _array_dims(node.type)
            is_dynamic = "extern" in (node.storage or [])
            values = tuple(eval_node(d, lookup, self.types) if d is not None else None for d in dims)
            arrays.append(SharedArray(
                name=node.name, element=ctype_of(elem, self.types, subst), dims=values, is_dynamic=is_dynamic,
                range=self.smap.locate_name(node, node.name),
                dim_expressions=tuple(self.unit.source_text(d) if d is not None else "" for d in dims),
                dim_ranges=tuple(self.smap.locate(d) if d is not None else None for d in dims),
            ))
        return arrays

    # --- host side --------------------------------------------------------------------------------
    def collect_launches(self) -> None:
        template_params = self._function_templates()
        for launch in self.lowered.launches:
            config = list(launch.config) + ["", ""]
            name = self.lowered.items[launch.item_index].name if launch.item_index is not None else None
            kernel_params = template_params.get(launch.kernel)
            seen = []
            for env, host in self._launch_envs(launch):
                grid, block = self._dim3(config[0], env), self._dim3(config[1], env)
                shared = 0 if not config[2].strip() else evaluate_text(config[2], env)
                if (grid, block, shared) in seen:
                    continue
                seen.append((grid, block, shared))
                inst = self._bind(kernel_params, launch.template_args, env) if kernel_params else {}
                arguments = _launch_arguments(self.lowered.cuda_text, launch.start, launch.end)
                self.unit.launch_sites.append(LaunchSite(
                    kernel=launch.kernel, grid=grid, block=block,
                    shared_bytes=shared, shared_text=config[2], stream_text=config[3] or None,
                    range=self.smap.cuda_range(self.pre.origins, launch.start, launch.end),
                    template_args=launch.template_args, enclosing_function=name,
                    instantiation=tuple((k, host.get(v, v)) for k, v in inst.items()),
                    arguments=tuple(arguments), argument_values=tuple(evaluate_text(text, env) for text in arguments),
                ))

    def _const_member(self, item) -> bool:
        """`int Grid::at(int r) const { ... }`: a member function qualified const, as its header says."""
        text = self.lowered.cuda_text[item.start : item.end]
        brace = text.find("{")
        return brace > 0 and re.search(r"\)\s*const\s*$", text[:brace]) is not None

    def bind_launch_constants(self) -> None:
        """Each kernel model's integer parameters that its launches pass constants for: one model when they
        agree, one per set of values when up to MAX_ARGUMENT_MODELS sets differ (a coalescing demo launching
        `strided(d, n, 1)` and `strided(d, n, 32)`, or a demo's `softmax<<<1, 32>>>(o, i, 5)` beside a launch
        with the program's runtime size), else only the values every launch agrees on."""
        for kernel in list(self.unit.kernels):
            sites = self.unit.launches_of(kernel)
            integers = [(index, param.name) for index, param in enumerate(kernel.params)
                        if not param.type.pointer_depth and param.type.base in INTEGER_TYPES]
            sets = list(dict.fromkeys(tuple((name, _argument(site, index)) for index, name in integers
                                            if _argument(site, index) is not None) for site in sites))
            if len(sets) > MAX_ARGUMENT_MODELS:
                sets = [tuple(pair for pair in sets[0] if all(pair in other for other in sets))]
            if not any(sets):
                continue
            kernel.launch_arguments.update(dict(sets[0]))
            kernel.argument_values.update(dict(sets[0]))
            at = self.unit.kernels.index(kernel) + 1
            self.unit.kernels[at:at] = [replace(kernel, launch_arguments=dict(values), argument_values=dict(values))
                                        for values in sets[1:]]

    def _launch_envs(self, launch) -> List[Tuple[Lookup, Dict[str, str]]]:
        """The host values a launch is evaluated with, and the host template's arguments: one pair per
        chain of calls of the host template it sits in (`<<<g, BLOCK>>>` or `dim3 b(N / 2)` inside
        `run<T, BLOCK>`, called as `run<float, 128>`)."""
        item = self.lowered.items[launch.item_index] if launch.item_index is not None else None
        value_params = [tp.name for tp in (item.template_params if item else ()) if not tp.is_type]
        envs: List[Tuple[Lookup, Dict[str, str]]] = []
        for bound in self._host_template_bindings(launch.item_index):
            values = {name: evaluate_text(bound[name], self.lookup) for name in value_params if name in bound}
            envs.append((self._host_env(launch.item_index, launch.start, values, bound), bound))
        return envs or [(self._host_env(launch.item_index, launch.start), {})]

    def collect_func_attributes(self) -> None:
        text = self.lowered.cuda_text
        starts = [it.start for it in self.lowered.items]
        for m in re.finditer(r"\bcudaFuncSetAttribute\s*\(", text):
            args, end = _call_args(text, m.end())
            if len(args) < 3:
                continue
            k = bisect.bisect_right(starts, m.start()) - 1
            env = self._host_env(k if k >= 0 else None, m.start())
            kernel_text = re.sub(r"<[^<>]*>|\(\s*(const\s+)?void\s*\*\s*\)|reinterpret_cast|static_cast", " ", args[0])
            names = re.findall(r"[A-Za-z_]\w*", kernel_text)
            attr = re.findall(r"[A-Za-z_]\w*", args[1])
            self.unit.func_attributes.append(FuncAttributeCall(
                kernel=names[-1] if names else args[0], attribute=attr[-1] if attr else args[1],
                value=evaluate_text(args[2], env), range=self.smap.cuda_range(self.pre.origins, m.start(), end)))

    def _host_env(self, item_index: Optional[int], before: int,
                  template_values: Optional[Dict[str, Optional[int]]] = None,
                  type_arguments: Optional[Dict[str, str]] = None) -> Lookup:
        """Values of the enclosing function's locals that are assigned exactly once, of its template's
        value parameters where `template_values` gives them, and `sizeof` of its type parameters where
        `type_arguments` gives them."""
        if item_index is None:
            return self.lookup
        item = self.lowered.items[item_index]
        text = _one_declarator_each(self.lowered.cuda_text[item.start : before])
        definitions: Dict[str, str] = {}
        open_at = _open_blocks(text)
        for m in re.finditer(_LOCAL_DEFINITION, text):
            if not open_at(m.start()):
                continue  # declared in a block that closed before `before`: not the name seen there
            name = m.group(2)
            value = next(g for g in m.groups()[2:] + ("",) if g is not None)
            # `dim3 block(16, 16)` and `dim3 const block{BX, 1U, 1U}` are vectors; `constexpr int BX{128};` is not
            scalar = m.group(3) is not None or not re.search(r"\bdim3\b", m.group(1))
            definitions[name] = value if scalar else f"dim3({value})"
        counts = {name: self._rewrites(item_index, name) for name in definitions}
        values: Dict[str, Optional[int]] = {}

        def lookup(name: str, depth: int = 0) -> Optional[int]:
            if name[-2:] in (".x", ".y", ".z") and name[:-2] in definitions:
                dim = self._dim3(name[:-2], lambda n: lookup(n, depth + 1))
                return getattr(dim, name[-1])
            if name in values:
                return values[name]
            if name in definitions and counts.get(name, 0) <= 1 and depth < 20:
                values[name] = None
                values[name] = evaluate_text(definitions[name], lambda n: lookup(n, depth + 1))
                return values[name]
            if template_values and template_values.get(name) is not None:
                return template_values[name]
            measured = name[7:-1].strip() if name.startswith("sizeof(") else None
            if type_arguments and measured in type_arguments:
                return self.lookup(f"sizeof({type_arguments[measured]})")
            return self.lookup(name)

        self._dim3_defs = {n: d for n, d in definitions.items() if counts.get(n, 0) <= 1}
        return lookup

    def _rewrites(self, item_index: int, name: str) -> int:
        """How often the host function `item_index` writes its local `name` besides declaring it, asked once
        per name: a host function launching dozens of kernels is read for each launch."""
        if item_index not in self._item_writes:
            item = self.lowered.items[item_index]
            whole = _one_declarator_each(self.lowered.cuda_text[item.start : item.end])
            declared = Counter(m.group(2) for m in re.finditer(_LOCAL_DEFINITION, whole) if m.group(1).strip())
            self._item_writes[item_index] = (whole, declared, {})
        whole, declared, known = self._item_writes[item_index]
        if name not in known:
            # a local written again (`n = ...`, `n++`, `&n` for scanf, `file >> n`) is not a constant; a shift
            # by `n` counts too, which only costs a value, never invents one. Declarations of the name in
            # sibling blocks (`if (big) { const uint BM = 128; ... } else { const uint BM = 64; ... }`) are
            # each a constant of their own block
            known[name] = len(re.findall(r"(?<![\w.])%s\s*(?:(?:<<|>>|[-+*/%%&|^])?=(?!=)|\+\+|--)|\+\+\s*%s\b|&\s*%s\b"
                                         r"|>>\s*%s\b" % ((re.escape(name),) * 4), whole)) - max(0, declared[name] - 1)
        return known[name]

    def _dim3(self, text: str, env: Lookup) -> Dim3:
        expr = text.strip()
        defs = self._dim3_defs
        seen = 0
        while re.fullmatch(r"[A-Za-z_]\w*", expr) and expr in defs and seen < 10:
            expr = defs[expr].strip()
            seen += 1
        m = re.fullmatch(r"(?:dim3|make_uint3|uint3)?\s*[({]\s*(.*?)\s*[)}]", expr, re.S)
        if m and (expr.startswith(("dim3", "make_uint3", "uint3", "{")) or "," in m.group(1)):
            parts = split_commas(m.group(1)) if m.group(1) else []
            values = [evaluate_text(p, env) for p in parts] + [1, 1, 1]
            if not parts:
                values = [1, 1, 1]
            return Dim3(values[0], values[1], values[2], text.strip())
        return Dim3(evaluate_text(expr, env), 1, 1, text.strip())


def _parser_complaint(error: str) -> Tuple[str, str]:
    """(the token pycparser stopped before, its message without the position); either may be empty."""
    token = error.rsplit("before: ", 1)[-1].strip() if "before:" in error else ""
    detail = error.split(": ", 1)[-1].strip() if ": " in error else error
    return token, detail


def _position(where: SourceRange, error: Optional[str]) -> str:
    token, detail = _parser_complaint(error or "")
    near = f", near '{token}'" if token else f": {detail}" if detail else ""
    return f"line {where.line}, column {where.column}{near}"


# The declarator after `__global__ void`: a name (not the attributes that may stand before it), template
# arguments where it is an explicit instantiation (`template __global__ void k<128>(const float*);`), and the
# `(` of its parameter list.
_KERNEL_NAME = re.compile(rf"\b(?!(?:{'|'.join(sorted(BLANKED_CALLS))})\b)(\w+)\s*(?:<[^;{{}}()]*>\s*)?\(")


def _defines_after(text: str, open_paren: int) -> bool:
    """Whether the parameter list opening at text[open_paren] is followed by a body `{`."""
    depth = 0
    for k in range(open_paren, len(text)):
        depth += {"(": 1, ")": -1}.get(text[k], 0)
        if depth == 0:
            return text[k + 1:].lstrip().startswith("{")
    return False


_HOST_TEMPLATE_DEPTH = 4  # calls through host templates followed from a launch


def _number_or_text(text: str, env: Lookup) -> str:
    value = evaluate_text(text, env)
    return text if value is None else str(value)


def split_commas(text: str, angles: bool = False) -> List[str]:
    """The comma-separated parts of `text` at the top level of its brackets (and of `<...>` with
    `angles`, where `<` cannot be a comparison: template arguments), stripped."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{" or (angles and ch == "<"):
            depth += 1
        elif ch in ")]}" or (angles and ch == ">"):
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _without_template_arguments(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"<[^<>;()]*>", " ", text)
    return text


# Each model is walked on its own; past this many sets of launch constants, only the values all share are read.
MAX_ARGUMENT_MODELS = 4


def _argument(site: LaunchSite, index: int) -> Optional[int]:
    return site.argument_values[index] if index < len(site.argument_values) else None


def _launch_arguments(text: str, start: int, end: int) -> List[str]:
    """The arguments of `kernel<<<...>>>(args)` spanning text[start:end], as written."""
    opening = text.find(">>>", start, end)
    opening = -1 if opening < 0 else text.find("(", opening, end)
    return _call_args(text, opening + 1)[0] if opening >= 0 else []


def _call_args(text: str, start: int) -> Tuple[List[str], int]:
    depth = 1
    i = start
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return split_commas(_without_template_arguments(text[start : i - 1])), i


# `[const] [type] name = value;`, `name(args);`, `name{args};`: group 1 is what precedes the name (empty
# for an assignment), group 2 the name, groups 3-6 the value in its four spellings
_QUALIFIERS = r"(?:const\s+|constexpr\s+|static\s+|unsigned\s+|signed\s+|long\s+|short\s+)*"
_LOCAL_DEFINITION = (r"(?:^|(?<=[;{}(]))\s*(" + _QUALIFIERS +
                     r"(?:[A-Za-z_][\w:]*\s+(?:const\s+)?)?)([A-Za-z_]\w*)\s*"
                     r"(?:=\s*([^;{}]+?)|\(([^;{}]*)\)|\{([^;{}]*)\}|=\s*\{([^;{}]*)\})\s*;")


_DECLARATOR_LIST = re.compile(
    r"(?:^|(?<=[;{}]))(\s*" + _QUALIFIERS + r"(?!(?:return|delete|throw|case|goto|else|typedef|using|new)\b)"
    r"[A-Za-z_][\w:]*\s+)([A-Za-z_]\w*\s*[=({][^;{}]*,[^;{}]*);")


def _one_declarator_each(text: str) -> str:
    """`const int T = 64, N = 1 << 20;` as `const int T = 64; const int N = 1 << 20;`, so that each local is
    a definition of its own; a statement whose parts are not all declarators is left as it is."""
    def split(m: re.Match) -> str:
        parts = split_commas(m.group(2))
        if not all(re.match(r"[A-Za-z_]\w*\s*(?:$|=|\(|\{)", part) for part in parts):
            return m.group(0)
        kind = m.group(1).strip()
        return m.group(1) + "; ".join([parts[0]] + [f"{kind} {part}" for part in parts[1:]]) + ";"

    return _DECLARATOR_LIST.sub(split, text)


def _open_blocks(text: str) -> Callable[[int], bool]:
    """Whether the block that holds offset `p` of `text` is still open at the end of the text."""
    depth, depths = 0, []
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        depths.append(depth)
    lowest, suffix = depth, [0] * len(depths)
    for i in range(len(depths) - 1, -1, -1):
        lowest = min(lowest, depths[i])
        suffix[i] = lowest
    return lambda p: p >= len(depths) or suffix[p] >= (depths[p - 1] if p else 0)


def build(unit: TranslationUnit, pre: Preprocessed, lowered: Lowered, parsed: List[ParsedItem],
          smap: SourceMap) -> TranslationUnit:
    builder = Builder(unit, pre, lowered, parsed, smap)
    builder.collect_file_scope()
    builder.collect_functions()
    builder.collect_broken_brackets()
    builder.collect_swallowed_kernels()
    builder.collect_launches()
    builder.bind_launch_constants()
    builder.collect_func_attributes()
    return unit


# Each instantiation is walked on its own, so a template launched for every type and size of a table
# (HeCBench scan: 4 types x 5 sizes, 0.2 s a walk) costs as many walks; past this many, a cover of
# the argument values is checked (KL003 names the rest).
MAX_MODELLED_INSTANTIATIONS = 8


def _modelled_instantiations(insts: Sequence[Dict[str, str]]) -> List[Dict[str, str]]:
    """`insts`, or when there are more than MAX_MODELLED_INSTANTIATIONS, those that first bring an
    argument value not yet seen (so every value of every parameter is checked in some instantiation),
    then the earliest others, in the order of the file."""
    if len(insts) <= MAX_MODELLED_INSTANTIATIONS:
        return list(insts)
    seen: Set[Tuple[str, str]] = set()
    chosen: List[int] = []
    for index, inst in enumerate(insts):
        if len(chosen) < MAX_MODELLED_INSTANTIATIONS and not set(inst.items()) <= seen:
            chosen.append(index)
            seen.update(inst.items())
    rest = [index for index in range(len(insts)) if index not in chosen]
    chosen += rest[:MAX_MODELLED_INSTANTIATIONS - len(chosen)]
    return [insts[index] for index in sorted(chosen)]


def _unspecialized(insts: Tuple[Dict[str, str], ...], params: Sequence[TemplateParam],
                   specialized: Set[Tuple[str, ...]]) -> Tuple[Dict[str, str], ...]:
    """The primary template's instantiations less those an explicit specialization defines: a launch of
    k<float> runs `template <> k<float>`'s body."""
    return tuple(inst for inst in insts
                 if compact_arguments([inst.get(tp.name, "") for tp in params]) not in specialized)
