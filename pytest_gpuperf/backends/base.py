"""What every backend provides, and the pieces they share."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Sequence, Tuple

# Messages of errors after which a CUDA context is unusable (sticky errors).
STICKY_ERROR_MARKERS = (
    "illegal memory access", "illegal address", "ILLEGAL_ADDRESS", "unspecified launch failure",
    "LAUNCH_FAILED", "misaligned address", "MISALIGNED_ADDRESS", "illegal instruction",
    "ILLEGAL_INSTRUCTION", "hardware stack error", "device-side assert", "ASSERT",
)


def looks_sticky(message: str) -> bool:
    return any(marker.lower() in message.lower() for marker in STICKY_ERROR_MARKERS)


def dim3(value: Any) -> Tuple[int, ...]:
    """CuPy wants grid and block as tuples; numba-style ints are accepted too."""
    return (int(value),) if isinstance(value, int) else tuple(int(v) for v in value)


@dataclass(frozen=True)
class CompileRequest:
    source: str
    options: Tuple[str, ...]
    name_expressions: Tuple[str, ...]


def compile_request(source: Optional[str], path: Optional[str], options: Sequence[str],
                    defines: Optional[Dict[str, Any]], name_expressions: Sequence[str]) -> CompileRequest:
    """Normalise compile() arguments: exactly one of source/path; defines become -D options."""
    if (source is None) == (path is None):
        raise ValueError("compile() needs exactly one of source= or path=")
    all_options = list(options)
    if path is not None:
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        all_options.append(f"-I{os.path.dirname(os.path.abspath(path))}")
    for key, value in (defines or {}).items():
        all_options.append(f"-D{key}" if value is None else f"-D{key}={value}")
    return CompileRequest(source=source or "", options=tuple(all_options),
                          name_expressions=tuple(name_expressions))


class Backend:
    """Interface of a timing backend. Subclasses implement every method."""

    name = "base"
    simulator = False

    def device_info(self) -> Any: raise NotImplementedError
    def clock_reader(self, device: Any) -> Any: raise NotImplementedError
    def new_stream(self) -> Any: raise NotImplementedError
    def create_event(self) -> Any: raise NotImplementedError
    def record(self, event: Any, stream: Any) -> None: raise NotImplementedError
    def synchronize(self, event: Any) -> None: raise NotImplementedError
    def synchronize_stream(self, stream: Any) -> None: raise NotImplementedError
    def elapsed_ms(self, start: Any, end: Any) -> float: raise NotImplementedError
    def flush_l2(self, stream: Any) -> None: raise NotImplementedError
    def hold_stream(self, stream: Any, microseconds: float) -> None: raise NotImplementedError
    def launcher(self, kernel: Any, grid: Any, block: Any, args: Any,
                 shared_mem: int) -> Callable[[Any], None]: raise NotImplementedError
    def compile(self, request: CompileRequest) -> Any: raise NotImplementedError
    def to_device(self, array: Any) -> Any: raise NotImplementedError
    def empty(self, shape: Any, dtype: Any) -> Any: raise NotImplementedError
    def to_host(self, array: Any) -> Any: raise NotImplementedError
    def free_memory(self) -> None: raise NotImplementedError
    def sticky_error(self) -> Optional[str]: raise NotImplementedError
    def wall_seconds(self) -> float: raise NotImplementedError
