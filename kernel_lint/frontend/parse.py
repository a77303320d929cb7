"""pycparser with per-function recovery.

Every top-level item is parsed on its own, behind typedefs for the type names it uses, with a
`#line` directive so node coordinates are lowered-text coordinates. An unknown identifier in a type
position is turned into an opaque typedef and the item is parsed again.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import List, Optional, Set

from pycparser import c_ast

from kernel_lint.frontend.lower import C_KEYWORDS, Lowered, TopItem
from kernel_lint.frontend.prelude import AMBIGUOUS_TYPE_NAMES, C_TYPE_KEYWORDS

LOWERED_FILE = "<lowered>"
_MAX_RETRIES = 8
_NEAR_TOKEN = re.compile(r":\d+:\d+: before: ")  # an unexpected token, perhaps an unknown type name
_POSITION = re.compile(re.escape(LOWERED_FILE) + r":(\d+):(\d+):")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_PARSER = None


def parser():
    """One pycparser parser per process (pycparser 3 builds it without table generation)."""
    global _PARSER
    if _PARSER is None:
        from pycparser import c_parser

        _PARSER = c_parser.CParser()
    return _PARSER


@dataclass
class ParsedItem:
    item: TopItem
    ast: Optional[c_ast.FileAST]
    error: Optional[str] = None  # pycparser's message when the item did not parse
    error_offset: Optional[int] = None  # lowered offset of the error


def _used_as_variable(name: str, text: str) -> bool:
    return re.search(r"\b(?:%s)\s*[*&]*\s+%s\s*[=;,\[)]" % ("|".join(sorted(C_TYPE_KEYWORDS | {"uint", "size_t"})), re.escape(name)),
                     text) is not None


def _typedef_header(names: Set[str]) -> str:
    return "".join(f"typedef int {n};" for n in sorted(names))


def _placed(lowered: Lowered, item: TopItem) -> str:
    """The item's lowered text behind a #line directive, so coordinates stay lowered-text ones."""
    line, column = lowered.position(item.lowered_start)
    return f'#line {line} "{LOWERED_FILE}"\n{" " * (column - 1)}{lowered.text[item.lowered_start : item.lowered_end]}\n'


def _parse_declarations_together(lowered: Lowered, items: List[TopItem], type_names: Set[str]) -> Optional[List[ParsedItem]]:
    """One pycparser call for all file-scope declarations; None when any of them needs recovery."""
    if not items:
        return []
    text = "".join(_placed(lowered, item) for item in items)
    names = {n for n in set(_IDENT.findall(text)) & type_names if n not in C_KEYWORDS and n not in AMBIGUOUS_TYPE_NAMES}
    try:
        ast = parser().parse(_typedef_header(names) + "\n" + text, "<prelude>")
    except Exception:  # any failure: fall back to one parse per declaration
        return None
    starts = [lowered.position(item.lowered_start)[0] for item in items]
    grouped: List[List[c_ast.Node]] = [[] for _ in items]
    for node in ast.ext:
        coord = node.coord
        if coord is None or coord.file != LOWERED_FILE:
            continue
        k = max(0, bisect.bisect_right(starts, coord.line) - 1)
        grouped[k].append(node)
    return [ParsedItem(item, c_ast.FileAST(nodes)) for item, nodes in zip(items, grouped)]


def parse_item(lowered: Lowered, item: TopItem, type_names: Set[str]) -> ParsedItem:
    body = lowered.text[item.lowered_start : item.lowered_end]
    line, column = lowered.position(item.lowered_start)
    used = set(_IDENT.findall(body))
    names = {n for n in used & type_names if n not in C_KEYWORDS}
    names = {n for n in names if n not in AMBIGUOUS_TYPE_NAMES or not _used_as_variable(n, body)}
    for p in item.template_params:
        (names.add if p.is_type else names.discard)(p.name)
    error: Optional[str] = None
    error_offset: Optional[int] = None
    for _ in range(_MAX_RETRIES):
        source = f'{_typedef_header(names)}\n#line {line} "{LOWERED_FILE}"\n{" " * (column - 1)}{body}\n'
        try:
            return ParsedItem(item, parser().parse(source, "<prelude>"))
        except Exception as exc:  # pycparser raises ParseError and, on odd input, others
            error = str(exc)
            error_offset = _error_offset(lowered, error)
            if error_offset is None or not _NEAR_TOKEN.search(error):
                break
            culprit = _type_name_before(lowered.text, error_offset, item.lowered_start)
            if culprit is None or culprit in names or culprit in C_KEYWORDS:
                break
            names.add(culprit)
    return ParsedItem(item, None, error, error_offset)


def _error_offset(lowered: Lowered, error: str) -> Optional[int]:
    """Lowered offset where pycparser stopped; messages without a `before:` token still have one."""
    m = _POSITION.search(error)
    return lowered.offset(int(m.group(1)), int(m.group(2))) if m else None


def _type_name_before(text: str, offset: int, floor: int) -> Optional[str]:
    """The identifier that should have been a type when parsing failed at `offset`."""
    before = text[floor:offset].rstrip()
    m = re.search(r"([A-Za-z_]\w*)\s*[*&]*\s*$", before)
    if m and before.endswith(m.group(0).rstrip()):
        return m.group(1)
    m = re.search(r"\(\s*([A-Za-z_]\w*)\s*[*]*\s*\)\s*$", before)  # (Foo)x: a cast to an unknown type
    return m.group(1) if m else None


def needs_ast(item: TopItem) -> bool:
    """Host functions are read as text (launch sites), so only device code and declarations are parsed."""
    return not item.is_function or bool(item.qualifiers & {"__global__", "__device__"})


def parse_all(lowered: Lowered) -> List[ParsedItem]:
    type_names = set(lowered.type_names)
    declarations = [item for item in lowered.items if not item.is_function]
    together = _parse_declarations_together(lowered, declarations, type_names)
    done = {id(p.item): p for p in together or []}
    return [done.get(id(item)) or (parse_item(lowered, item, type_names) if needs_ast(item) else ParsedItem(item, None))
            for item in lowered.items]
