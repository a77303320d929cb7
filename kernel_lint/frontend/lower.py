"""Lower CUDA C++ to the C that pycparser accepts, remembering what was removed and where.

Most constructs become blanks of the same length (qualifiers, template headers, namespaces), so
columns survive; the few rewrites that change length go through `Editor`, which keeps one Origin per
output character. What lowering removes but the model needs (kernel qualifiers, launch bounds,
template parameters, launch configurations, __shared__ markers) is recorded on the way.

C++ with no C spelling is approximated so that the rest of the kernel can still be analysed: a
lambda becomes the value `0` (its body is not analysed; the launches in it are recorded), `for (x : range)` a loop of unknown trip
count, structured bindings declare names of unknown value, `if (T x = e; c)` becomes `if (x = e, c)`.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from kernel_lint.frontend.prelude import ASM_OUTPUT, AUTO_TYPE, C_TYPE_KEYWORDS, TYPE_NAMES
from kernel_lint.frontend.preprocess import Origin

_TOKEN = re.compile(
    r"(?P<raw>(?:u8|u|U|L)?R\"(?P<delimiter>[^()\\\s\"]{0,16})\([\s\S]*?\)(?P=delimiter)\")"  # NVRTC sources span lines
    r"|(?P<id>[A-Za-z_$][\w$]*)|(?P<num>\.?\d(?:[eEpP][+-]|[\w.'])*)"
    r"|(?P<str>(?:u8|u|U|L|R)?\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?)"
    r"|(?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||::|\.\.\.|[-+*/%&|^!=<>?:;,.(){}\[\]~#@\\`])"
)
C_KEYWORDS = frozenset((
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "int", "long", "register", "return", "short", "signed", "sizeof", "static",
    "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "restrict", "inline",
    "_Bool", "bool", "class", "template", "typename", "namespace", "using", "new", "delete", "operator",
    "public", "private", "protected", "this", "throw", "try", "catch", "virtual", "friend", "constexpr",
))
_BLANKED_WORDS = frozenset((
    "__global__", "__device__", "__host__", "__forceinline__", "__noinline__", "__inline__", "inline",
    "__shared__", "__constant__", "__managed__", "explicit", "virtual", "mutable", "__device_builtin__",
    "override", "final", "noexcept", "typename", "__grid_constant__", "thread_local", "__thread__",
    "CUDA_CALLABLE", "__builtin_assume_aligned_", "consteval", "constinit", "[[", "]]",
))
BLANKED_CALLS = frozenset((
    "__launch_bounds__", "__align__", "alignas", "__attribute__", "__declspec", "static_assert",
    "_Pragma", "__maxnreg__", "__cluster_dims__", "__builtin_align__",
))
_WORD_REWRITES = {"__restrict__": "restrict", "__restrict": "restrict", "nullptr": "0", "true": "1",
                  "false": "0", "constexpr": "const", "auto": AUTO_TYPE, "NULL": "0", "bool": "_Bool",
                  "alignof": "_Alignof", "__alignof__": "_Alignof"}
_ASM_WORDS = frozenset(("asm", "__asm__", "__asm"))
_CPP_CASTS = frozenset(("static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "bit_cast"))
_KNOWN_TEMPLATES = frozenset(("texture", "surface", "tex1D", "tex2D", "tex3D", "tex1Dfetch", "tex2DLayered",
                              "surf2Dread", "surf2Dwrite", "tiled_partition", "thread_block_tile", "vector",
                              "min", "max", "numeric_limits", "array", "fragment", "load_matrix_sync",
                              "accessor", "packed_accessor32", "packed_accessor64", "data_ptr", "unique_ptr",
                              "shared_ptr", "pair", "tuple", "complex", "make_pair"))
_CONTROL_WORDS = frozenset(("if", "for", "while", "switch", "return", "sizeof", "catch"))
_STATEMENT_START = frozenset((";", "{", "}", ":"))
_VALUE_STARTS = frozenset(("(", ",", "=", "return", "?", ":"))  # after these a name starts a value
_NESTING = {"(": 1, "[": 1, "{": 1, "<": 1, ")": -1, "]": -1, "}": -1, ">": -1, ">>": -2}
_ATTRIBUTE_MACRO = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


@dataclass
class Tok:
    text: str
    kind: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass(frozen=True)
class TemplateParam:
    name: str
    is_type: bool
    default: Optional[str] = None


@dataclass(frozen=True)
class ClassConstants:
    """The `static constexpr` data members of one struct or class template, which `Name::member` reads."""
    params: Tuple[TemplateParam, ...]
    members: Dict[str, Tuple[Tok, ...]]  # member name -> the tokens of its initializer


@dataclass
class TopItem:
    """A top-level function or declaration of the lowered file (offsets in the CUDA text)."""

    start: int
    end: int
    is_function: bool
    name: Optional[str] = None
    qualifiers: Set[str] = field(default_factory=set)
    template_params: Tuple[TemplateParam, ...] = ()
    # the arguments an explicit specialization is written for (`float` of `template <> __global__ void
    # k<float>(...)`); empty for any other function
    specialization: Tuple[str, ...] = ()
    launch_bounds: Tuple[str, ...] = ()
    lowered_start: int = 0
    lowered_end: int = 0


@dataclass
class LaunchRecord:
    kernel: str
    template_args: Tuple[str, ...]
    config: Tuple[str, ...]  # grid, block[, shared bytes[, stream]] as written
    start: int  # CUDA-text offsets of the whole launch expression
    end: int
    item_index: Optional[int] = None


@dataclass
class TemplateCall:
    """`f<A, B>(...)` inside a function body: an instantiation of the function template `f`."""

    function: str
    template_args: Tuple[str, ...]
    start: int  # CUDA-text offset of the call
    item_index: Optional[int] = None
    lowered_start: int = -1  # where the function's name is in the lowered text, which the parser's coordinates follow


@dataclass
class Lowered:
    cuda_text: str  # the preprocessed text lowering started from
    text: str
    origins: List[Origin]
    items: List[TopItem]
    launches: List[LaunchRecord]
    type_names: Set[str]
    struct_names: Set[str]
    shared_markers: List[int]  # lowered offsets where __shared__ stood
    constant_markers: List[int]  # lowered offsets where __constant__ stood
    unbalanced: Optional[int] = None  # CUDA-text offset of the first bracket that does not pair up
    line_starts: List[int] = field(default_factory=list)
    template_calls: List[TemplateCall] = field(default_factory=list)
    reference_names: List[int] = field(default_factory=list)  # lowered offsets of names declared `T &name`
    # `Scope::member` -> its C expression, for the static constexpr members of records that are not templates:
    # host code is read as written (`dim3 block(Traits::X, Traits::Y)`), where the lowering has not put them
    class_constants: Dict[str, str] = field(default_factory=dict)

    def offset(self, line: int, column: int) -> int:
        """Lowered-text offset of a 1-based (line, column)."""
        if not self.line_starts:
            self.line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        if line < 1 or line > len(self.line_starts):
            return len(self.text)
        return min(self.line_starts[line - 1] + column - 1, len(self.text))

    def position(self, offset: int) -> Tuple[int, int]:
        self.offset(1, 1)
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1


class Editor:
    """Non-overlapping replacements of a text with one origin per output character."""

    def __init__(self, text: str, origins: Sequence[Origin]):
        self.text = text
        self.origins = origins
        self.edits: Dict[int, Tuple[int, str, bool]] = {}
        self.taken: List[Tuple[int, int]] = []

    def replace(self, start: int, end: int, replacement: str, at_start: bool = False) -> bool:
        """Replace [start, end); `at_start` maps every new character to `start` (an opening the
        parser will take as where the expression begins)."""
        i = bisect.bisect_left(self.taken, (start, -1))
        if i < len(self.taken) and self.taken[i][0] < max(end, start + 1):
            return False
        if i > 0 and self.taken[i - 1][1] > start:
            return False
        self.taken.insert(i, (start, end))
        self.edits[start] = (end, replacement, at_start)
        return True

    def blank(self, start: int, end: int) -> bool:
        return self.replace(start, end, re.sub(r"[^\n]", " ", self.text[start:end]))

    def is_edited(self, offset: int) -> bool:
        i = bisect.bisect_right(self.taken, (offset, float("inf"))) - 1
        return i >= 0 and self.taken[i][0] <= offset < self.taken[i][1]

    def apply(self) -> Tuple[str, List[Origin], List[Tuple[int, int]]]:
        """The edited text, its origins and (old offset, shift) pairs for map_offset."""
        out: List[str] = []
        origins: List[Origin] = []
        shifts: List[Tuple[int, int]] = []
        pos = 0
        shift = 0
        for start in sorted(self.edits):
            end, replacement, at_start = self.edits[start]
            out.append(self.text[pos:start])
            origins.extend(self.origins[pos:start])
            out.append(replacement)
            anchor = self.origins[start] if start < len(self.origins) else ("", 1, 1)
            if at_start:
                origins.extend([anchor] * len(replacement))
            elif len(replacement) == end - start:
                origins.extend(self.origins[start:end])
            elif replacement:
                # the first and last characters stand for the ends of what they replace, so a
                # range over the replacement covers the whole original spelling
                last = self.origins[end - 1] if end - 1 < len(self.origins) else anchor
                tail = [last] if len(replacement) > 1 and end > start else []
                origins.extend([anchor] * (len(replacement) - len(tail)) + tail)
            shift += len(replacement) - (end - start)
            shifts.append((end, shift))
            pos = end
        out.append(self.text[pos:])
        origins.extend(self.origins[pos:])
        return "".join(out), origins, shifts


def template_member(param: str, member: str) -> str:
    """The C name `Traits::N` is lowered to, with Traits a template type parameter: one name per pair,
    which no user identifier spells (two underscores), for an instantiation to bind."""
    return f"{param}__{member}"


def map_offset(shifts: List[Tuple[int, int]], offset: int) -> int:
    i = bisect.bisect_right(shifts, (offset, float("inf"))) - 1
    return offset + (shifts[i][1] if i >= 0 else 0)


def tokenize(text: str) -> List[Tok]:
    return [Tok(m.group(), "str" if m.lastgroup == "raw" else m.lastgroup or "op", m.start())
            for m in _TOKEN.finditer(text)]


def _assigns(toks: Sequence[Tok], eq: int) -> bool:
    """Whether the `=` at `eq` assigns to an lvalue (`d[i] =`, `p.x =`, `v =` starting a statement) rather
    than initializes a declaration (`float3 v =`), whose braced initializer C keeps."""
    k = eq - 1
    while k > 0 and toks[k].text == "]":  # `d[i] =` and `int a[2][1] =` alike: look before the subscripts
        depth = 0
        while k > 0:
            depth += {"]": 1, "[": -1}.get(toks[k].text, 0)
            k -= 1
            if depth == 0:
                break
    if k < 0 or toks[k].text == ")":
        return k >= 0
    before = toks[k - 1].text if k > 0 else ";"
    return toks[k].kind == "id" and before in (";", "{", "}", ")", ".", "->", ":", "else", "do")


def _in_brackets(toks: Sequence[Tok], start: int, at: int) -> bool:
    """Whether token `at` is inside square brackets opened at or after `start`."""
    depth = 0
    for tok in toks[start:at]:
        depth += {"[": 1, "]": -1}.get(tok.text, 0)
    return depth > 0


def _match(toks: List[Tok], i: int, open_: str, close: str) -> int:
    """Index of the token closing toks[i] (an `open_`), or len(toks) when unbalanced."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j].text
        if t == open_:
            depth += 1
        elif t == close:
            depth -= 1
            if depth == 0:
                return j
    return len(toks)


def _match_angle(toks: List[Tok], i: int, limit: int = 400) -> Optional[int]:
    """Index of the `>` closing the `<` at toks[i] when the contents look like template arguments."""
    depth = 0
    parens = 0
    for j in range(i, min(len(toks), i + limit)):
        t = toks[j].text
        if t == "<":
            depth += 1
        elif t in (">", ">>"):
            if parens:
                continue
            depth -= 1 if t == ">" else 2
            if depth <= 0:
                return j if depth == 0 else None
        elif t in ("(", "["):
            parens += 1
        elif t in (")", "]"):
            parens -= 1
            if parens < 0:
                return None
        elif t in (";", "{", "}", "&&", "||", "==", "!=", "<=", ">=", "=", "?", "<<", "!", "+=", "-=", "<<<"):
            return None
    return None


def _implied_type_names(toks: List[Tok]) -> Iterator[str]:
    """Names that stand where only a type can (from headers we did not read): pycparser must be told
    they are types, and how it reports one it was not told of differs between its versions."""
    for i in range(1, len(toks) - 1):
        prev, a, b = toks[i - 1], toks[i], toks[i + 1]
        after = toks[i + 2].text if i + 2 < len(toks) else ""
        if a.kind == "id" and b.kind == "id" and a.text not in C_KEYWORDS and b.text not in C_KEYWORDS \
                and a.text not in _BLANKED_WORDS and a.text not in _WORD_REWRITES \
                and not a.text.startswith("__") and prev.text not in (".", "->", "::", "#", "goto"):
            yield a.text  # Foo bar
        elif a.kind == "id" and b.text == "*" and prev.text == "(" and after == ")":
            yield a.text  # (Foo*)p
        elif a.text in ("const", "volatile") and b.kind == "id" and after in ("*", "&", "&&"):
            yield b.text  # const Foo* p: no expression puts a name between a qualifier and a declarator
        elif a.text in _CPP_CASTS and b.text == "<":
            inner = toks[i + 2 : _match_angle(toks, i + 1) or i + 2]
            if all(t.kind == "id" or t.text in ("*", "&") for t in inner):  # not `Foo<N>`, `ns::Foo`
                yield from (t.text for t in inner if t.kind == "id")  # reinterpret_cast<const Foo*>


def _parameter_types(toks: List[Tok], open_: int, close: int) -> Iterator[str]:
    """The leading names of a function definition's parameters: `Foo` in `(int n, Foo* p)`, where
    only a type can start a parameter."""
    for j in _parameter_starts(toks, open_, close):
        while j < close and toks[j].text in ("const", "volatile", "register"):
            j += 1
        if j + 1 >= close:
            continue
        word, nxt = toks[j], toks[j + 1]
        if word.kind == "id" and (nxt.kind == "id" or nxt.text in ("*", "&", "&&")) and word.text not in C_KEYWORDS \
                and word.text not in _BLANKED_WORDS and not word.text.startswith("__"):
            yield word.text


def _parameter_starts(toks: List[Tok], open_: int, close: int) -> List[int]:
    """Indices of the first tokens of the parameters between toks[open_] and toks[close]: a comma
    inside brackets or template arguments (`Map<K, N * 2> m`) starts none."""
    starts = [open_ + 1]
    depth = 0
    for k in range(open_ + 1, close):
        t = toks[k].text
        depth += _NESTING.get(t, 0)
        if t == "," and depth == 0:
            starts.append(k + 1)
    return starts


def _template_header_close(toks: List[Tok], i: int) -> int:
    """Index of the `>` closing `template <` at toks[i]; default arguments (`= 4`, `= vector<T>`) allowed."""
    depth = 0
    parens = 0
    for j in range(i, len(toks)):
        t = toks[j].text
        if t in ("(", "["):
            parens += 1
        elif t in (")", "]"):
            parens -= 1
        elif parens:
            continue
        elif t == "<":
            depth += 1
        elif t in (">", ">>"):
            depth -= 1 if t == ">" else 2
            if depth <= 0:
                return j
        elif t in (";", "{", "}"):
            return j - 1
    return len(toks) - 1


def _template_params(toks: List[Tok]) -> Tuple[TemplateParam, ...]:
    params: List[TemplateParam] = []
    current: List[Tok] = []
    depth = 0
    for t in toks + [Tok(",", "op", -1)]:
        if t.text in ("<", "(") :
            depth += 1
        elif t.text in (">", ")"):
            depth -= 1
        if t.text == "," and depth == 0:
            eq = next((k for k, c in enumerate(current) if c.text == "="), None)
            head = current[:eq] if eq is not None else current
            ids = [c.text for c in head if c.kind == "id"]
            if ids:
                is_type = ids[0] in ("typename", "class") or (head and head[0].text == "template")
                default = " ".join(c.text for c in current[eq + 1 :]) if eq is not None else None
                params.append(TemplateParam(ids[-1], is_type, default))
            current = []
            continue
        current.append(t)
    return tuple(params)


class _Lowerer:
    def __init__(self, text: str, origins: Sequence[Origin]):
        self.text = text
        self.toks = tokenize(text)
        self.ed = Editor(text, origins)
        self.items: List[TopItem] = []
        self.launches: List[LaunchRecord] = []
        self.template_calls: List[TemplateCall] = []
        self.type_names: Set[str] = set(TYPE_NAMES)
        self.struct_names: Set[str] = set()
        self.template_names: Set[str] = set(_KNOWN_TEMPLATES)
        self.template_param_names: Set[str] = set()  # `Foo<N>` with N one of these is a template-id
        self.template_type_params: Set[str] = set()  # `Traits::N` with Traits one of these: a member of an argument
        self.class_constants: Dict[str, ClassConstants] = {}
        self.class_aliases: Dict[str, Tuple[str, Tuple[str, ...]]] = {}  # `typedef Foo<float> F;`: F -> Foo, args
        self.shared: List[int] = []
        self.references: List[int] = []  # names declared as lvalue references (`uint &key`), C has none
        self.constants: List[int] = []
        self.function_bodies: List[Tuple[int, int]] = []  # token index ranges of function bodies
        self.openers = _bracket_openers(self.toks)

    # --- pass 1: names ------------------------------------------------------------------------
    def collect_names(self) -> None:
        toks = self.toks
        record_templates: Dict[int, Tuple[TemplateParam, ...]] = {}  # `struct` token -> its template header
        for i, t in enumerate(toks):
            if t.kind != "id" or i + 1 >= len(toks):
                continue
            nxt = toks[i + 1]
            if t.text in ("struct", "class", "union", "enum") and nxt.kind == "id":
                name = self._record_name(i + 1)
                if name:
                    self.type_names.add(name)
                    self.struct_names.add(name)
                    self._collect_class_constants(i, name, record_templates.get(i, ()))
            elif t.text == "typedef":
                end = self._statement_end(i)
                if end is not None:
                    self._collect_class_alias(toks[i + 1 : end - 1], toks[end - 1])
                    ids = [toks[j] for j in range(i, end) if toks[j].kind == "id"]
                    paren = next((j for j in range(i, end) if toks[j].text == "(" and toks[j + 1].text == "*"), None)
                    if paren is not None and toks[paren + 2].kind == "id":
                        self.type_names.add(toks[paren + 2].text)
                    elif ids:
                        self.type_names.add(ids[-1].text)
            elif t.text == "using" and nxt.kind == "id" and i + 2 < len(toks) and toks[i + 2].text == "=":
                self.type_names.add(nxt.text)
                end = self._statement_end(i)
                if end is not None:
                    self._collect_class_alias(toks[i + 3 : end], nxt)
            elif t.text == "template" and nxt.text == "<":
                close = _template_header_close(toks, i + 1)
                params = _template_params(toks[i + 2 : close])
                for p in params:
                    self.template_param_names.add(p.name)
                    if p.is_type:
                        self.type_names.add(p.name)
                        self.template_type_params.add(p.name)
                if close + 1 < len(toks) and toks[close + 1].text in ("struct", "class"):
                    record_templates[close + 1] = params
                name = self._declared_name(close + 1)
                if name:
                    self.template_names.add(name)
        self.type_names.update(_implied_type_names(toks))
        self.type_names -= C_KEYWORDS

    def _statement_end(self, i: int) -> Optional[int]:
        """Index of the `;` ending the declaration at toks[i], outside braces; bodies are skipped."""
        toks = self.toks
        j = i
        while j < len(toks):
            if toks[j].text == "{":
                j = _match(toks, j, "{", "}") + 1
                continue
            if toks[j].text == ";":
                return j
            j += 1
        return None

    def _record_name(self, i: int) -> Optional[str]:
        """The tag after `struct`/`enum class`, skipping `__align__(16)` and similar attributes."""
        toks = self.toks
        j = i
        while j < len(toks) and toks[j].kind == "id":
            if toks[j].text in BLANKED_CALLS and j + 1 < len(toks) and toks[j + 1].text == "(":
                j = _match(toks, j + 1, "(", ")") + 1
            elif toks[j].text in ("class", "struct") or toks[j].text in _BLANKED_WORDS:
                j += 1
            else:
                return toks[j].text
        return None

    def _collect_class_constants(self, keyword: int, name: str, params: Tuple[TemplateParam, ...]) -> None:
        """Remember the constant static members of the record `struct name {...}` at toks[keyword]; a
        specialization (`struct Foo<half> {`) is not the primary template and is left out."""
        toks = self.toks
        j = keyword + 1
        while j < len(toks) and toks[j].text != name:
            j += 1
        j += 1
        if j >= len(toks) or toks[j].text == "<":
            return
        # `>` and `,` end a template parameter: `template <class T> struct Q {` declares Q, not a record T
        while j < len(toks) and toks[j].text not in ("{", ";", "(", "<", "=", ">", ","):
            j += 1
        if j < len(toks) and toks[j].text == "{":
            members = _static_constants(toks, j, _match(toks, j, "{", "}"))
            if members:
                self.class_constants[name] = ClassConstants(params, members)

    def _collect_class_alias(self, target: Sequence[Tok], alias: Tok) -> None:
        """`typedef Foo<float> F;` or `using F = Foo<float>;`: F names Foo with those arguments."""
        if alias.kind != "id" or not target or target[0].kind != "id":
            return
        words = [t for t in target if t.text not in ("const", "struct", "class", "typename")]
        if len(words) == 1 and words[0].kind == "id":
            self.class_aliases[alias.text] = (words[0].text, ())
        elif len(words) > 2 and words[0].kind == "id" and words[1].text == "<" and words[-1].text == ">" \
                and _match_angle(list(words), 1) == len(words) - 1:
            self.class_aliases[alias.text] = (words[0].text, tuple(_split_top(list(words[2:-1]), self.text)))

    def plain_class_constants(self) -> Dict[str, str]:
        """`Scope::member` -> C expression of every constant member of a record without template parameters,
        or of a name for one (`using Config = Tile<64, 8>;`)."""
        found = {}
        scopes = [(scope, record) for scope, record in self.class_constants.items() if not record.params]
        scopes += [(alias, self.class_constants[target]) for alias, (target, _) in self.class_aliases.items()
                   if target in self.class_constants]
        for scope, record in scopes:
            for member in record.members:
                text = self._class_constant(scope, (), member)
                if text is not None:
                    found[f"{scope}::{member}"] = text
        return found

    def _class_constant(self, scope: str, args: Sequence[str], member: str, depth: int = 0) -> Optional[str]:
        """The C expression of `scope::member` (`x128::size` -> `(sizeof(int4) / sizeof(floatX))`),
        None when scope is no record with that constant member."""
        while scope in self.class_aliases and not args and depth < 8:
            scope, args = self.class_aliases[scope]
            depth += 1
        record = self.class_constants.get(scope)
        if record is None or member not in record.members or depth >= 8:
            return None
        values = {p.name: args[k] if k < len(args) else p.default
                  for k, p in enumerate(record.params) if k < len(args) or p.default is not None}
        for sibling in record.members:
            if sibling != member and any(t.text == sibling for t in record.members[member]):
                text = self._class_constant(scope, args, sibling, depth + 1)
                if text is None:
                    return None
                values[sibling] = text
        return "(" + _render(list(record.members[member]), values) + ")"

    def _declared_name(self, i: int) -> Optional[str]:
        toks = self.toks
        j, last = i, min(len(toks), i + 60)
        while j < last:
            if toks[j].text == "(" and j > i and toks[j - 1].text in BLANKED_CALLS:
                # `__global__ void __launch_bounds__(256) k(...)`: the attribute is not the name
                j = _match(toks, j, "(", ")") + 1
                continue
            if toks[j].text in ("(", ";", "{", "=") and j > i and toks[j - 1].kind == "id":
                return toks[j - 1].text
            if toks[j].text in (";",):
                return None
            j += 1
        return None

    # --- pass 2: structure --------------------------------------------------------------------
    def structure(self) -> None:
        toks = self.toks
        i = 0
        ns_stack: List[int] = []  # token indices of blanked '{' of namespace / extern "C"
        pending_template: Tuple[TemplateParam, ...] = ()
        item_start: Optional[int] = None
        while i < len(toks):
            t = toks[i]
            if t.text == "}" and ns_stack:
                self.ed.blank(t.start, t.end)
                ns_stack.pop()
                i += 1
                item_start = None
                continue
            if t.text == ";" and item_start is None:
                i += 1
                continue
            if item_start is None:
                skip = self._namespace_header(i)
                if skip is not None:
                    if toks[skip - 1].text == "{":
                        ns_stack.append(skip - 1)
                    i = skip
                    continue
                item_start = i
                pending_template = ()
            if t.text == "template" and i + 1 < len(toks) and toks[i + 1].text == "<":
                close = _template_header_close(toks, i + 1)
                pending_template = pending_template or _template_params(toks[i + 2 : close])
                self.ed.blank(t.start, toks[min(close, len(toks) - 1)].end)
                i = close + 1
                continue
            end, is_function = self._item_end(i)
            if end >= i:
                self._record_item(item_start, end, is_function, pending_template)
            i = max(end + 1, i + 1)  # a stray `}` is skipped
            item_start = None

    def _namespace_header(self, i: int, in_body: bool = False) -> Optional[int]:
        """Blank `namespace x {`, `extern "C" {`, `using namespace x;`; the index after it, or None."""
        toks = self.toks
        t = toks[i]
        j = i
        if t.text == "inline" and i + 1 < len(toks) and toks[i + 1].text == "namespace":
            j = i + 1
        if toks[j].text == "namespace":
            k = j + 1
            while k < len(toks) and toks[k].text not in ("{", ";", "="):
                k += 1
            if k < len(toks) and toks[k].text == "=":
                k = next((m for m in range(k, len(toks)) if toks[m].text == ";"), len(toks) - 1)
            self.ed.blank(t.start, toks[min(k, len(toks) - 1)].end)
            return k + 1
        if t.text == "extern" and i + 1 < len(toks) and toks[i + 1].kind == "str":
            if i + 2 < len(toks) and toks[i + 2].text == "{":
                self.ed.blank(t.start, toks[i + 2].end)
                return i + 3
            self.ed.blank(t.start, toks[i + 1].end)
            return i + 2
        if t.text == "using":
            k = next((m for m in range(i, len(toks)) if toks[m].text == ";"), len(toks) - 1)
            if i + 2 < len(toks) and toks[i + 2].text == "=" and toks[i + 1].kind == "id":
                target = _alias_target(toks[i + 3 : k])
                self.type_names.update(w for w in target if w[0].isalpha() or w[0] == "_")  # only types stand there
                alias = f"typedef {' '.join(target)} {toks[i + 1].text};"
                self.ed.replace(t.start, toks[k].end, alias)
                if not in_body:  # a local alias is a declaration of the function body it sits in
                    self.items.append(TopItem(t.start, toks[k].end, False))
            else:
                self.ed.blank(t.start, toks[k].end)
            return k + 1
        if t.text in ("#", "@"):
            return i + 1
        return None

    def _item_end(self, i: int) -> Tuple[int, bool]:
        """Token index ending the item that starts at toks[i], and whether it is a function definition."""
        toks = self.toks
        depth = 0
        saw_call_parens = False
        is_record = False
        in_initializer = False
        j = i
        while j < len(toks):
            t = toks[j].text
            if t in ("struct", "class", "union", "enum", "typedef") and depth == 0:
                is_record = True
            if t == "(":
                if depth == 0 and j > i and toks[j - 1].text not in BLANKED_CALLS:
                    saw_call_parens = True
                j = _match(toks, j, "(", ")") + 1
                continue
            if t == "=" and depth == 0 and not saw_call_parens and "operator" not in (
                    toks[j - 1].text, toks[j - 2].text if j >= 2 else ""):
                is_record = in_initializer = True  # an initializer (not `operator+=`): braces belong to it
            if t == "{":
                close = _match(toks, j, "{", "}")
                # parens before the brace are a parameter list, also after `struct` (`static struct timespec
                # now(void) {`, a function returning a struct): a record's head has none but attributes'
                if saw_call_parens and not in_initializer:
                    self.function_bodies.append((j, close))
                    return close, True
                # an initializer's braces hold values, no members to lower (HeCBench sad's table of 9,000
                # braced rows took its whole run time to walk as if it were a struct)
                if not in_initializer and (toks[i].text in ("struct", "class", "union", "typedef")
                                           or (is_record and toks[i].text != "enum")):
                    self._lower_record_body(j, close)
                j = close + 1
                continue
            if t == ";":
                return j, False
            if t == "}":
                return j - 1, False
            j += 1
        return len(toks) - 1, False

    def _lower_record_body(self, open_: int, close: int) -> None:
        """Remove what C structs cannot hold: member functions, access labels, static members, bases."""
        toks = self.toks
        k = open_ - 1
        while k > 0 and toks[k].text not in ("struct", "class", "union", ";", "}", "{"):
            if toks[k].text == ":" and toks[k - 1].kind == "id":
                self.ed.blank(toks[k].start, toks[open_ - 1].end)
                break
            k -= 1
        j = open_ + 1
        member_start = j
        while j < close:
            t = toks[j]
            if t.text in ("public", "private", "protected") and j + 1 < close and toks[j + 1].text == ":":
                self.ed.blank(t.start, toks[j + 1].end)
                j += 2
                member_start = j
                continue
            if t.text == "{":
                inner = _match(toks, j, "{", "}")
                if any(toks[m].text == "(" for m in range(member_start, j)) or toks[j - 1].text in (")", "const"):
                    end = inner + 1 if inner + 1 < close and toks[inner + 1].text == ";" else inner
                    self.ed.blank(toks[member_start].start, toks[end].end)
                    j = end + 1
                    member_start = j
                    continue
                self._lower_record_body(j, inner)
                j = inner + 1
                continue
            if t.text == "(" :
                j = _match(toks, j, "(", ")") + 1
                continue
            if t.text == ";":
                words = {toks[m].text for m in range(member_start, j)}
                has_call = any(toks[m].text == "(" and toks[m - 1].text not in BLANKED_CALLS
                               and not _in_brackets(toks, member_start, m)  # `int p[(N)];` is data
                               for m in range(member_start + 1, j))
                if words & {"static", "using", "friend", "typedef", "template", "operator"} or has_call:
                    self.ed.blank(toks[member_start].start, t.end)
                j += 1
                member_start = j
                continue
            if t.text == "=" and j + 1 < close and toks[j + 1].text not in ("{",) \
                    and not {toks[m].text for m in range(member_start, j)} & {"static", "using", "friend", "typedef", "("}:
                # a default member initializer; `Foo() = default;` is a member function, blanked whole at `;`
                end = next((m for m in range(j, close) if toks[m].text in (";", ",")), close)
                self.ed.blank(t.start, toks[end - 1].end)  # default member initializer
            j += 1

    def _record_item(self, start: int, end: int, is_function: bool, template: Tuple[TemplateParam, ...]) -> None:
        toks = self.toks
        if start > end or start >= len(toks):
            return
        item = TopItem(toks[start].start, toks[min(end, len(toks) - 1)].end, is_function,
                       template_params=template)
        header_end = next((k for k in range(start, end + 1) if toks[k].text == "{"), end)
        macro_parens = self._blank_attribute_macros(start, header_end) if is_function else set()
        self._blank_default_arguments(start, header_end, macro_parens)
        if is_function:
            self._trailing_return_type(start, header_end)
        k = start
        while is_function and k < header_end:
            word = toks[k].text
            if word in ("__global__", "__device__", "__host__"):
                item.qualifiers.add(word)
            elif word in BLANKED_CALLS and k + 1 < header_end and toks[k + 1].text == "(":
                close = _match(toks, k + 1, "(", ")")
                if word == "__launch_bounds__":
                    item.launch_bounds = tuple(_split_top(toks[k + 2 : close], self.text))
                k = close  # a call in its arguments (`sizeof(S<N>)`) is not the function's name
            elif word == "(" and toks[k - 1].kind == "id" and k not in macro_parens and item.name is None:
                item.name = toks[k - 1].text
                self.type_names.update(_parameter_types(toks, k, _match(toks, k, "(", ")")))
            elif word == "(" and toks[k - 1].text == ">" and item.name is None and not template:
                opened = _open_angle(toks, k - 1)
                if opened is not None and opened > start and toks[opened - 1].kind == "id":
                    item.name = toks[opened - 1].text
                    item.specialization = tuple(_split_top(toks[opened + 1 : k - 1], self.text))
            k += 1
        self.items.append(item)

    def _trailing_return_type(self, start: int, header_end: int) -> None:
        """`auto k(float* a) -> void {` -> `void k(float* a) {`: C has no trailing return type. Only a
        plain type (words and `*`) is moved; anything else is left for the parser to report."""
        toks = self.toks
        depth, arrow = 0, None
        for k in range(start, header_end):
            depth += {"(": 1, ")": -1}.get(toks[k].text, 0)
            if depth == 0 and toks[k].text == "->" and toks[k - 1].text == ")":
                arrow = k
                break
        auto = next((k for k in range(start, arrow or start) if toks[k].text == "auto"), None)
        returned = toks[arrow + 1 : header_end] if arrow is not None else []
        if auto is None or not returned or not all(t.kind == "id" or t.text == "*" for t in returned):
            return
        spelled = " ".join(_WORD_REWRITES.get(t.text, t.text) for t in returned)
        self.ed.replace(toks[auto].start, toks[auto].end, spelled)
        self.ed.blank(toks[arrow].start, returned[-1].end)

    def _blank_attribute_macros(self, start: int, end: int) -> Set[int]:
        """Blank project macros that stand for attributes in a function header (`C10_HOST_DEVICE`,
        `C10_LAUNCH_BOUNDS_1(256)`), whose definitions we may not have; the indices of their `(` are
        returned so that neither the name nor the parameters are taken from them.

        Only SHOUTING_CASE words before the parameter list qualify, and only where a type cannot
        stand: before another word that is not the function name, between the return type and the
        name, or (with arguments) before any word."""
        toks = self.toks
        parens: Set[int] = set()
        k = start
        while k < end - 1:
            t, nxt = toks[k], toks[k + 1]
            if t.text == "(":
                break  # the parameter list
            if t.kind == "id" and _ATTRIBUTE_MACRO.match(t.text) and not self.ed.is_edited(t.start):
                if nxt.text == "(":
                    close = _match(toks, k + 1, "(", ")")
                    if close + 1 < end and toks[close + 1].kind == "id":
                        self.ed.blank(t.start, toks[close].end)
                        parens.add(k + 1)
                        k = close + 1
                        continue
                elif nxt.kind == "id" and nxt.text not in ("const", "volatile") and k + 2 < end:
                    before_name = toks[k + 2].text == "("
                    after_type = k > start and (toks[k - 1].text in C_TYPE_KEYWORDS or toks[k - 1].text in ("*", "&", ">")
                                                or (toks[k - 1].text in self.type_names and toks[k - 1].text != t.text))
                    if not before_name or after_type:
                        self.ed.blank(t.start, t.end)
            k += 1
        return parens

    def _blank_default_arguments(self, start: int, end: int, skip: Set[int]) -> None:
        """`f(int n = 4)` -> `f(int n    )` in the first parameter list of a declaration."""
        toks = self.toks
        opener = next((k for k in range(start, end) if toks[k].text == "(" and toks[k - 1].kind == "id"
                       and toks[k - 1].text not in BLANKED_CALLS and k not in skip), None)
        if opener is None:
            return
        close = _match(toks, opener, "(", ")")
        depth = 0
        k = opener + 1
        while k < close:
            t = toks[k].text
            if t in ("(", "[", "{", "<"):
                depth += 1
            elif t in (")", "]", "}", ">"):
                depth -= 1
            elif t == "=" and depth == 0:
                stop = k
                inner = 0
                while stop < close and not (inner == 0 and toks[stop].text == ","):
                    inner += toks[stop].text in ("(", "[", "{") and 1 or (-1 if toks[stop].text in (")", "]", "}") else 0)
                    stop += 1
                self.ed.blank(toks[k].start, toks[stop - 1].end)
                k = stop
                continue
            k += 1

    # --- pass 3: statements and expressions ---------------------------------------------------
    def rewrite(self) -> None:
        toks = self.toks
        bodies = sorted(self.function_bodies)
        body_starts = [b[0] for b in bodies]
        i = 0
        while i < len(toks):
            t = toks[i]
            k = bisect.bisect_right(body_starts, i) - 1
            in_body = k >= 0 and bodies[k][0] < i <= bodies[k][1]
            i = self._rewrite_at(i, t, in_body)

    def _rewrite_at(self, i: int, t: Tok, in_body: bool) -> int:
        toks = self.toks
        ed = self.ed
        text = t.text
        nxt = toks[i + 1] if i + 1 < len(toks) else Tok("", "eof", len(self.text))
        prev = toks[i - 1] if i > 0 else Tok(";", "op", 0)
        if t.kind == "id":
            if text == "__shared__":
                self.shared.append(t.start)
            elif text == "__constant__":
                self.constants.append(t.start)
            if text in BLANKED_CALLS and nxt.text == "(":
                close = _match(toks, i + 1, "(", ")")
                end = close + 1 if text == "static_assert" and close + 1 < len(toks) and toks[close + 1].text == ";" else close
                ed.blank(t.start, toks[min(end, len(toks) - 1)].end)
                return end + 1
            if text in _ASM_WORDS:
                return self._asm(i, in_body)
            if text == "for" and nxt.text == "(":
                self._range_for(i + 1)
                return i + 1
            if text in ("if", "switch") and nxt.text == "(":
                self._condition_init(i + 1)
                return i + 1
            if text in ("using", "namespace") and in_body:  # `namespace cg = cooperative_groups;` too
                return self._namespace_header(i, in_body=True) or i + 1
            if text == "template" and nxt.text != "<":
                ed.blank(t.start, t.end)  # `x.template f<T>()`
                return i + 1
            if text in _BLANKED_WORDS:
                ed.blank(t.start, t.end)
                return i + 1
            if text in ("const", "volatile") and prev.text == ")" and nxt.text in ("{", "const", "volatile", "&", "&&"):
                ed.blank(t.start, t.end)  # `int Grid::at(int r) const { ... }`: a member function's qualifier
                return i + 1
            if text == "enum" and nxt.text in ("class", "struct"):
                ed.blank(nxt.start, nxt.end)
                return i + 2
            if text == "class" and prev.text != "enum":
                ed.replace(t.start, t.end, "struct")
                return i + 1
            if text == "decltype" and nxt.text == "(":
                close = _match(toks, i + 1, "(", ")")
                ed.replace(t.start, toks[close].end, AUTO_TYPE)
                return close + 1
            if text in _WORD_REWRITES and prev.text not in (".", "->"):
                if text == "constexpr" and prev.text == "if":
                    ed.blank(t.start, t.end)
                else:
                    ed.replace(t.start, t.end, _WORD_REWRITES[text])
                return self._after_type(i, i + 1, in_body) if text in ("auto", "bool") else i + 1
            if text in _CPP_CASTS and nxt.text == "<":
                return self._cpp_cast(i)
            if nxt.text == "::":
                return self._qualifier(i)
            if nxt.text == "<<" and i + 2 < len(toks) and toks[i + 2].text == "<":
                return self._launch(i, i + 1, ())
            if nxt.text == "<" and (text in self.template_names or text in self.type_names or prev.text != "."):
                close = _match_angle(toks, i + 1)
                if close is not None and self._looks_like_template(i, close):
                    after = toks[close + 1] if close + 1 < len(toks) else Tok("", "eof", 0)
                    if after.text == "<<" and close + 2 < len(toks) and toks[close + 2].text == "<":
                        args = tuple(_split_top(toks[i + 2 : close], self.text))
                        ed.blank(nxt.start, toks[close].end)
                        return self._launch(i, close + 1, args)
                    if after.text == "::":
                        member = toks[close + 2] if close + 2 < len(toks) else after
                        following = toks[close + 3].text if close + 3 < len(toks) else ""
                        constant = self._class_constant(text, tuple(_split_top(toks[i + 2 : close], self.text)),
                                                        member.text)
                        if constant is not None and following not in ("::", "(", "<"):
                            ed.replace(t.start, member.end, constant)
                            return close + 3
                        ed.blank(t.start, after.end)
                        return close + 2
                    # a call, or an explicit instantiation (`template void launch<float>(...);`), which
                    # instantiates the host template as a call would
                    if after.text == "(" and text in self.template_names \
                            and (in_body or self._explicit_instantiation(i)):
                        args = tuple(_split_top(toks[i + 2 : close], self.text))
                        self.template_calls.append(TemplateCall(text, args, t.start))
                        if in_body and text not in self.type_names:  # a function template's call, not a construction
                            ed.blank(nxt.start, toks[close].end)
                            if text == "tiled_partition" and len(args) == 1:
                                # `tiled_partition<32>(g)` -> `tiled_partition(g, 32)`, the size kept
                                end = _match(toks, close + 1, "(", ")")
                                ed.replace(toks[end].start, toks[end].end, f", {args[0]})")
                            return close + 1
                    if after.text == "[":  # an element of a variable template: `mask<T>[j]`
                        ed.blank(nxt.start, toks[close].end)
                        return close + 1
                    if after.text == "{" and in_body and self._before_qualified_name(i).text in _VALUE_STARTS:
                        # a temporary `plus<float>{}` as an argument or a value: a call to C, named as a
                        # constructor where the name is a type C knows (`Packed128<T>{bits}`)
                        brace = _match(toks, close + 1, "{", "}")
                        ed.blank(nxt.start, toks[close].end)
                        if text in self.struct_names:
                            ed.replace(t.start, t.end, f"__ctor_{text}")
                        ed.replace(after.start, after.end, "(")
                        ed.replace(toks[brace].start, toks[brace].end, ")")
                        return close + 2
                    ed.blank(nxt.start, toks[close].end)
                    if after.kind == "id" or (not in_body and after.text in (")", ",")
                                              and self._before_qualified_name(i).text in ("(", ",")):
                        self.type_names.add(text)  # `Foo<T> x`, or an unnamed parameter `f(int, Tag<N>)`
                    return self._after_type(i, close + 1, in_body)
            if text in self.type_names or text in C_TYPE_KEYWORDS:
                return self._after_type(i, i + 1, in_body)
        elif t.kind == "num" and "'" in text:
            ed.replace(t.start, t.end, text.replace("'", ""))  # C has no digit separators
        elif text == "::":
            ed.blank(t.start, t.end)
        elif text == "[" and nxt.text == "[":
            close = _match(toks, i, "[", "]")
            ed.blank(t.start, toks[close].end)
            return close + 1
        elif text == "[" and _introduces_lambda(prev):
            return self._lambda(i)
        elif text == "(" and nxt.text == "{" and in_body:
            return self._statement_expression(i) or i + 1
        elif text == "{" and in_body and (
                (prev.text in ("(", ",") and _is_call_argument(toks, i, self.openers))
                or prev.text == "return" or (prev.text == "=" and _assigns(toks, i - 1))):
            # a braced argument `f(s, { x[i], 1.0f })`, value `return {a, b};` or assignment `d[i] = {x, y, z};`
            # builds a temporary of a type C cannot name here: an opaque call keeps the accesses inside it
            close = _match(toks, i, "{", "}")
            ed.replace(t.start, t.end, "__kl_braced(")
            ed.replace(toks[close].start, toks[close].end, ")")
            self._blank_designators(i, close)
        return i + 1

    def _blank_designators(self, open_: int, close: int) -> None:
        """`{.width = w, .height = h}` -> `{w, h}`: a designator is no argument of the opaque call."""
        toks = self.toks
        for k in range(open_ + 1, close - 2):
            if toks[k].text == "." and toks[k - 1].text in ("{", ",") and toks[k + 1].kind == "id" \
                    and toks[k + 2].text == "=":
                self.ed.blank(toks[k].start, toks[k + 2].end)

    def _statement_expression(self, i: int) -> Optional[int]:
        """GNU `({ T a = (x); T b = (y); a < b ? a : b; })` (PPCG's ppcg_min) -> `((x) < (y) ? (x) : (y))`:
        temporaries initialised once and a final expression, the temporaries replaced by their values.
        Other statement expressions are left alone (and do not parse)."""
        toks = self.toks
        brace = _match(toks, i + 1, "{", "}")
        if brace + 1 >= len(toks) or toks[brace + 1].text != ")":
            return None
        parts = _split_statements(toks[i + 2 : brace])
        if len(parts) == 1:
            return None  # no statement inside: a braced argument `f({a, b})`
        *declarations, result = [part for part in parts if part] or [[]]
        values: Dict[str, str] = {}
        for declaration in declarations:
            eq = next((k for k, tok in enumerate(declaration) if tok.text == "="), None)
            if eq is None or eq == 0 or declaration[eq - 1].kind != "id" or eq + 1 >= len(declaration):
                return None
            values[declaration[eq - 1].text] = f"({_render(declaration[eq + 1:], values)})"
        if not result:
            return None
        self.ed.replace(toks[i].start, toks[brace + 1].end, f"({_render(result, values)})")
        return brace + 2

    def _explicit_instantiation(self, i: int) -> bool:
        """Whether the name at `i` is declared by an explicit instantiation definition: its statement starts
        with `template` not followed by `<` (`template void f<float>(float *);`)."""
        j = i - 1
        while j >= 0 and self.toks[j].text not in (";", "{", "}"):
            j -= 1
        return self.toks[j + 1].text == "template" and self.toks[j + 2].text != "<"

    def _looks_like_template(self, name: int, close: int) -> bool:
        toks = self.toks
        after = toks[close + 1].text if close + 1 < len(toks) else ""
        inner = toks[name + 2 : close]
        if toks[name].text in self.template_names or toks[name].text in self.type_names:
            return True
        if after not in ("(", "{", "[", "::", "<<", ">", ",", ")", ";", "*", "&") \
                and (close + 1 >= len(toks) or toks[close + 1].kind != "id"):
            return False
        return all(t.kind in ("id", "num") or t.text in (",", "*", "&", "::", "<", ">", ">>") for t in inner) \
            and any(t.text in self.type_names or t.text in self.template_param_names or t.text in C_TYPE_KEYWORDS
                    or t.kind == "num" for t in inner)

    def _after_type(self, type_tok: int, i: int, in_body: bool) -> int:
        """Handle what follows a type name (toks[i] is the first token after it, template arguments
        included): references, functional casts, constructor-style initialisation."""
        toks = self.toks
        if i >= len(toks):
            return i
        prev = self._before_qualified_name(type_tok)
        if toks[i].text == "{" and in_body and prev.text in _VALUE_STARTS:
            return self._braced_temporary(type_tok, i)
        if toks[i].text == "(" and prev.text not in ("struct", "union", "enum") and prev.kind != "id" \
                and i + 1 < len(toks) and toks[i + 1].text not in ("*", "&", "^"):
            return self._functional_cast(type_tok, i)
        j = i
        while j + 1 < len(toks) and toks[j].text in ("*", "const", "restrict", "__restrict__"):
            j += 1
        nxt = toks[j]
        if nxt.text in ("&", "&&") and j + 1 < len(toks) and (toks[j + 1].kind == "id" or toks[j + 1].text in (")", ",", "...", "[")):
            self.ed.blank(nxt.start, nxt.end)
            if nxt.text == "&" and toks[j + 1].kind == "id":
                self.references.append(toks[j + 1].start)
            j += 1
            nxt = toks[j]
            if nxt.text != "[":
                return j
        if nxt.text == "[" and toks[type_tok].text == "auto":
            return self._structured_binding(j)
        if nxt.text == "(" and j + 3 < len(toks) and toks[j + 1].text in ("&", "&&") and toks[j + 2].kind == "id" \
                and toks[j + 3].text == ")":
            self.ed.blank(toks[j + 1].start, toks[j + 1].end)  # `float (&r)[4]`: a reference to an array
            return j + 2
        # `T x(a);`, `T x{a};`, and with qualifiers between type and name only braces, which cannot be a call
        # (`size_t const x{a};`, `float* p{q};`)
        if in_body and nxt.kind == "id" and j + 1 < len(toks) and nxt.text not in C_KEYWORDS \
                and (prev.text in _STATEMENT_START
                     or prev.text in ("const", "constexpr", "static", "unsigned", "signed", "volatile")
                     or (prev.text == "(" and type_tok >= 2 and toks[type_tok - 2].text == "for")) \
                and (toks[j + 1].text == "{" or (j == i and toks[j + 1].text == "(")):
            return self._constructor_init(type_tok, j + 1)
        if in_body and nxt.kind == "id" and j + 1 < len(toks) and toks[j + 1].text == "[":
            self._array_brace_init(j + 1)
        return i

    def _before_qualified_name(self, name: int) -> Tok:
        """The token before `a::b::name` (before `name` when it is not qualified)."""
        toks = self.toks
        k = name - 1
        while k >= 0 and toks[k].text == "::":
            k -= 2 if k >= 1 and toks[k - 1].kind == "id" else 1
        return toks[k] if k >= 0 else Tok(";", "op", 0)

    def _structured_binding(self, open_: int) -> int:
        """`auto [a, b] = e;` -> `auto  a, b ; auto __kl_binding = e;`: the names are declared, their values unknown.

        In a range-for header (`for (auto [k, v] : m)`) only the brackets go."""
        toks = self.toks
        close = _match(toks, open_, "[", "]")
        if close + 1 >= len(toks):
            return open_
        self.ed.blank(toks[open_].start, toks[open_].end)
        self.ed.blank(toks[close].start, toks[close].end)
        eq = toks[close + 1]
        if eq.text == "=":
            self.ed.replace(eq.start, eq.end, f"; {AUTO_TYPE} __kl_binding =")
        return close + 1

    def _array_brace_init(self, k: int) -> None:
        """`char s[]{'a', 'b'}` -> `char s[]={'a', 'b'}` (toks[k] is the first `[`)."""
        toks = self.toks
        while k < len(toks) and toks[k].text == "[":
            k = _match(toks, k, "[", "]") + 1
        if k < len(toks) and toks[k].text == "{":
            self.ed.replace(toks[k].start, toks[k].end, "={")

    def _braced_temporary(self, type_tok: int, brace: int) -> int:
        """`counts[i] = BlockCounts{even, odd};` -> `__ctor_BlockCounts(even, odd)`: a temporary written with
        braces is the functional cast or constructor call it would be with parentheses."""
        toks = self.toks
        close = _match(toks, brace, "{", "}")
        if close > brace + 1 or toks[type_tok].text not in C_TYPE_KEYWORDS:  # `int{}` becomes a whole `0`
            self.ed.replace(toks[brace].start, toks[brace].end, "(")
            self.ed.replace(toks[close].start, toks[close].end, ")")
        self._functional_cast(type_tok, brace, close)
        return brace + 1

    def _functional_cast(self, type_tok: int, paren: int, close: Optional[int] = None) -> int:
        """`float(x)` -> `(float)(x)`; `Foo()` or `Foo(a, b)` (a constructor) -> a call `__ctor_Foo(...)`."""
        toks = self.toks
        t = toks[type_tok]
        close = _match(toks, paren, "(", ")") if close is None else close
        args = _split_top(toks[paren + 1 : close], self.text)
        if close == paren + 1 and t.text in C_TYPE_KEYWORDS:
            self.ed.replace(t.start, toks[close].end, "0")  # `int()` is zero
        elif t.text in C_TYPE_KEYWORDS or len(args) == 1:
            self.ed.replace(t.start, t.end, f"({t.text})")
        else:
            self.ed.replace(t.start, t.end, f"__ctor_{t.text}")
        return paren

    def _lambda(self, i: int) -> int:
        """A lambda cannot be written in C: `[&](int x) { ... }` becomes `0` (blanks keep the lines).

        Its body is not analysed, but the launches in it are recorded; calls that take it as an argument
        still are analysed."""
        toks = self.toks
        end = _lambda_end(toks, i)
        if end is None:
            return i + 1
        self._lambda_launches(i + 1, end)
        self.ed.replace(toks[i].start, toks[i].end, "0")
        self.ed.blank(toks[i + 1].start, toks[end].end)
        return end + 1

    def _range_for(self, open_: int) -> None:
        """`for (T x : range)` -> `for (T x = range;;)`: the element type and trip count stay unknown."""
        toks = self.toks
        close = _match(toks, open_, "(", ")")
        top = [k for k in _top_level(toks, open_, close) if toks[k].text in (";", ":")]
        if close >= len(toks) or not top or toks[top[0]].text != ":":
            return
        self.ed.replace(toks[top[0]].start, toks[top[0]].end, "=")
        self.ed.replace(toks[close].start, toks[close].end, ";;)")

    def _condition_init(self, open_: int) -> None:
        """`if (int x = f(); x > 0)` -> `if (    x = f(), x > 0)`: C has no declaration there, and
        pycparser does not need `x` declared to read the assignment."""
        toks = self.toks
        close = _match(toks, open_, "(", ")")
        top = [k for k in _top_level(toks, open_, close) if toks[k].text in ("=", ";")]
        semi = next((k for k in top if toks[k].text == ";"), None)
        eq = next((k for k in top if toks[k].text == "="), None)
        if semi is None or eq is None or eq > semi or toks[eq - 1].kind != "id":
            return
        if eq - 2 > open_:
            self.ed.blank(toks[open_ + 1].start, toks[eq - 2].end)  # the declared type
        self.ed.replace(toks[semi].start, toks[semi].end, ",")

    def _asm(self, i: int, in_body: bool) -> int:
        """Inline PTX cannot be analysed, but what it writes can be followed: `asm volatile(... : "=r"(lane) :
        "r"(x))` becomes `lane = __kl_asm(x);`, one assignment per output, so that `lane` is a value of
        unknown lanes rather than whatever it held before (a `%laneid` read is lane-varying). A statement with
        no output, or operands C cannot spell, becomes an empty statement."""
        toks = self.toks
        j = i + 1
        while j < len(toks) and toks[j].text in ("volatile", "__volatile__", "goto", "inline"):
            j += 1
        if j >= len(toks) or toks[j].text != "(":
            return i + 1
        close = _match(toks, j, "(", ")")
        end = min(close, len(toks) - 1)
        outputs, inputs = _asm_operands(toks[j + 1 : close], self.text)
        original = self.text[toks[i].start : toks[end].end]
        if outputs and in_body:
            arguments = ", ".join(inputs) if all(map(_SIMPLE_OPERAND.fullmatch, inputs)) else ""
            assignments = " ".join(f"{out} = {ASM_OUTPUT}({arguments});" for out in outputs
                                   if _SIMPLE_OPERAND.fullmatch(out))
            # the statement's own `;` follows: the last assignment's is dropped, and the lines are kept
            self.ed.replace(toks[i].start, toks[end].end, assignments[:-1] + "\n" * original.count("\n"))
        else:
            self.ed.blank(toks[i].start, toks[end].end)
        return close + 1

    def _constructor_init(self, type_tok: int, open_: int) -> int:
        toks = self.toks
        opener = toks[open_]
        closer_text = ")" if opener.text == "(" else "}"
        close = _match(toks, open_, opener.text, closer_text)
        if close >= len(toks) or close + 1 >= len(toks) or toks[close + 1].text not in (";", ","):
            return open_
        if opener.text == "(" and close == open_ + 1:
            self.ed.blank(opener.start, toks[close].end)  # `Foo x();` declares nothing useful; treat as `Foo x;`
            return close + 1
        type_name = toks[type_tok].text
        aggregate_type = type_name == "dim3" or type_name in self.struct_names \
            or re.search(r"\d$", type_name) is not None or type_name not in C_TYPE_KEYWORDS and type_name not in (
                "size_t", "uint", "int64_t", "uint64_t", "int32_t", "uint32_t", "half", "__half")
        if opener.text == "{" and not aggregate_type and close == open_ + 1:
            self.ed.replace(opener.start, toks[close].end, "=0")  # `int x{};` is value-initialised: zero
            return close + 1
        # a scalar's `{a}` is its value; a list, or a type that may be a struct, stays an initializer list
        if aggregate_type or (opener.text == "{" and len(_split_top(toks[open_ + 1 : close], self.text)) != 1):
            self.ed.replace(opener.start, opener.end, "={")
            self.ed.replace(toks[close].start, toks[close].end, "}")
        else:
            self.ed.replace(opener.start, opener.end, "=(")
            self.ed.replace(toks[close].start, toks[close].end, ")")
        return open_ + 1

    def _cpp_cast(self, i: int) -> int:
        """`reinterpret_cast<T*>(p)` -> `((T*)(p))`: the outer parentheses keep the cast a primary
        expression, so `reinterpret_cast<T*>(p)[i].x` indexes the cast pointer, not `p`."""
        toks = self.toks
        close = _match_angle(toks, i + 1, 200) or _match(toks, i + 1, "<", ">")
        if close + 1 >= len(toks) or toks[close + 1].text != "(":
            return i + 1
        paren_close = _match(toks, close + 1, "(", ")")
        if paren_close >= len(toks) or not self.ed.replace(toks[paren_close].start, toks[paren_close].end, "))"):
            return i + 1
        self.ed.replace(toks[i].start, toks[i + 1].end, "((", at_start=True)
        for m in range(i + 2, close):
            if toks[m].text in ("&", "&&"):
                self.ed.blank(toks[m].start, toks[m].end)
            elif toks[m].text == "::":
                self.ed.blank(toks[m - 1].start, toks[m].end) if toks[m - 1].kind == "id" else None
        if toks[close].text == ">>":  # `static_cast<Foo<int>>(x)`: the inner arguments end here too
            inner = max(m for m in range(i + 2, close) if toks[m].text == "<")
            self.ed.blank(toks[inner].start, toks[close - 1].end)
        self.ed.replace(toks[close].start, toks[close].end, ")")
        return i + 2

    def _qualifier(self, i: int) -> int:
        """`a::b::c` -> `c`: namespaces and class scopes are dropped."""
        toks = self.toks
        j = i
        while j + 2 < len(toks) and toks[j].kind == "id" and toks[j + 1].text == "::" and toks[j + 2].kind == "id":
            j += 2
        constant = self._class_constant(toks[j - 2].text, (), toks[j].text) if j > i else None
        is_value = j > i and (j + 1 >= len(toks) or toks[j + 1].text not in ("::", "(", "<"))
        if constant is not None and is_value:
            self.ed.replace(toks[i].start, toks[j].end, constant)
            return j + 1
        if j == i + 2 and is_value and toks[i].text in self.template_type_params \
                and (i == 0 or toks[i - 1].text != "typename"):
            # C++ spells a dependent type `typename Traits::T`, so without it `Traits::N` is a value: named
            # apart, for the instantiation to bind it to the argument's member (`GemmParam::N`)
            self.ed.replace(toks[i].start, toks[j].end, template_member(toks[i].text, toks[j].text))
            return j + 1
        if toks[j].kind == "id" and j + 1 < len(toks) and toks[j + 1].text == "::":
            j += 1  # `a::~a` or `a::operator`: leave the rest to fail in host code
            self.ed.blank(toks[i].start, toks[j].end)
            return j + 1
        self.ed.blank(toks[i].start, toks[j - 1].end)
        return j

    def _launch(self, name: int, open_: int, template_args: Tuple[str, ...]) -> int:
        """`k<<<g, b, s, st>>>(args)` -> `k(args)`, recording the configuration."""
        found = self._launch_record(name, open_, template_args)
        if found is None:
            return open_
        record, close = found
        self.launches.append(record)
        self.ed.blank(self.toks[open_].start, self.toks[close].end)
        return close + 1

    def _lambda_launches(self, first: int, last: int) -> None:
        """Record the launches written in a lambda's body (`auto run = [&] { k<<<g, b>>>(x); };`, the
        timed call of a benchmark harness): its body is blanked, but the kernel keeps its configuration,
        evaluated with the enclosing function's locals as a launch written there is."""
        toks = self.toks
        k = first
        while k + 2 <= last:
            if toks[k].kind == "id" and toks[k + 1].text == "<<" and toks[k + 2].text == "<":
                found = self._launch_record(k, k + 1, ())
            elif toks[k].kind == "id" and toks[k + 1].text == "<" and (close := _match_angle(toks, k + 1)) \
                    and close + 2 <= last and toks[close + 1].text == "<<" and toks[close + 2].text == "<":
                found = self._launch_record(k, close + 1, tuple(_split_top(toks[k + 2 : close], self.text)))
            else:
                found = None
            if found is not None:
                self.launches.append(found[0])
                k = found[1]
            k += 1

    def _launch_record(self, name: int, open_: int, template_args: Tuple[str, ...]
                       ) -> Optional[Tuple[LaunchRecord, int]]:
        """The launch whose `<<<` starts at token `open_`, and the index of its closing `>`."""
        toks = self.toks
        depth = 0
        j = open_ + 2
        while j + 1 < len(toks):
            t = toks[j].text
            if t in ("(", "[", "{"):
                depth += 1
            elif t in (")", "]", "}"):
                depth -= 1
            elif t == ">>" and depth == 0 and toks[j + 1].text == ">":
                break
            elif t == ";":
                return None
            j += 1
        else:
            return None
        config = tuple(_split_top(toks[open_ + 2 : j], self.text))
        start = toks[name].start
        k = name
        while k >= 2 and toks[k - 1].text == "::" and toks[k - 2].kind == "id":
            k -= 2
        start = toks[k].start
        end = toks[j + 1].end
        if j + 2 < len(toks) and toks[j + 2].text == "(":
            end = toks[_match(toks, j + 2, "(", ")")].end
        return LaunchRecord(toks[name].text, template_args, config, start, end), j + 1


def _alias_target(toks: List[Tok]) -> List[str]:
    """The C words of `using X = <toks>;`: `typename`, scopes and template arguments dropped.

    Function types cannot be written in front of the alias name, so they become an opaque type."""
    words: List[str] = []
    k = 0
    while k < len(toks):
        t = toks[k]
        if t.text == "<":
            close = _match_angle(toks, k)
            k = (close if close is not None else _match(toks, k, "<", ">")) + 1
            if k < len(toks) and toks[k].text == "::" and words:
                words.pop()  # `make_unsigned<T>::type`: the template is a scope too
            continue
        if t.text in ("typename", "template", "::") or (t.kind == "id" and k + 1 < len(toks) and toks[k + 1].text == "::"):
            k += 1
            continue
        if t.text in ("(", "["):
            return ["__kl_opaque"]
        words.append(_WORD_REWRITES.get(t.text, t.text))
        k += 1
    return words or ["int"]


_CONSTANT_OPERATORS = frozenset(("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "~", "!", "(", ")", "?", ":",
                                 "<", ">", "<=", ">=", "==", "!=", "&&", "||"))


def _static_constants(toks: List[Tok], open_: int, close: int) -> Dict[str, Tuple[Tok, ...]]:
    """`static constexpr int size = 16 / sizeof(T);` members of the record body toks[open_..close], by
    name; only initializers that are plain C expressions (no scopes, calls of templates, braces)."""
    members: Dict[str, Tuple[Tok, ...]] = {}
    start = open_ + 1
    j = start
    while j < close:
        t = toks[j]
        if t.text == "{":
            j = _match(toks, j, "{", "}") + 1
            start = j  # a member function's body ends its declaration
            continue
        if t.text == "(":
            j = _match(toks, j, "(", ")") + 1
            continue
        if t.text == ";":
            statement = toks[start:j]
            words = {w.text for w in statement}
            eq = next((k for k, w in enumerate(statement) if w.text == "="), None)
            if "static" in words and words & {"constexpr", "const"} and eq and statement[eq - 1].kind == "id":
                init = statement[eq + 1 :]
                if init and all(w.kind in ("id", "num") or w.text in _CONSTANT_OPERATORS for w in init):
                    members[statement[eq - 1].text] = tuple(init)
            start = j + 1
        j += 1
    return members


def _split_statements(toks: List[Tok]) -> List[List[Tok]]:
    """`toks` split at the semicolons outside brackets."""
    parts: List[List[Tok]] = [[]]
    depth = 0
    for tok in toks:
        depth += tok.text in ("(", "[", "{")
        depth -= tok.text in (")", "]", "}")
        if tok.text == ";" and depth == 0:
            parts.append([])
        else:
            parts[-1].append(tok)
    return parts


def _render(toks: List[Tok], values: Dict[str, str]) -> str:
    return " ".join(values.get(tok.text, tok.text) if tok.kind == "id" else tok.text for tok in toks)


def first_unbalanced(toks: List[Tok]) -> Optional[int]:
    """Offset of the bracket where `toks` stop balancing, None when every bracket pairs up.

    That is the innermost open bracket when a closer does not match it, a closer with nothing
    open, or the outermost bracket still open at the end. Preprocessed C++ always balances, so
    this marks source that is broken, not merely unsupported."""
    closers = {"(": ")", "[": "]", "{": "}"}
    open_: List[Tok] = []
    for t in toks:
        if t.text in closers:
            open_.append(t)
        elif t.text in (")", "]", "}"):
            if not open_:
                return t.start
            if t.text != closers[open_[-1].text]:
                return open_[-1].start
            open_.pop()
    return open_[0].start if open_ else None


def _top_level(toks: List[Tok], open_: int, close: int) -> Iterator[int]:
    """Indices of the tokens between toks[open_] and toks[close] that are not inside nested brackets."""
    depth = 0
    for k in range(open_ + 1, min(close, len(toks))):
        t = toks[k].text
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            depth -= 1
        elif depth == 0:
            yield k


def _bracket_openers(toks: List[Tok]) -> Dict[int, int]:
    """Index of each closing bracket's opener, for the brackets that pair up."""
    openers: Dict[int, int] = {}
    stack: List[int] = []
    for k, t in enumerate(toks):
        if t.text in ("(", "[", "{"):
            stack.append(k)
        elif t.text in (")", "]", "}") and stack:
            openers[k] = stack.pop()
    return openers


def _is_call_argument(toks: List[Tok], i: int, openers: Dict[int, int]) -> bool:
    """Whether toks[i] stands directly inside the parentheses of a call (not of `if`, `for`, a cast or
    a brace initialiser). Bracketed groups before it are stepped over whole: a scan token by token made
    each element of a long braced table cost the table's length (HeCBench secp256k1)."""
    k = i - 1
    while k >= 0:
        t = toks[k].text
        if t in (")", "]", "}"):
            if k not in openers:
                return False
            k = openers[k] - 1
            continue
        if t in ("(", "[", "{"):
            before = toks[k - 1] if k > 0 else Tok(";", "op", 0)
            return t == "(" and (before.text in (">", ")") or
                                 (before.kind == "id" and before.text not in _CONTROL_WORDS))
        if t == ";":
            return False
        k -= 1
    return False


def _introduces_lambda(prev: Tok) -> bool:
    """`[` opens a lambda where no expression precedes it (a subscript follows a name, `)`, `]` or a literal)."""
    if prev.kind in ("num", "str"):
        return False
    if prev.kind == "id":
        return prev.text == "return"
    return prev.text not in (")", "]", ">")


def _lambda_end(toks: List[Tok], i: int) -> Optional[int]:
    """Index of the `}` closing the lambda whose introducer `[` is toks[i], or None when it is not one."""
    j = _match(toks, i, "[", "]") + 1
    while j < len(toks):
        t = toks[j].text
        if t == "{":
            close = _match(toks, j, "{", "}")
            return close if close < len(toks) else None
        if t == "(":
            j = _match(toks, j, "(", ")") + 1
            continue
        if t in (";", ",", ")", "]", "}", "=", "?", ":"):
            return None
        j += 1
    return None


def _open_angle(toks: List[Tok], close: int) -> Optional[int]:
    """The `<` that the `>` at `close` closes, counting nested angle brackets; None without one."""
    depth = 0
    for k in range(close, -1, -1):
        if toks[k].text == ">":
            depth += 1
        elif toks[k].text == "<":
            depth -= 1
            if depth == 0:
                return k
        elif toks[k].text in (";", "{", "}"):
            return None
    return None


# an inline-PTX operand the lowering can copy into C as written: names, members, subscripts, dereferences,
# arithmetic; not casts or templates, which would need lowering of their own
_SIMPLE_OPERAND = re.compile(r"[\w\s.\[\]()*+\-&%/|^~]+(?:->[\w\s.\[\]()*+\-&%/|^~]+)*")
_ASM_OPERAND = re.compile(r'(?:\[\w+\]\s*)?"([^"]*)"\s*\((.*)\)', re.S)


def _asm_operands(toks: List[Tok], text: str) -> Tuple[List[str], List[str]]:
    """(output expressions, input expressions) of an asm statement's parentheses: the template, then `:`
    outputs, `:` inputs, `:` clobbers. A read-write output (`"+r"(x)`) is an input too."""
    sections: List[List[Tok]] = [[]]
    depth = 0
    for t in toks:
        depth += t.text in ("(", "[", "{") or -(t.text in (")", "]", "}"))
        if depth == 0 and t.text and set(t.text) == {":"}:
            sections.extend([] for _ in t.text)  # `::` (no outputs) is two separators
        else:
            sections[-1].append(t)
    outputs: List[str] = []
    inputs: List[str] = []
    for k, found in ((1, outputs), (2, inputs)):
        for part in _split_top(sections[k], text) if k < len(sections) else []:
            m = _ASM_OPERAND.fullmatch(part.strip())
            if m is None:
                continue
            found.append(m.group(2).strip())
            if k == 1 and "+" in m.group(1):
                inputs.append(m.group(2).strip())
    return outputs, inputs


def _split_top(toks: List[Tok], text: str) -> List[str]:
    """Source text of comma-separated parts at bracket depth 0."""
    parts: List[str] = []
    depth = 0
    start: Optional[int] = None
    last_end = 0
    for t in toks:
        if t.text in ("(", "[", "{", "<"):
            depth += 1
        elif t.text in (")", "]", "}", ">"):
            depth -= 1
        if t.text == "," and depth == 0:
            parts.append(text[start:last_end].strip() if start is not None else "")
            start = None
            continue
        if start is None:
            start = t.start
        last_end = t.end
    if start is not None:
        parts.append(text[start:last_end].strip())
    return parts


def lower(text: str, origins: Sequence[Origin]) -> Lowered:
    lowerer = _Lowerer(text, origins)
    lowerer.collect_names()
    lowerer.structure()
    lowerer.rewrite()
    new_text, new_origins, shifts = lowerer.ed.apply()
    starts = [item.start for item in lowerer.items]
    order = sorted(range(len(lowerer.items)), key=lambda n: starts[n])
    items = [lowerer.items[n] for n in order]
    item_starts = [it.start for it in items]
    for item in items:
        item.lowered_start = map_offset(shifts, item.start)
        item.lowered_end = map_offset(shifts, item.end - 1) + 1
    for call in lowerer.template_calls:
        call.lowered_start = map_offset(shifts, call.start)
    for record in [*lowerer.launches, *lowerer.template_calls]:
        k = bisect.bisect_right(item_starts, record.start) - 1
        if k >= 0 and items[k].start <= record.start < items[k].end:
            record.item_index = k
    # a carriage return of a CRLF file is white space to nvcc but an illegal character to pycparser;
    # a space in its place keeps every offset
    new_text = new_text.replace("\r", " ")
    return Lowered(text, new_text, new_origins, items, lowerer.launches, lowerer.type_names,
                   lowerer.struct_names, [map_offset(shifts, s) for s in lowerer.shared],
                   [map_offset(shifts, s) for s in lowerer.constants], first_unbalanced(lowerer.toks),
                   template_calls=lowerer.template_calls,
                   reference_names=[map_offset(shifts, s) for s in lowerer.references],
                   class_constants=lowerer.plain_class_constants())
