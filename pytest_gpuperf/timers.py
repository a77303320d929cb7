"""Clocks and CUDA-event timing of launches on one stream.

Every timed span is bracketed by events recorded on the launch stream; the host
clock only paces the adaptive loop and never measures a kernel.
"""
from __future__ import annotations

import time
from typing import Any, Callable

Launch = Callable[[Any], None]


class VirtualClock:
    """The fake backend's GPU timeline: launches advance it, events read it."""

    def __init__(self) -> None:
        self.now_ms = 0.0

    def advance(self, ms: float) -> None:
        self.now_ms += ms


def host_seconds() -> float:
    return time.perf_counter()


class EventTimer:
    """Times launches with events on the backend's stream.

    Before the start event the stream is held by a spin kernel long enough for the host
    to enqueue everything that follows, so host launch overhead cannot leak into the span.
    """

    def __init__(self, backend: Any, stream: Any):
        self.backend = backend
        self.stream = stream
        self.start = backend.create_event()
        self.end = backend.create_event()

    def cold(self, launch: Launch, hold_us: float) -> float:
        """One launch after an L2 flush; the flush is enqueued before the start event."""
        backend, stream = self.backend, self.stream
        backend.hold_stream(stream, hold_us)
        backend.flush_l2(stream)
        backend.record(self.start, stream)
        launch(stream)
        backend.record(self.end, stream)
        backend.synchronize(self.end)
        return backend.elapsed_ms(self.start, self.end)

    def hot(self, launch: Launch, launches: int, hold_us: float) -> float:
        """Per-launch time of `launches` back-to-back launches (total / launches)."""
        backend, stream = self.backend, self.stream
        backend.hold_stream(stream, hold_us)
        backend.record(self.start, stream)
        for _ in range(launches):
            launch(stream)
        backend.record(self.end, stream)
        backend.synchronize(self.end)
        return backend.elapsed_ms(self.start, self.end) / launches


def host_enqueue_us(backend: Any, launch: Launch, stream: Any) -> float:
    """Host time to enqueue one launch (after warm-up), used to size the stream hold."""
    begin = host_seconds()
    launch(stream)
    enqueue = (host_seconds() - begin) * 1e6
    backend.synchronize_stream(stream)
    return enqueue
