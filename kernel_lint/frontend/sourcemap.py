"""Map pycparser nodes (lowered-text coordinates) back to ranges in the user's files."""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from pycparser import c_ast

from kernel_lint.findings import SourceRange
from kernel_lint.frontend.lower import Lowered
from kernel_lint.frontend.parse import LOWERED_FILE
from kernel_lint.frontend.preprocess import Origin

_TOKEN_AT = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|->|\+\+|--|<<|>>|&&|\|\||\S")
_WORD = re.compile(r"[A-Za-z_]\w*|\d[\w.]*")


def _coords(node: c_ast.Node) -> List[Tuple[int, int]]:
    found: List[Tuple[int, int]] = []
    stack = [node]
    while stack:
        n = stack.pop()
        coord = n.coord
        if coord is not None and coord.file == LOWERED_FILE and coord.column:
            found.append((coord.line, coord.column))
        stack.extend(child for _, child in n.children())
    return found


def _leading_operators(node: c_ast.Node) -> List[str]:
    """The prefix operators that open `node`'s text, outermost first (`*flags + t` opens with `*`): pycparser
    places a unary operation at its operand, so its operator lies before every coordinate the node holds."""
    found: List[str] = []
    while True:
        if isinstance(node, c_ast.BinaryOp):
            node = node.left
        elif isinstance(node, c_ast.TernaryOp):
            node = node.cond
        elif isinstance(node, c_ast.UnaryOp) and node.op not in ("p++", "p--"):
            found.append(node.op)
            node = node.expr
        else:
            return found


def _back_over(text: str, start: int, operators: List[str]) -> int:
    """`start` moved back over `operators` (innermost, nearest the operand, first) written before it."""
    for op in reversed(operators):
        k = start
        while k > 0 and text[k - 1] in " \t\n(":
            if text[k - 1] == "(":  # `-(a + b)`: the operand's own parenthesis is part of it
                k -= 1
                continue
            k -= 1
        if text[max(0, k - len(op)):k] != op:
            break
        start = k - len(op)
    return start


class SourceMap:
    def __init__(self, lowered: Lowered, sources: Dict[str, str], main_path: str):
        self.lowered = lowered
        self.sources = sources
        self.main_path = main_path
        self.lines: Dict[str, List[str]] = {}
        self.line_starts: Dict[str, List[int]] = {}

    def source_line(self, path: str, line: int) -> str:
        if path not in self.lines:
            self.lines[path] = self.sources.get(path, "").split("\n")
        lines = self.lines[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def origin(self, offset: int) -> Origin:
        origins = self.lowered.origins
        if not origins:
            return (self.main_path, 1, 1)
        return origins[max(0, min(offset, len(origins) - 1))]

    def offsets(self, node: c_ast.Node) -> Optional[Tuple[int, int]]:
        """[start, end) of `node` in the lowered text, with brackets it opened closed."""
        coords = _coords(node)
        if not coords:
            return None
        text = self.lowered.text
        own = node.coord if node.coord is not None and node.coord.file == LOWERED_FILE else None
        first = (own.line, own.column) if own is not None and own.column else min(coords)
        start = _back_over(text, self.lowered.offset(*min(min(coords), first)), _leading_operators(node))
        last = self.lowered.offset(*max(coords))
        m = _TOKEN_AT.match(text, last)
        end = m.end() if m else last + 1
        depth = 0
        for ch in text[start:end]:
            depth += ch in "([" and 1 or (-1 if ch in ")]" else 0)
        while depth > 0 and end < len(text):
            m = _TOKEN_AT.search(text, end)
            if m is None:
                break
            tok = m.group()
            depth += 1 if tok in ("(", "[") else -1 if tok in (")", "]") else 0
            end = m.end()
        return start, end

    def range_of_offsets(self, start: int, end: int) -> SourceRange:
        """The source range covering lowered [start, end), widened to balanced brackets and whole
        macro invocations (a macro's expansion maps to its name)."""
        text = self.lowered.text
        path = self.origin(start)[0]
        in_span = [self.origin(i) for i in range(start, max(start + 1, end)) if i >= len(text) or not text[i].isspace()]
        points = [(o[1], o[2]) for o in in_span if o[0] == path] or [self.origin(start)[1:]]
        first, last = min(points), max(points)
        source = self.sources.get(path)
        if source is None:
            return SourceRange(path, first[0], first[1], last[0], last[1] + 1)
        starts = self._line_starts(path)
        s = self._source_offset(starts, first)
        e = self._source_offset(starts, last)
        m = _TOKEN_AT.match(source, e)
        e = m.end() if m else e + 1
        s, e = _balance(source, s, e)
        return self._range(path, starts, s, e)

    def _line_starts(self, path: str) -> List[int]:
        if path not in self.line_starts:
            self.line_starts[path] = [0] + [m.end() for m in re.finditer("\n", self.sources[path])]
        return self.line_starts[path]

    @staticmethod
    def _source_offset(starts: List[int], point: Tuple[int, int]) -> int:
        line = min(max(point[0], 1), len(starts))
        return starts[line - 1] + point[1] - 1

    @staticmethod
    def _range(path: str, starts: List[int], s: int, e: int) -> SourceRange:
        import bisect

        line = bisect.bisect_right(starts, s)
        end_line = bisect.bisect_right(starts, max(s, e - 1))
        return SourceRange(path, line, s - starts[line - 1] + 1, end_line, e - starts[end_line - 1] + 1)

    def word_range(self, path: str, line: int, col: int) -> SourceRange:
        m = _WORD.match(self.source_line(path, line), col - 1)
        return SourceRange(path, line, col, line, m.end() + 1 if m else col + 1)

    def locate(self, node: c_ast.Node) -> SourceRange:
        span = self.offsets(node)
        if span is None:
            return SourceRange(self.main_path, 1, 1, 1, 1)
        return self.range_of_offsets(*span)

    def locate_name(self, node: c_ast.Node, name: str) -> SourceRange:
        """The range of `name` where `node` (a declaration) is written."""
        coord = node.coord
        if coord is None or coord.file != LOWERED_FILE:
            return self.locate(node)
        start = self.lowered.offset(coord.line, coord.column)
        return self.range_of_offsets(start, start + len(name))

    def cuda_range(self, origins: List[Origin], start: int, end: int) -> SourceRange:
        """Range of [start, end) in the preprocessed (CUDA) text."""
        path, line, col = origins[min(start, len(origins) - 1)] if origins else (self.main_path, 1, 1)
        end_path, end_line, end_col = origins[min(max(start, end - 1), len(origins) - 1)] if origins else (path, line, col)
        if end_path != path or (end_line, end_col) <= (line, col):
            return self.word_range(path, line, col)
        return SourceRange(path, line, col, end_line, end_col + 1)


def _balance(text: str, s: int, e: int) -> Tuple[int, int]:
    """Widen [s, e) of `text` until its parentheses and brackets match."""
    depth = 0
    unopened = 0
    for ch in text[s:e]:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            if depth:
                depth -= 1
            else:
                unopened += 1
    while unopened and s > 0:
        s -= 1
        unopened += 1 if text[s] in ")]" else -1 if text[s] in "([" else 0
    while depth and e < len(text):
        depth += 1 if text[e] in "([" else -1 if text[e] in ")]" else 0
        e += 1
    return s, e
