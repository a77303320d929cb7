"""Expressions as the source writes them, which is what a compiler sees before it evaluates anything.

The lane walk knows values the compiler may not (a shift past an index's bits is 0 in every thread); where a
rule models a transformation nvcc makes only when it can see a relation in the code (a loop that runs fewer
iterations than a warp, two accesses a constant apart), it compares expressions, with locals defined once
replaced by their definitions.
"""
from __future__ import annotations

from collections import Counter
from typing import Dict, List, Optional, Tuple

from pycparser import c_ast, c_generator

from kernel_lint.analyses.uniformity import assigned_names
from kernel_lint.model import walk


def single_definitions(body: c_ast.Node) -> Dict[str, c_ast.Node]:
    """Locals declared with a value and never assigned again (`const int n_vec = n / 4;`)."""
    assigned = set(assigned_names(body))
    return {node.name: node.init for node in walk(body) if isinstance(node, c_ast.Decl) and node.name
            and isinstance(node.init, c_ast.Node) and not isinstance(node.init, c_ast.InitList)
            and node.name not in assigned}


def expanded(node: c_ast.Node, definitions: Dict[str, c_ast.Node], depth: int = 4) -> c_ast.Node:
    """`node` with its locals replaced by their definitions, casts dropped."""
    if isinstance(node, c_ast.Cast):
        return expanded(node.expr, definitions, depth)
    if isinstance(node, c_ast.ID) and node.name in definitions and depth:
        return expanded(definitions[node.name], definitions, depth - 1)
    if isinstance(node, c_ast.BinaryOp):
        return c_ast.BinaryOp(node.op, expanded(node.left, definitions, depth), expanded(node.right, definitions, depth))
    return node


def text(node: c_ast.Node) -> str:
    """The expression as C, without spaces, for comparing two expressions."""
    return c_generator.CGenerator().visit(node).replace(" ", "")


def constant_apart(first: c_ast.Node, second: c_ast.Node, definitions: Dict[str, c_ast.Node]) -> Optional[int]:
    """second - first where the two are the same sum of terms but for integer constants (`2 * t` and
    `2 * t + 1`, `i * 2` and `1 + i * 2`, through locals); None otherwise."""
    a, b = _sum_terms(expanded(first, definitions)), _sum_terms(expanded(second, definitions))
    if a is None or b is None or a[0] != b[0]:
        return None
    return b[1] - a[1]


def _sum_terms(node: c_ast.Node) -> Optional[Tuple[Counter, int]]:
    """(the non-constant terms of a sum with their signs, the sum of its integer constants)."""
    terms: List[Tuple[int, str]] = []
    constant = 0
    stack = [(node, 1)]
    while stack:
        item, sign = stack.pop()
        if isinstance(item, c_ast.BinaryOp) and item.op in ("+", "-"):
            stack += [(item.left, sign), (item.right, sign if item.op == "+" else -sign)]
        elif isinstance(item, c_ast.Constant) and item.type == "int":
            try:
                constant += sign * int(item.value.rstrip("uUlL"), 0)
            except ValueError:
                return None
        else:
            terms.append((sign, text(item)))
    return Counter(terms), constant
