"""basics.cu's vector_add written with numba.cuda: the same kernel, compiled from Python."""
from numba import cuda


@cuda.jit
def vector_add(a, b, c):
    i = cuda.grid(1)
    if i < c.size:
        c[i] = a[i] + b[i]
