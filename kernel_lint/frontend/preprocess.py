"""A C preprocessor that remembers where every output character came from.

Project headers are expanded; system and CUDA headers are skipped (the prelude declares what
kernels use from them). Each output character carries an Origin so findings point at the user's
file even after macro expansion: tokens from the source keep their own position, tokens produced by
a macro body point at the macro's invocation.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from kernel_lint.frontend.cexpr import evaluate_tokens

Origin = Tuple[str, int, int]  # (path, line, column), 1-based

_TOKEN = re.compile(
    r"(?P<ws>[ \t\r\f\v]+)|(?P<nl>\n)"
    r"|(?P<id>[A-Za-z_$][\w$]*)"
    r"|(?P<num>\.?\d(?:[eEpP][+-]|[\w.'])*)"
    r"|(?P<str>(?:u8|u|U|L)?\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?)"
    r"|(?P<op><<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||::|##|[-+*/%&|^!=<>?:;,.(){}\[\]~#]|\S)"
)
_IDENT = re.compile(r"[A-Za-z_]\w*")
_MAX_INCLUDE_DEPTH = 40
_SYSTEM_PREFIXES = ("cuda", "cub/", "thrust/", "cooperative_groups", "mma", "cutlass/", "torch/", "ATen/",
                    "c10/", "nvcuda", "curand", "cublas", "cufft", "cusparse", "helper_", "device_",
                    "sm_", "vector_types", "driver_", "math_", "npp", "nvrtc", "nvtx", "omp.h", "mpi.h")
# A quoted include the file's folders do not hold is looked up where <...> ones are (C11 6.10.2), so rodinia's
# `#include "math.h"` is the C library's header, no more a missing project header than `<math.h>` is.
_STANDARD_HEADERS = frozenset(f"{name}.h" for name in (
    "assert", "complex", "ctype", "errno", "fenv", "float", "inttypes", "iso646", "limits", "locale", "math",
    "setjmp", "signal", "stdalign", "stdarg", "stdatomic", "stdbool", "stddef", "stdint", "stdio", "stdlib",
    "stdnoreturn", "string", "tgmath", "threads", "time", "uchar", "wchar", "wctype"))


# What nvcc predefines for every pass; __CUDA_ARCH__ is left undefined so host code stays visible.
_COMPILER_DEFINES = {"__CUDACC__": "1", "__NVCC__": "1", "__CUDACC_VER_MAJOR__": "12", "__CUDACC_VER_MINOR__": "0",
                     "CUDART_VERSION": "12000", "__cplusplus": "201703L"}


class Tok:
    __slots__ = ("text", "kind", "origin", "exact", "hide")

    def __init__(self, text: str, kind: str, origin: Origin, exact: bool, hide: frozenset = frozenset()):
        self.text = text
        self.kind = kind
        self.origin = origin
        self.exact = exact  # True when `text` is spelled at `origin` in the source
        self.hide = hide

    def moved(self, origin: Origin, hide: frozenset) -> "Tok":
        return Tok(self.text, self.kind, origin, False, hide)


@dataclass(frozen=True)
class Macro:
    name: str
    params: Optional[Tuple[str, ...]]  # None for object-like macros
    variadic: bool
    body: Tuple[Tok, ...]
    origin: Origin


@dataclass(frozen=True)
class IncludeProblem:
    header: str
    origin: Origin
    searched: Tuple[str, ...]


@dataclass
class Preprocessed:
    text: str
    origins: List[Origin]  # one per character of `text`
    macros: Dict[str, Macro]
    missing_includes: List[IncludeProblem] = field(default_factory=list)
    included_files: List[str] = field(default_factory=list)


def tokenize(text: str, path: str, line: int = 1, col: int = 1) -> List[Tok]:
    toks: List[Tok] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "op"
        toks.append(Tok(m.group(), kind, (path, line, col), True))
        if kind == "nl":
            line, col = line + 1, 1
        else:
            col += len(m.group())
    return toks


def _ends_with_backslash(text: str, newline: int) -> bool:
    """Whether the physical line ending at `newline` ends with a backslash (before a CRLF's CR)."""
    last = newline - 1 - (newline > 0 and text[newline - 1] == "\r")
    return last >= 0 and text[last] == "\\"


def strip_comments(text: str) -> str:
    """Blank comments and join continued lines, keeping every newline so lines stay where they were."""
    out: List[str] = []
    i, n = 0, len(text)
    pending_newlines = 0
    while i < n:
        c = text[i]
        if c == "\\" and text.startswith(("\n", "\r\n"), i + 1):  # a splice, in an LF or a CRLF file
            pending_newlines += 1
            i += 2 if text[i + 1] == "\n" else 3
            continue
        if c == "\n" and pending_newlines:
            out.append("\n" * (pending_newlines + 1))
            pending_newlines = 0
            i += 1
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            chunk = text[i:end]
            out.append(re.sub(r"[^\n]", " ", chunk))
            i = end
            continue
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            while end < n and _ends_with_backslash(text, end):  # a // comment continued on the next line
                nxt = text.find("\n", end + 1)
                pending_newlines += 1
                end = n if nxt < 0 else nxt
            out.append(" " * (end - i) if pending_newlines == 0 else " ")
            i = end
            continue
        if c in "\"'":
            literal, j = [c], i + 1
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\" and text.startswith(("\n", "\r\n"), j + 1):  # a splice inside the literal
                    pending_newlines += 1
                    j += 2 if text[j + 1] == "\n" else 3
                    continue
                step = 2 if text[j] == "\\" else 1
                literal.append(text[j : j + step])
                j += step
            literal.append(text[j : j + 1])
            out.append("".join(literal))
            i = j + 1
            continue
        out.append(c)
        i += 1
    if pending_newlines:
        out.append("\n" * pending_newlines)
    return "".join(out)


def _logical_lines(text: str) -> List[Tuple[int, str]]:
    """Lines after comment stripping; a continued line is merged into its first physical line."""
    stripped = strip_comments(text)
    return [(i + 1, line) for i, line in enumerate(stripped.split("\n"))]


class _Conditional:
    __slots__ = ("active", "taken", "parent_active")

    def __init__(self, active: bool, parent_active: bool):
        self.active = active and parent_active
        self.taken = active
        self.parent_active = parent_active


class Preprocessor:
    def __init__(self, include_dirs: Sequence[str], defines: Mapping[str, str], read_file: Callable[[str], str]):
        self.include_dirs = tuple(include_dirs)
        self.read_file = read_file
        self.macros: Dict[str, Macro] = {}
        self.out_text: List[str] = []
        self.out_origins: List[Origin] = []
        self.missing: List[IncludeProblem] = []
        self.included: List[str] = []
        self.once: Set[str] = set()
        for name, value in {**_COMPILER_DEFINES, **dict(defines)}.items():
            self.define_text(f"{name} {value}", ("<command line>", 1, 1))

    # --- macro table -------------------------------------------------------------------------
    def define_text(self, text: str, origin: Origin) -> None:
        toks = [t for t in tokenize(text, origin[0], origin[1], origin[2])]
        toks = [t for t in toks if t.kind != "nl"]
        self._define(toks)

    def _define(self, toks: List[Tok]) -> None:
        while toks and toks[0].kind in ("ws", "nl"):
            toks = toks[1:]
        if not toks or toks[0].kind != "id":
            return
        name_tok = toks[0]
        rest = toks[1:]
        params: Optional[Tuple[str, ...]] = None
        variadic = False
        if rest and rest[0].text == "(":  # no space between name and '(' makes it function-like
            names: List[str] = []
            i = 1
            while i < len(rest) and rest[i].text != ")":
                t = rest[i]
                if t.kind == "id":
                    names.append(t.text)
                elif t.text == "...":
                    variadic = True
                    names.append("__VA_ARGS__")
                i += 1
            params = tuple(names)
            rest = rest[i + 1 :]
        body = tuple(_normalize_body(rest))
        self.macros[name_tok.text] = Macro(name_tok.text, params, variadic, body, name_tok.origin)

    # --- expansion ---------------------------------------------------------------------------
    def expand(self, toks: List[Tok]) -> List[Tok]:
        out: List[Tok] = []
        stack = list(reversed(toks))
        while stack:
            tok = stack.pop()
            macro = self.macros.get(tok.text) if tok.kind == "id" else None
            if macro is None or tok.text in tok.hide:
                out.append(tok)
                continue
            if macro.params is None:
                hide = tok.hide | {macro.name}
                stack.extend(reversed(self._substitute(macro, {}, tok, hide)))
                continue
            args = _collect_args(stack)
            if args is None:
                out.append(tok)
                continue
            hide = tok.hide | {macro.name}
            stack.extend(reversed(self._substitute(macro, _bind(macro, args), tok, hide)))
        return out

    def _substitute(self, macro: Macro, args: Dict[str, List[Tok]], call: Tok, hide: frozenset) -> List[Tok]:
        result: List[Tok] = []
        body = list(macro.body)
        i = 0
        while i < len(body):
            t = body[i]
            if t.text == "#" and macro.params is not None and i + 1 < len(body) and body[i + 1].text in args:
                text = _stringify(args[body[i + 1].text])
                result.append(Tok(text, "str", call.origin, False, hide))
                i += 2
                continue
            if t.kind == "id" and t.text in args:
                adjacent_paste = (i > 0 and body[i - 1].text == "##") or (i + 1 < len(body) and body[i + 1].text == "##")
                arg = args[t.text]
                arg_toks = arg if adjacent_paste else self.expand(arg)
                if t.text == "__VA_ARGS__" and not _strip_ws(arg) and result and result[-1].text == "##":
                    result.pop()
                    if result and result[-1].text == ",":
                        result.pop()
                result.extend(Tok(" ", "ws", a.origin, False) if a.kind == "nl" else a if a.exact
                              else a.moved(call.origin, a.hide) for a in arg_toks)
                if not arg_toks:
                    result.append(Tok("", "placemarker", call.origin, False, hide))
                i += 1
                continue
            result.append(t.moved(call.origin, hide))
            i += 1
        return [t for t in _paste(result, call.origin, hide) if t.kind != "placemarker"]

    # --- files -------------------------------------------------------------------------------
    def run_file(self, path: str, text: str, depth: int = 0) -> None:
        conds: List[_Conditional] = []
        block: List[Tok] = []
        open_parens = 0  # of the macro invocation being collected in `block`
        lines = _logical_lines(text)
        for lineno, line in lines:
            active = all(c.active for c in conds) if conds else True
            stripped = line.lstrip()
            if stripped.startswith("#"):
                self._flush(block)
                block, open_parens = [], 0
                self._directive(path, lineno, line, conds, active, depth)
                self._emit_newline((path, lineno, len(line) + 1))
                continue
            if not active:
                self._emit_newline((path, lineno, len(line) + 1))
                continue
            if not block and not any(name in self.macros for name in _IDENT.findall(line)):
                self._emit(line + "\n", (path, lineno, 1), True)  # nothing to expand: copy as is
                continue
            block.extend(tokenize(line + "\n", path, lineno, 1))
            open_parens += line.count("(") - line.count(")")
            if open_parens <= 0:
                self._flush(block)
                block, open_parens = [], 0
        self._flush(block)

    def _flush(self, block: List[Tok]) -> None:
        if not block:
            return
        prev_kind = "nl"
        for tok in self.expand(block):
            if not tok.text:
                continue
            if not tok.exact and prev_kind not in ("ws", "nl") and tok.kind in ("id", "num") and prev_kind in ("id", "num"):
                self._emit(" ", tok.origin, False)
            self._emit(tok.text, tok.origin, tok.exact)
            prev_kind = tok.kind

    def _emit(self, text: str, origin: Origin, exact: bool) -> None:
        self.out_text.append(text)
        if exact:
            path, line, col = origin
            self.out_origins.extend([(path, line, c) for c in range(col, col + len(text))])
        else:
            self.out_origins.extend([origin] * len(text))

    def _emit_newline(self, origin: Origin) -> None:
        self.out_text.append("\n")
        self.out_origins.append(origin)

    def _directive(self, path: str, lineno: int, line: str, conds: List[_Conditional], active: bool, depth: int) -> None:
        col = line.index("#") + 1
        raw = [t for t in tokenize(line[col:], path, lineno, col + 1) if t.kind != "nl"]
        toks = _strip_ws(raw)
        name = toks[0].text if toks else ""
        rest = toks[1:]
        if name == "define":
            rest = raw[raw.index(toks[0]) + 1 :]
        if name in ("if", "ifdef", "ifndef"):
            value = self._condition(name, rest) if active else False
            conds.append(_Conditional(value, active))
        elif name == "elif" and conds:
            c = conds[-1]
            value = (not c.taken) and c.parent_active and self._condition("if", rest)
            c.active = value
            c.taken = c.taken or value
        elif name == "else" and conds:
            c = conds[-1]
            c.active = c.parent_active and not c.taken
            c.taken = True
        elif name == "endif" and conds:
            conds.pop()
        elif not active:
            return
        elif name == "define":
            self._define(rest)
        elif name == "undef" and rest:
            self.macros.pop(_strip_ws(rest)[0].text, None)
        elif name == "include":
            self._include(path, rest, (path, lineno, col), depth)
        elif name == "pragma" and _strip_ws(rest)[:1] and _strip_ws(rest)[0].text == "once":
            self.once.add(os.path.abspath(path))

    def _condition(self, kind: str, toks: List[Tok]) -> bool:
        toks = _strip_ws(toks)
        if kind == "ifdef":
            return bool(toks) and toks[0].text in self.macros
        if kind == "ifndef":
            return bool(toks) and toks[0].text not in self.macros
        return evaluate_tokens([t.text for t in self._resolve_defined(toks) if t.kind not in ("ws", "nl")]) not in (0, None)

    def _resolve_defined(self, toks: List[Tok]) -> List[Tok]:
        resolved: List[Tok] = []
        i = 0
        toks = [t for t in toks if t.kind != "ws"]
        while i < len(toks):
            t = toks[i]
            if t.text == "defined":
                if i + 1 < len(toks) and toks[i + 1].text == "(":
                    name = toks[i + 2].text if i + 2 < len(toks) else ""
                    i += 4
                else:
                    name = toks[i + 1].text if i + 1 < len(toks) else ""
                    i += 2
                resolved.append(Tok("1" if name in self.macros else "0", "num", t.origin, False))
                continue
            resolved.append(t)
            i += 1
        expanded = self.expand(resolved)
        return [Tok("1" if t.text == "true" else "0", "num", t.origin, False) if t.kind == "id" else t for t in expanded]

    def _include(self, path: str, toks: List[Tok], origin: Origin, depth: int) -> None:
        toks = _strip_ws(self.expand(toks)) if toks and toks[0].kind == "id" else _strip_ws(toks)
        if not toks:
            return
        if toks[0].kind == "str" and toks[0].text.startswith('"'):
            header, system = toks[0].text.strip('"'), False
        else:
            header, system = "".join(t.text for t in toks).strip("<>"), True
        if depth >= _MAX_INCLUDE_DEPTH:
            return
        candidates = ([] if system else [os.path.join(os.path.dirname(path) or ".", header)]) + [
            os.path.join(d, header) for d in self.include_dirs
        ]
        for candidate in candidates:
            if os.path.isfile(candidate):
                full = os.path.abspath(candidate)
                if full in self.once:
                    return
                try:
                    text = self.read_file(candidate)
                except (OSError, UnicodeDecodeError):
                    continue
                self.included.append(candidate)
                self.run_file(os.path.normpath(candidate), text, depth + 1)
                return
        if not system and not header.startswith(_SYSTEM_PREFIXES) and header not in _STANDARD_HEADERS:
            self.missing.append(IncludeProblem(header, origin, tuple(os.path.dirname(c) or "." for c in candidates)))


def _normalize_body(toks: List[Tok]) -> List[Tok]:
    """Single spaces between body tokens, none at the ends or around `#` and `##`."""
    out: List[Tok] = []
    for t in toks:
        if t.kind in ("ws", "nl"):
            if out and out[-1].kind != "ws" and out[-1].text not in ("#", "##"):
                out.append(Tok(" ", "ws", t.origin, False))
            continue
        if t.text == "##" and out and out[-1].kind == "ws":
            out.pop()
        out.append(t)
    while out and out[-1].kind == "ws":
        out.pop()
    return out


def _strip_ws(toks: List[Tok]) -> List[Tok]:
    return [t for t in toks if t.kind not in ("ws", "nl")]


def _collect_args(stack: List[Tok]) -> Optional[List[List[Tok]]]:
    """Pop `( a, b )` off the reversed token stack; None (stack untouched) when no '(' follows."""
    look = len(stack) - 1
    while look >= 0 and stack[look].kind in ("ws", "nl"):
        look -= 1
    if look < 0 or stack[look].text != "(":
        return None
    del stack[look:]
    args: List[List[Tok]] = [[]]
    depth = 0
    while stack:
        t = stack.pop()
        if t.text in "([{" and t.kind == "op":
            depth += 1
        elif t.text in ")]}" and t.kind == "op":
            if depth == 0 and t.text == ")":
                return args
            depth -= 1
        elif t.text == "," and depth == 0:
            args.append([])
            continue
        args[-1].append(t)
    return args


def _trim(toks: List[Tok]) -> List[Tok]:
    start, end = 0, len(toks)
    while start < end and toks[start].kind in ("ws", "nl"):
        start += 1
    while end > start and toks[end - 1].kind in ("ws", "nl"):
        end -= 1
    return toks[start:end]


def _bind(macro: Macro, args: List[List[Tok]]) -> Dict[str, List[Tok]]:
    params = macro.params or ()
    args = [_trim(a) for a in args]
    bound: Dict[str, List[Tok]] = {}
    for i, p in enumerate(params):
        if p == "__VA_ARGS__":
            rest: List[Tok] = []
            for j, a in enumerate(args[i:]):
                if j:
                    rest.append(Tok(",", "op", a[0].origin if a else macro.origin, False))
                    rest.append(Tok(" ", "ws", macro.origin, False))
                rest.extend(a)
            bound[p] = rest
        else:
            bound[p] = args[i] if i < len(args) else []
    return bound


def _stringify(toks: List[Tok]) -> str:
    text = "".join(" " if t.kind in ("ws", "nl") else t.text for t in toks).strip()
    return '"' + re.sub(r"\s+", " ", text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _paste(toks: List[Tok], origin: Origin, hide: frozenset) -> List[Tok]:
    out: List[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.text == "##" and out and i + 1 < len(toks):
            left = out.pop()
            right = toks[i + 1]
            text = (left.text if left.kind != "placemarker" else "") + (right.text if right.kind != "placemarker" else "")
            pasted = tokenize(text, *origin) if text else []
            out.extend(p.moved(origin, hide) for p in pasted) if pasted else out.append(Tok("", "placemarker", origin, False, hide))
            i += 2
            continue
        out.append(t)
        i += 1
    return out


def preprocess(path: str, text: str, include_dirs: Sequence[str], defines: Mapping[str, str],
               read_file: Callable[[str], str]) -> Preprocessed:
    pp = Preprocessor(include_dirs, defines, read_file)
    pp.run_file(path, text)
    return Preprocessed("".join(pp.out_text), pp.out_origins, pp.macros, pp.missing, pp.included)
