"""A simulated GPU for testing the plugin without hardware.

Launches advance a virtual timeline; events read it; the host clock of the adaptive
loop is virtual too, so every number a test sees is deterministic.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Optional, Sequence

from pytest_gpuperf.backends.base import Backend, CompileRequest
from pytest_gpuperf.device import ClockReading, DeviceInfo, lookup_spec
from pytest_gpuperf.timers import VirtualClock

DEFAULT_FAKE_DEVICE = "NVIDIA H100 80GB HBM3"
FAKE_SM_CLOCK_MHZ = 1980.0
# Virtual cost of flushing 2x L2 and of the per-sample sync, so the loop's time caps apply.
FAKE_FLUSH_MS = 0.04


class FakeCudaError(RuntimeError):
    """Raised by a FakeKernel built with fault=...; it poisons the fake context like a real fault."""


class FakeStream:
    def __init__(self, clock: VirtualClock):
        self.clock = clock
        self.sm_clock_mhz = FAKE_SM_CLOCK_MHZ
        self.throttle_reason: Optional[str] = None

    def run(self, ms: float) -> None:
        """Occupy the stream for `ms` of virtual GPU time (for benchmark_callable functions)."""
        self.clock.advance(ms)


class FakeEvent:
    def __init__(self) -> None:
        self.time_ms: Optional[float] = None


class FakeKernel:
    """A kernel of known duration: ms * (1 + jitter * U(-1, 1)), seeded.

    clocks: SM clock (MHz) per launch, cycled; throttle: launch indices reported throttled;
    fault: message of an error raised at launch (sticky); hang_s: host seconds to block.
    """

    def __init__(self, ms: float, *, jitter: float = 0.0, seed: int = 0, name: str = "fake_kernel",
                 clocks: Sequence[float] = (), throttle: Sequence[int] = (), fault: str = "",
                 hang_s: float = 0.0, drift: float = 0.0):
        self.ms = ms
        self.jitter = jitter
        self.name = name
        self.clocks = tuple(clocks)
        self.throttle = frozenset(throttle)
        self.fault = fault
        self.hang_s = hang_s
        self.drift = drift
        self.launches = 0
        self._random = random.Random(seed)

    def launch(self, stream: FakeStream, backend: "FakeBackend") -> None:
        if self.fault:
            backend.poison(self.fault)
            raise FakeCudaError(self.fault)
        if self.hang_s:
            time.sleep(self.hang_s)
        index = self.launches
        self.launches += 1
        stream.sm_clock_mhz = self.clocks[index % len(self.clocks)] if self.clocks else FAKE_SM_CLOCK_MHZ
        stream.throttle_reason = "hw-thermal" if index in self.throttle else None
        noise = self.jitter * self._random.uniform(-1.0, 1.0)
        stream.run(self.ms * (1.0 + noise) * (1.0 + self.drift * index))


class FakeModule:
    """What compile() returns under the fake backend: get_function gives FakeKernels."""

    def __init__(self, request: CompileRequest, kernel_ms: float):
        self.request = request
        self.kernel_ms = kernel_ms

    def get_function(self, name: str) -> FakeKernel:
        if name not in self.request.source and name not in self.request.name_expressions:
            raise KeyError(f"no kernel named {name!r} in the compiled source")
        return FakeKernel(self.kernel_ms, name=name)


class _FakeClockReader:
    source = "fake"

    def __init__(self, stream: FakeStream):
        self.stream = stream

    def read(self) -> ClockReading:
        return ClockReading(sm_mhz=self.stream.sm_clock_mhz, throttle_reason=self.stream.throttle_reason)


class FakeBackend(Backend):
    name = "fake"
    compiled = 0  # class-wide count of real compilations, to test the compile cache

    def __init__(self, device_name: str = ""):
        self.clock = VirtualClock()
        self.device_name = device_name or DEFAULT_FAKE_DEVICE
        self._sticky: Optional[str] = None
        self._stream = FakeStream(self.clock)
        self.freed = 0

    def poison(self, message: str) -> None:
        self._sticky = message

    def device_info(self) -> DeviceInfo:
        return DeviceInfo(
            name=self.device_name, compute_capability="9.0", sm_count=132,
            memory_bytes=80 * 1024 ** 3, sm_clock_mhz=FAKE_SM_CLOCK_MHZ, memory_clock_mhz=2619.0,
            driver_version="fake", cuda_version="fake", l2_bytes=50 * 1024 ** 2,
            pci_bus_id=None, spec=lookup_spec(self.device_name),
        )

    def clock_reader(self, device: DeviceInfo) -> _FakeClockReader:
        return _FakeClockReader(self._stream)

    def new_stream(self) -> FakeStream:
        return self._stream

    def create_event(self) -> FakeEvent:
        return FakeEvent()

    def record(self, event: FakeEvent, stream: FakeStream) -> None:
        self._raise_if_poisoned()
        event.time_ms = stream.clock.now_ms

    def synchronize(self, event: FakeEvent) -> None:
        self._raise_if_poisoned()

    def synchronize_stream(self, stream: FakeStream) -> None:
        self._raise_if_poisoned()

    def elapsed_ms(self, start: FakeEvent, end: FakeEvent) -> float:
        if start.time_ms is None or end.time_ms is None:
            raise FakeCudaError("event not recorded")
        return end.time_ms - start.time_ms

    def flush_l2(self, stream: FakeStream) -> None:
        stream.run(FAKE_FLUSH_MS)

    def hold_stream(self, stream: FakeStream, microseconds: float) -> None:
        stream.run(microseconds / 1000.0)

    def launcher(self, kernel: Any, grid: Any, block: Any, args: Any,
                 shared_mem: int) -> Callable[[FakeStream], None]:
        if not isinstance(kernel, FakeKernel):
            raise TypeError(f"the fake backend launches FakeKernel objects, not {type(kernel).__name__}")
        return lambda stream: kernel.launch(stream, self)

    def compile(self, request: CompileRequest) -> FakeModule:
        FakeBackend.compiled += 1
        return FakeModule(request, kernel_ms=0.1)

    def to_device(self, array: Any) -> Any:
        import numpy

        return numpy.array(array, copy=True)

    def empty(self, shape: Any, dtype: Any) -> Any:
        import numpy

        return numpy.empty(shape, dtype=dtype)

    def to_host(self, array: Any) -> Any:
        import numpy

        return numpy.asarray(array)

    def free_memory(self) -> None:
        self.freed += 1

    def sticky_error(self) -> Optional[str]:
        return self._sticky

    def wall_seconds(self) -> float:
        return self.clock.now_ms / 1000.0

    def _raise_if_poisoned(self) -> None:
        if self._sticky:
            raise FakeCudaError(self._sticky)
