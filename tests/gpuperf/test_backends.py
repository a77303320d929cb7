from __future__ import annotations

import importlib.util

import pytest

from pytest_gpuperf.backends import NoDeviceError, create_backend, is_numba_dispatcher
from pytest_gpuperf.backends.base import compile_request, looks_sticky
from pytest_gpuperf.backends.fake import FakeBackend, FakeCudaError, FakeKernel


def test_compile_request_reads_path_adds_include_dir_and_defines(tmp_path):
    source = tmp_path / "k.cu"
    source.write_text('extern "C" __global__ void k() {}')
    request = compile_request(None, str(source), ["-O3"], {"BLOCK": 256, "FAST": None}, ["k"])
    assert request.source.startswith('extern "C"')
    assert request.options == ("-O3", f"-I{tmp_path}", "-DBLOCK=256", "-DFAST")
    assert request.name_expressions == ("k",)


def test_compile_request_needs_exactly_one_source():
    with pytest.raises(ValueError, match="exactly one"):
        compile_request(None, None, (), None, ())
    with pytest.raises(ValueError, match="exactly one"):
        compile_request("x", "y.cu", (), None, ())


def test_sticky_error_messages_are_recognised():
    assert looks_sticky("cudaErrorIllegalAddress: an illegal memory access was encountered")
    assert not looks_sticky("out of memory")


@pytest.mark.skipif(importlib.util.find_spec("cupy") or importlib.util.find_spec("numba"),
                    reason="a GPU library is installed here")
def test_auto_without_gpu_libraries_says_no_device():
    with pytest.raises(NoDeviceError, match="no CUDA device visible"):
        create_backend("auto")


@pytest.mark.skipif(importlib.util.find_spec("numba") is not None, reason="numba is installed here")
def test_simulator_without_numba_says_what_is_missing():
    with pytest.raises(NoDeviceError, match="--gpuperf-sim needs numba-cuda"):
        create_backend("auto", simulator=True)


def test_fake_events_measure_virtual_time_of_launches():
    backend = FakeBackend()
    stream = backend.new_stream()
    start, end = backend.create_event(), backend.create_event()
    launch = backend.launcher(FakeKernel(0.25), 1, 1, (), 0)
    backend.record(start, stream)
    launch(stream)
    launch(stream)
    backend.record(end, stream)
    assert backend.elapsed_ms(start, end) == pytest.approx(0.5)


def test_fake_fault_poisons_the_context():
    backend = FakeBackend()
    launch = backend.launcher(FakeKernel(1.0, fault="illegal address"), 1, 1, (), 0)
    with pytest.raises(FakeCudaError):
        launch(backend.new_stream())
    assert backend.sticky_error() == "illegal address"
    with pytest.raises(FakeCudaError):
        backend.synchronize(backend.create_event())


def test_fake_backend_refuses_other_kernels_and_unknown_functions():
    backend = FakeBackend()
    with pytest.raises(TypeError, match="FakeKernel"):
        backend.launcher(object(), 1, 1, (), 0)
    module = backend.compile(compile_request("__global__ void axpy() {}", None, (), None, ()))
    assert module.get_function("axpy").name == "axpy"
    with pytest.raises(KeyError, match="no kernel named 'scale'"):
        module.get_function("scale")


def test_numba_dispatcher_detection_does_not_import_numba():
    assert not is_numba_dispatcher(FakeKernel(1.0))
    assert not is_numba_dispatcher({})


def _raised_in_module(module_name: str) -> BaseException:
    try:
        exec(compile("import numpy\nnumpy.row_stack_removed_in_2_5\n", "m.py", "exec"), {"__name__": module_name})
    except AttributeError as exc:
        return exc
    raise AssertionError("the module's code did not raise")


def test_only_an_import_inside_a_gpu_library_is_a_library_import_failure():
    from pytest_gpuperf.backends import library_import_failure

    message = library_import_failure(_raised_in_module("numba.cuda.np.arrayobj"))
    assert message is not None and message.startswith("importing numba.cuda.np.arrayobj failed (AttributeError: ")
    assert "numpy " in message  # the installed versions, which say why
    assert library_import_failure(_raised_in_module("user_kernels")) is None
    assert library_import_failure(ValueError("no traceback")) is None


def test_the_library_module_named_is_the_innermost_one_being_imported():
    # on the H100 with NumPy 2.5: numba.cuda.fp16 imported numba.cuda.np.arrayobj, whose code raised
    from pytest_gpuperf.backends import library_import_failure

    nested = "exec(compile('import numpy\\nnumpy.row_stack_removed_in_2_5', 'a.py', 'exec'), " \
             "{'__name__': 'numba.cuda.np.arrayobj'})"
    try:
        exec(compile(nested, "fp16.py", "exec"), {"__name__": "numba.cuda.fp16"})
    except AttributeError as exc:
        assert library_import_failure(exc).startswith("importing numba.cuda.np.arrayobj failed")
    else:
        raise AssertionError("the nested import did not raise")
