from __future__ import annotations

import pytest

from kernel_lint.frontend.prelude import TYPE_NAMES, type_size


@pytest.mark.parametrize("name, size, align", [
    ("char", 1, 1), ("short", 2, 2), ("int", 4, 4), ("float", 4, 4), ("uint", 4, 4),
    ("long long", 8, 8), ("double", 8, 8), ("size_t", 8, 8), ("__half", 2, 2), ("__nv_bfloat16", 2, 2),
    ("float2", 8, 8), ("float3", 12, 4), ("float4", 16, 16), ("double2", 16, 16), ("char4", 4, 4),
    ("uchar3", 3, 1), ("int4", 16, 16), ("longlong2", 16, 16), ("half2", 4, 4), ("int64_t", 8, 8),
    ("unsigned long int", 8, 8), ("long long int", 8, 8), ("short int", 2, 2), ("u_char", 1, 1),
    ("u_int32_t", 4, 4), ("u_long", 8, 8),
])
def test_cuda_type_sizes(name, size, align):
    assert type_size(name) == (size, align)


def test_unknown_type_raises_key_error():
    with pytest.raises(KeyError):
        type_size("MyStruct")


def test_type_names_include_cuda_types():
    assert {"dim3", "float4", "__half", "cudaStream_t", "size_t"} <= TYPE_NAMES
