"""Per-backend compile / launch / alloc / L2 flush / sync. GPU libraries are imported lazily."""
from __future__ import annotations

import importlib.util
from typing import Any

BACKEND_NAMES = ("auto", "cupy", "numba", "fake")


class NoDeviceError(RuntimeError):
    """No CUDA device (or no library to reach it); GPU tests skip with this reason."""


def is_numba_dispatcher(kernel: Any) -> bool:
    return type(kernel).__module__.startswith(("numba", "numba_cuda")) and hasattr(kernel, "__getitem__")


def create_backend(name: str, *, fake_device: str = "", simulator: bool = False) -> Any:
    """Instantiate the backend `name`; raises NoDeviceError with the reason when unusable."""
    if name == "fake":
        from pytest_gpuperf.backends.fake import FakeBackend

        return FakeBackend(device_name=fake_device)
    if simulator:
        from pytest_gpuperf.backends.numba import NumbaBackend

        return NumbaBackend(simulator=True)
    if name == "auto":
        name = _first_installed()
    if name == "cupy":
        from pytest_gpuperf.backends.cupy import CupyBackend

        return CupyBackend()
    from pytest_gpuperf.backends.numba import NumbaBackend

    return NumbaBackend(simulator=False)


def _first_installed() -> str:
    for module, backend in (("cupy", "cupy"), ("numba", "numba")):
        if importlib.util.find_spec(module) is not None:
            return backend
    raise NoDeviceError("no CUDA device visible (neither cupy nor numba-cuda is installed)")
