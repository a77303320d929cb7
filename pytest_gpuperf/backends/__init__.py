"""Per-backend compile / launch / alloc / L2 flush / sync. GPU libraries are imported lazily."""
from __future__ import annotations

import importlib.metadata
import importlib.util
import traceback
from typing import Any, Optional

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


# the GPU libraries whose own imports can fail inside a test, and the distributions whose versions say why
_LIBRARY_PACKAGES = ("numba", "numba_cuda", "cupy", "cupyx", "cupy_backends")
_VERSIONED = ("numba-cuda", "numba", "cupy-cuda12x", "cupy-cuda13x", "cupy", "numpy")


def library_import_failure(exc: BaseException) -> Optional[str]:
    """What to tell the user when `exc` arose while a GPU library imported one of its own modules (numba-cuda
    imports `numba.cuda.np.arrayobj` when it first compiles a kernel, and that failed on NumPy 2.5, which
    removed `np.row_stack`): the installed versions do not work together, which the test cannot fix. None
    for any other exception, such as a typing error in the user's kernel, whose own traceback is the message."""
    failing = None  # the innermost of the library's modules being imported: the one whose code raised
    for frame, _ in traceback.walk_tb(exc.__traceback__):
        module = str(frame.f_globals.get("__name__", ""))
        if frame.f_code.co_name == "<module>" and module.split(".")[0] in _LIBRARY_PACKAGES:
            failing = module
    if failing is None:
        return None
    return (f"importing {failing} failed ({type(exc).__name__}: {exc}) with {_installed_versions()}: "
            f"these versions do not work together; install releases the GPU library supports")


def _installed_versions() -> str:
    found = []
    for distribution in _VERSIONED:
        try:
            found.append(f"{distribution} {importlib.metadata.version(distribution)}")
        except importlib.metadata.PackageNotFoundError:
            continue
    return ", ".join(found) or "no version information"
