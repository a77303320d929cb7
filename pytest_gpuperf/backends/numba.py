"""numba-cuda backend: dispatcher launches, numba events, device arrays; also the CUDA simulator."""
from __future__ import annotations

import time
from typing import Any, Callable, Optional

import numpy

from pytest_gpuperf.backends import NoDeviceError, is_numba_dispatcher
from pytest_gpuperf.backends.base import Backend, CompileRequest, dim3
from pytest_gpuperf.device import ClockReader, DeviceInfo, lookup_spec, nvml_driver_version


class NumbaBackend(Backend):
    name = "numba"

    def __init__(self, simulator: bool = False) -> None:
        try:
            from numba import cuda
        except Exception as exc:
            need = "--gpuperf-sim needs numba-cuda" if simulator else "no CUDA device visible"
            raise NoDeviceError(f"{need} (numba is not importable: {exc})") from exc
        if not simulator and not cuda.is_available():
            raise NoDeviceError("no CUDA device visible (numba.cuda.is_available() is False)")
        self.cuda = cuda
        self.simulator = simulator
        self._flush = None
        self._flush_sink = None
        self._hold = None
        self._flush_buffer = None

    def device_info(self) -> DeviceInfo:
        cuda = self.cuda
        if self.simulator:
            return DeviceInfo(name="numba CUDA simulator", compute_capability="0.0", sm_count=0,
                              memory_bytes=0, sm_clock_mhz=None, memory_clock_mhz=None,
                              driver_version="simulator", cuda_version="simulator", l2_bytes=0)
        device = cuda.get_current_device()
        name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)
        free_total = cuda.current_context().get_memory_info()
        driver = cuda.cudadrv.driver.driver.get_version()
        runtime = cuda.runtime.get_version()
        return DeviceInfo(
            name=name,
            compute_capability="{}.{}".format(*device.compute_capability),
            sm_count=int(device.MULTIPROCESSOR_COUNT),
            memory_bytes=int(free_total[1]),
            sm_clock_mhz=device.CLOCK_RATE / 1000.0,
            memory_clock_mhz=device.MEMORY_CLOCK_RATE / 1000.0,
            driver_version=nvml_driver_version() or "{}.{}".format(*driver),
            cuda_version="{}.{}".format(*runtime),
            l2_bytes=int(device.L2_CACHE_SIZE),
            pci_bus_id=f"{device.PCI_DOMAIN_ID:08x}:{device.PCI_BUS_ID:02x}:{device.PCI_DEVICE_ID:02x}.0",
            spec=lookup_spec(name),
        )

    def clock_reader(self, device: DeviceInfo) -> ClockReader:
        return ClockReader(device.pci_bus_id, device.sm_clock_mhz)

    def new_stream(self) -> Any:
        return self.cuda.stream()

    def create_event(self) -> Any:
        return self.cuda.event(timing=True)

    def record(self, event: Any, stream: Any) -> None:
        event.record(stream=stream)

    def synchronize(self, event: Any) -> None:
        event.synchronize()

    def synchronize_stream(self, stream: Any) -> None:
        if self.simulator:  # simulated launches run synchronously
            return
        stream.synchronize()

    def elapsed_ms(self, start: Any, end: Any) -> float:
        return float(self.cuda.event_elapsed_time(start, end))

    def _kernels(self) -> None:
        cuda = self.cuda

        # Reads, not writes: see the cupy backend's flush for why a memset-style flush skews timings.
        @cuda.jit
        def flush(buffer, sink):  # pragma: no cover - runs on the GPU
            folded = numpy.uint32(0)
            for i in range(cuda.grid(1), buffer.size, cuda.gridsize(1)):
                folded ^= buffer[i]
            if folded == numpy.uint32(0x9E3779B9):  # never true for a zeroed buffer; keeps the loads
                sink[0] = folded

        @cuda.jit
        def hold(nanoseconds):  # pragma: no cover - runs on the GPU
            for _ in range(nanoseconds // 1000):
                cuda.nanosleep(1000)

        self._flush, self._hold = flush, hold

    def flush_l2(self, stream: Any) -> None:
        if self._flush is None:
            self._kernels()
        if self._flush_buffer is None:
            l2 = int(self.cuda.get_current_device().L2_CACHE_SIZE)
            self._flush_buffer = self.cuda.to_device(numpy.zeros(max(2 * l2, 1 << 20) // 4, dtype=numpy.uint32))
            self._flush_sink = self.cuda.device_array(1, dtype=numpy.uint32)
        self._flush[1024, 256, stream](self._flush_buffer, self._flush_sink)

    def hold_stream(self, stream: Any, microseconds: float) -> None:
        if self._hold is None:
            self._kernels()
        self._hold[1, 1, stream](int(microseconds * 1000))

    def launcher(self, kernel: Any, grid: Any, block: Any, args: Any,
                 shared_mem: int) -> Callable[[Any], None]:
        if is_numba_dispatcher(kernel):
            return lambda stream: kernel[grid, block, stream, shared_mem](*args)

        grid_dims, block_dims = dim3(grid), dim3(block)

        def launch_raw(stream: Any) -> None:  # a CuPy RawKernel on numba's stream
            import cupy

            with cupy.cuda.ExternalStream(stream.handle.value):
                kernel(grid_dims, block_dims, tuple(args), shared_mem=shared_mem)

        return launch_raw

    def compile(self, request: CompileRequest) -> Any:
        raise TypeError("compile() of CUDA C++ goes through CuPy/NVRTC: use backend='cupy' "
                        "(numba kernels are used as they are)")

    def to_device(self, array: Any) -> Any:
        return self.cuda.to_device(array)

    def empty(self, shape: Any, dtype: Any) -> Any:
        return self.cuda.device_array(shape, dtype=dtype)

    def to_host(self, array: Any) -> Any:
        return array.copy_to_host()

    def free_memory(self) -> None:
        if not self.simulator:
            self.cuda.current_context().deallocations.clear()

    def sticky_error(self) -> Optional[str]:
        try:
            self.cuda.synchronize()
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return None

    def wall_seconds(self) -> float:
        return time.perf_counter()
