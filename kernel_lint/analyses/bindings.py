"""Comparing two versions of a walk's local bindings, cheaply enough for every branch of a long kernel."""
from __future__ import annotations

import operator
from itertools import compress
from typing import Iterator, Mapping, TypeVar

Value = TypeVar("Value")


def rebound(before: Mapping[str, Value], after: Mapping[str, Value]) -> Iterator[str]:
    """Names that `after` binds to another object than `before` does, or that `before` lacks, in
    `after`'s order.

    A branch or a loop body starts from a copy of the bindings and rebinds a few names; every other
    value is the very same object, so identity finds what changed without comparing values, and the
    scan runs in C loops: a long kernel has thousands of locals and thousands of branches.
    Bound values are never None.
    """
    return compress(after, map(operator.is_not, map(before.get, after), after.values()))
