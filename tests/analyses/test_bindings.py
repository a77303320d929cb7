"""Finding the locals a branch or a loop body rebound, by identity."""
from __future__ import annotations

from kernel_lint.analyses.bindings import rebound


def test_rebound_names_what_changed_object_in_the_newer_bindings_order():
    kept, old, new = object(), object(), object()
    before = {"i": kept, "x": old, "y": old}
    after = {"i": kept, "z": new, "x": new, "y": old}
    assert list(rebound(before, after)) == ["z", "x"]


def test_an_equal_but_distinct_value_counts_as_rebound():
    assert list(rebound({"n": (1, 2)}, {"n": tuple([1, 2])})) == ["n"]
