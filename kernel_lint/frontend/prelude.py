"""What the front end knows of CUDA's headers: type names with sizes, built-in variables, intrinsics.

pycparser only needs to know which identifiers name types, so the prelude is a table rather than a
header: every type name here is declared as a typedef in front of each parsed function, and the
model takes sizes and alignments from the table.
"""
from __future__ import annotations

from typing import Dict, Tuple

_SCALARS: Dict[str, Tuple[int, int]] = {
    "char": (1, 1), "signed char": (1, 1), "unsigned char": (1, 1), "bool": (1, 1), "_Bool": (1, 1),
    "short": (2, 2), "unsigned short": (2, 2), "int": (4, 4), "unsigned int": (4, 4), "unsigned": (4, 4),
    "signed": (4, 4), "long": (8, 8), "unsigned long": (8, 8), "long long": (8, 8),
    "unsigned long long": (8, 8), "float": (4, 4), "double": (8, 8), "long double": (16, 16),
    # the same types spelled with `int` (`typedef unsigned long int uint64;`)
    "short int": (2, 2), "unsigned short int": (2, 2), "long int": (8, 8), "unsigned long int": (8, 8),
    "long long int": (8, 8), "unsigned long long int": (8, 8),
    "uint": (4, 4), "ushort": (2, 2), "uchar": (1, 1), "ulong": (8, 8), "size_t": (8, 8),
    "ssize_t": (8, 8), "ptrdiff_t": (8, 8), "intptr_t": (8, 8), "uintptr_t": (8, 8),
    "int8_t": (1, 1), "uint8_t": (1, 1), "int16_t": (2, 2), "uint16_t": (2, 2), "int32_t": (4, 4),
    "uint32_t": (4, 4), "int64_t": (8, 8), "uint64_t": (8, 8), "index_t": (8, 8),
    "__half": (2, 2), "half": (2, 2), "__nv_bfloat16": (2, 2), "nv_bfloat16": (2, 2),
    "__half2": (4, 4), "half2": (4, 4), "__nv_bfloat162": (4, 4), "nv_bfloat162": (4, 4),
    "__nv_fp8_e4m3": (1, 1), "__nv_fp8_e5m2": (1, 1), "__nv_fp8x2_e4m3": (2, 2), "__nv_fp8x2_e5m2": (2, 2),
    "__nv_fp8x4_e4m3": (4, 4), "__nv_fp8x4_e5m2": (4, 4), "at::Half": (2, 2), "at::BFloat16": (2, 2),
    "cudaError_t": (4, 4), "cudaStream_t": (8, 8), "cudaEvent_t": (8, 8), "curandState": (48, 16),
    "cudaTextureObject_t": (8, 8), "cudaSurfaceObject_t": (8, 8), "wchar_t": (4, 4),
    "float_t": (4, 4), "double_t": (8, 8), "clock_t": (8, 8), "time_t": (8, 8),
    # glibc's <sys/types.h>, which the C++ standard headers bring in on Linux
    "u_char": (1, 1), "u_short": (2, 2), "u_int": (4, 4), "u_long": (8, 8), "u_int8_t": (1, 1),
    "u_int16_t": (2, 2), "u_int32_t": (4, 4), "u_int64_t": (8, 8),
}

# CUDA vector types: (component type, CUDA alignment for N = 1, 2, 3, 4)
_VECTOR_BASES = {
    "char": ("char", (1, 2, 1, 4)), "uchar": ("unsigned char", (1, 2, 1, 4)),
    "short": ("short", (2, 4, 2, 8)), "ushort": ("unsigned short", (2, 4, 2, 8)),
    "int": ("int", (4, 8, 4, 16)), "uint": ("unsigned int", (4, 8, 4, 16)),
    "long": ("long", (8, 16, 8, 16)), "ulong": ("unsigned long", (8, 16, 8, 16)),
    "longlong": ("long long", (8, 16, 8, 16)), "ulonglong": ("unsigned long long", (8, 16, 8, 16)),
    "float": ("float", (4, 8, 4, 16)), "double": ("double", (8, 16, 8, 16)),
}


def _vector_types() -> Dict[str, Tuple[int, int]]:
    table: Dict[str, Tuple[int, int]] = {}
    for prefix, (scalar, aligns) in _VECTOR_BASES.items():
        size = _SCALARS[scalar][0]
        for n, align in zip((1, 2, 3, 4), aligns):
            table[f"{prefix}{n}"] = (size * n, align)
    return table


# the type the lowering writes for `auto` and `decltype(...)`, which it cannot name
AUTO_TYPE = "__auto_t"

_OPAQUE_HOST_TYPES = (
    "dim3", "cudaDeviceProp", "cudaArray", "cudaArray_t", "cudaChannelFormatDesc", "cudaExtent",
    "cudaResourceDesc", "cudaTextureDesc", "cudaGraph_t", "cudaGraphExec_t", "cudaMemcpyKind",
    "cudaFuncAttributes", "FILE", "thread_block", "thread_group", "grid_group", "thread_block_tile",
    "coalesced_group", "cublasHandle_t", "cufftHandle", "curandGenerator_t", AUTO_TYPE, "texture",
    "surface", "cudaPitchedPtr", "cudaPos", "cudaMemcpy3DParms", "cudaLaunchConfig_t",
    "va_list", "string", "vector", "Tensor", "fragment", "__kl_opaque",
)

TYPE_SIZES: Dict[str, Tuple[int, int]] = {**_SCALARS, **_vector_types(), "dim3": (12, 4)}
# the scalar types that hold integers: a kernel parameter of one a launch passes a constant for is that constant
INTEGER_TYPES = frozenset({
    "int", "unsigned int", "unsigned", "long", "unsigned long", "long long", "unsigned long long", "size_t",
    "int64_t", "uint64_t", "int32_t", "uint32_t", "short", "unsigned short", "char", "unsigned char", "int8_t",
    "uint8_t", "int16_t", "uint16_t", "bool", "uint", "intptr_t", "uintptr_t", "ptrdiff_t", "u_char", "u_short",
    "u_int", "u_long", "u_int8_t", "u_int16_t", "u_int32_t", "u_int64_t"})
TYPE_NAMES = frozenset(name for name in list(TYPE_SIZES) + list(_OPAQUE_HOST_TYPES) if " " not in name
                       and "::" not in name)
C_TYPE_KEYWORDS = frozenset(("void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
                             "_Bool", "bool"))
# Names from the prelude that real code also uses as variable names; typedef'd only where used as types.
AMBIGUOUS_TYPE_NAMES = frozenset(("half", "uint", "ushort", "uchar", "ulong", "string", "vector", "fragment",
                                  "texture", "surface", "index_t"))

# the call the lowering writes for each output of an inline-PTX statement, with the statement's inputs as its
# arguments: `asm("mov.u32 %0, %%laneid;" : "=r"(lane))` becomes `lane = __kl_asm();`
ASM_OUTPUT = "__kl_asm"
# the built-in uint3 and dim3 variables, whose x, y and z a kernel reads
INDEX_VARIABLES = ("threadIdx", "blockIdx", "blockDim", "gridDim")
BUILTIN_VARIABLES = frozenset((*INDEX_VARIABLES, "warpSize"))

INTRINSICS = frozenset((
    "__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or", "__syncwarp",
    "__threadfence", "__threadfence_block", "__threadfence_system",
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync", "__shfl", "__shfl_up",
    "__shfl_down", "__shfl_xor", "__ballot_sync", "__ballot", "__any_sync", "__all_sync", "__activemask",
    "__match_any_sync", "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
    "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec", "atomicCAS",
    "atomicAnd", "atomicOr", "atomicXor", "__ldg", "__ldcg", "__ldca", "__ldcs", "__stcg", "__stcs",
    "__popc", "__popcll", "__clz", "__ffs", "__brev", "__mul24", "__umul24", "__mulhi", "__fdividef",
    "__expf", "__logf", "__sinf", "__cosf", "__powf", "__saturatef", "__float2int_rn", "__int2float_rn",
    "__half2float", "__float2half", "__float2half_rn", "__floats2half2_rn", "__hadd", "__hmul", "__hfma",
    "__bfloat162float", "__float2bfloat16", "sqrtf", "rsqrtf", "expf", "exp2f", "logf", "log2f", "sinf",
    "cosf", "tanhf", "powf", "fabsf", "fminf", "fmaxf", "floorf", "ceilf", "fmaf", "sqrt", "rsqrt", "exp",
    "log", "sin", "cos", "tanh", "pow", "fabs", "fmin", "fmax", "floor", "ceil", "fma", "min", "max",
    "abs", "make_float2", "make_float3", "make_float4", "make_int2", "make_int3", "make_int4",
    "make_uint2", "make_uint4", "make_double2", "tex1D", "tex2D", "tex3D", "tex1Dfetch", "clock",
    "clock64", "printf", "assert", "this_thread_block", "this_grid", "tiled_partition", "sync",
    "__nanosleep", "cp_async", "__pipeline_memcpy_async", "__pipeline_commit", "__pipeline_wait_prior",
))


# the bits of a 32- or 64-bit integer in reverse order, by intrinsic
BIT_REVERSALS = {"__brev": 32, "__brevll": 64}

# a * b for operands that fit 24 bits, as index arithmetic's do: pre-Fermi code's IMAD/IMUL macros
MULTIPLY_24 = frozenset(("__mul24", "__umul24"))


def type_size(name: str) -> Tuple[int, int]:
    """(size, alignment) of a named prelude type; KeyError when the prelude does not know it."""
    return TYPE_SIZES[name]
