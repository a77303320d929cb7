"""Results computed once per kernel of the file being checked, and dropped with the kernel."""
from __future__ import annotations

import weakref
from typing import Callable, Dict, Hashable, TypeVar

from kernel_lint.model import Kernel

Result = TypeVar("Result")


def per_kernel(store: Dict[int, Dict], kernel: Kernel, key: Hashable, compute: Callable[[], Result]) -> Result:
    """store[id(kernel)][key], computed by `compute` the first time. An entry lives exactly as long as
    its kernel (a finalizer drops it), so nothing is kept across files; what is stored must not hold
    the kernel, which would keep it alive."""
    entries = store.get(id(kernel))
    if entries is None:
        entries = store[id(kernel)] = {}
        weakref.finalize(kernel, store.pop, id(kernel), None)
    if key not in entries:
        entries[key] = compute()
    return entries[key]
