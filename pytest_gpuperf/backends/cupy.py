"""CuPy backend: NVRTC compilation (RawModule), RawKernel launches, cupy events and pools."""
from __future__ import annotations

import time
from typing import Any, Callable, Dict, Optional

from pytest_gpuperf.backends import NoDeviceError, is_numba_dispatcher
from pytest_gpuperf.backends.base import Backend, CompileRequest, dim3
from pytest_gpuperf.device import ClockReader, DeviceInfo, lookup_spec, nvml_driver_version

# The flush reads a never-written buffer twice the L2's size instead of writing it: a memset leaves
# the L2 full of dirty lines, and the timed kernel would then pay for their write-back (about 10 us
# on an H100), which ncu's --cache-control all (flush and invalidate) does not charge.
_HELPER_SOURCE = r"""
extern "C" __global__ void gpuperf_hold(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) { }
}
extern "C" __global__ void gpuperf_flush(const uint4* buffer, unsigned long long words, unsigned int* sink) {
    unsigned int folded = 0;
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < words;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        uint4 v = buffer[i];
        folded ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (folded == 0x9e3779b9u)  // never true for a zeroed buffer; keeps the loads from being removed
        *sink = folded;
}
"""


def _decode(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _version_string(packed: int) -> str:
    """CUDA packs versions as 1000*major + 10*minor."""
    return f"{packed // 1000}.{(packed % 1000) // 10}"


class CupyBackend(Backend):
    name = "cupy"

    def __init__(self) -> None:
        try:
            import cupy

            count = cupy.cuda.runtime.getDeviceCount()
        except Exception as exc:  # ImportError, CUDARuntimeError (no driver / no device)
            raise NoDeviceError(f"no CUDA device visible ({type(exc).__name__}: {exc})") from exc
        if count == 0:
            raise NoDeviceError("no CUDA device visible")
        self.cp = cupy
        self.device_id = cupy.cuda.runtime.getDevice()
        self._modules: Dict[CompileRequest, Any] = {}
        self._flush_buffer = None
        self._flush_sink = None
        self._helpers = None
        self._clock_mhz: Optional[float] = None

    def _attribute(self, attribute: int) -> Optional[int]:
        try:
            return int(self.cp.cuda.runtime.deviceGetAttribute(attribute, self.device_id))
        except Exception:  # an attribute this CUDA version no longer has
            return None

    def _pci_bus_id(self) -> Optional[str]:
        try:
            return str(self.cp.cuda.runtime.deviceGetPCIBusId(self.device_id))
        except Exception:
            return None

    def device_info(self) -> DeviceInfo:
        runtime = self.cp.cuda.runtime
        props = runtime.getDeviceProperties(self.device_id)
        name = _decode(props["name"])
        # cudaDevAttrClockRate (13) / MemoryClockRate (36) are in kHz; CUDA 13 dropped them from props.
        sm_khz = props.get("clockRate") or self._attribute(13)
        mem_khz = props.get("memoryClockRate") or self._attribute(36)
        self._clock_mhz = sm_khz / 1000.0 if sm_khz else None
        return DeviceInfo(
            name=name,
            compute_capability=f"{props['major']}.{props['minor']}",
            sm_count=int(props["multiProcessorCount"]),
            memory_bytes=int(props["totalGlobalMem"]),
            sm_clock_mhz=self._clock_mhz,
            memory_clock_mhz=mem_khz / 1000.0 if mem_khz else None,
            driver_version=nvml_driver_version() or _version_string(runtime.driverGetVersion()),
            cuda_version=_version_string(runtime.runtimeGetVersion()),
            l2_bytes=int(props["l2CacheSize"]),
            pci_bus_id=self._pci_bus_id(),
            spec=lookup_spec(name),
        )

    def clock_reader(self, device: DeviceInfo) -> ClockReader:
        return ClockReader(device.pci_bus_id, device.sm_clock_mhz)

    def new_stream(self) -> Any:
        return self.cp.cuda.Stream(non_blocking=True)

    def create_event(self) -> Any:
        return self.cp.cuda.Event()

    def record(self, event: Any, stream: Any) -> None:
        event.record(stream)

    def synchronize(self, event: Any) -> None:
        event.synchronize()

    def synchronize_stream(self, stream: Any) -> None:
        stream.synchronize()

    def elapsed_ms(self, start: Any, end: Any) -> float:
        return float(self.cp.cuda.get_elapsed_time(start, end))

    def _helper(self, name: str) -> Any:
        if self._helpers is None:
            self._helpers = self.cp.RawModule(code=_HELPER_SOURCE)
        return self._helpers.get_function(name)

    def flush_l2(self, stream: Any) -> None:
        if self._flush_buffer is None:
            l2 = self._attribute(38) or 0  # cudaDevAttrL2CacheSize
            self._flush_buffer = self.cp.zeros(max(2 * l2, 1 << 20) // 4, dtype=self.cp.uint32)
            self._flush_sink = self.cp.zeros(1, dtype=self.cp.uint32)
        words = self.cp.uint64(self._flush_buffer.nbytes // 16)
        with stream:
            self._helper("gpuperf_flush")((1024,), (256,), (self._flush_buffer, words, self._flush_sink))

    def hold_stream(self, stream: Any, microseconds: float) -> None:
        clock_mhz = self._clock_mhz or 2000.0
        with stream:
            self._helper("gpuperf_hold")((1,), (1,), (self.cp.int64(int(microseconds * clock_mhz)),))

    def launcher(self, kernel: Any, grid: Any, block: Any, args: Any,
                 shared_mem: int) -> Callable[[Any], None]:
        if is_numba_dispatcher(kernel):
            from numba import cuda

            def launch_numba(stream: Any) -> None:
                kernel[grid, block, cuda.external_stream(stream.ptr), shared_mem](*args)

            return launch_numba

        grid_dims, block_dims = dim3(grid), dim3(block)

        def launch_raw(stream: Any) -> None:
            with stream:
                kernel(grid_dims, block_dims, tuple(args), shared_mem=shared_mem)

        return launch_raw

    def compile(self, request: CompileRequest) -> Any:
        # CuPy passes -arch for the current device to NVRTC itself; the cache key adds it anyway.
        if request not in self._modules:
            self._modules[request] = self.cp.RawModule(
                code=request.source, options=request.options,
                name_expressions=request.name_expressions or None,
            )
        return self._modules[request]

    def to_device(self, array: Any) -> Any:
        return self.cp.asarray(array)

    def empty(self, shape: Any, dtype: Any) -> Any:
        return self.cp.empty(shape, dtype=dtype)

    def to_host(self, array: Any) -> Any:
        return self.cp.asnumpy(array)

    def free_memory(self) -> None:
        self.cp.get_default_memory_pool().free_all_blocks()
        self.cp.get_default_pinned_memory_pool().free_all_blocks()

    def sticky_error(self) -> Optional[str]:
        try:
            self.cp.cuda.runtime.deviceSynchronize()
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return None

    def wall_seconds(self) -> float:
        return time.perf_counter()
