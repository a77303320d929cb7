"""Map pycparser nodes (lowered-text coordinates) back to ranges in the user's files."""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Tuple

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


class SourceMap:
    def __init__(self, lowered: Lowered, sources: Dict[str, str], main_path: str):
        self.lowered = lowered
        self.sources = sources
        self.main_path = main_path
        self.lines: Dict[str, List[str]] = {}

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
        start = self.lowered.offset(*min(min(coords), first))
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
        path, line, col = self.origin(start)
        end_path, end_line, end_col = self.origin(max(start, end - 1))
        if end_path != path or end_line < line or (end_line == line and end_col < col) or (end_line, end_col) == (line, col):
            return self.word_range(path, line, col)
        return SourceRange(path, line, col, end_line, end_col + 1)

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


def locator(source_map: SourceMap) -> Callable[[c_ast.Node], SourceRange]:
    return source_map.locate
