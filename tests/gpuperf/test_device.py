from __future__ import annotations

from pytest_gpuperf.device import ClockReader, ClockReading, DeviceInfo, matches_gpu_key, throttle_reason_from_mask


def _device(**overrides) -> DeviceInfo:
    values = dict(name="NVIDIA H100 80GB HBM3", compute_capability="9.0", sm_count=132,
                  memory_bytes=1, sm_clock_mhz=1980.0, memory_clock_mhz=2619.0, driver_version="580.65",
                  cuda_version="13.0", l2_bytes=50 << 20, pci_bus_id="00000000:01:00.0")
    values.update(overrides)
    return DeviceInfo(**values)


def test_fingerprint_names_model_sms_driver_cuda_but_not_the_slot():
    assert _device().fingerprint == "NVIDIA-H100-80GB-HBM3-sm132-driver580.65-cuda13.0"
    assert _device(pci_bus_id="00000000:9A:00.0").fingerprint == _device().fingerprint
    assert _device(driver_version="575.1").fingerprint != _device().fingerprint


def test_peaks_come_from_the_spec_or_are_unknown():
    class Spec:
        memory_bandwidth_gbps = 3350.0
        peak_fp32_gflops = 66900.0

    assert _device().peak_bandwidth_gbps is None
    assert _device(spec=Spec()).peak_bandwidth_gbps == 3350.0
    assert _device(spec=Spec()).to_dict()["peak_fp32_gflops"] == 66900.0


def test_gpu_key_matching_is_a_case_insensitive_substring():
    assert matches_gpu_key("NVIDIA H100 80GB HBM3", "h100")
    assert not matches_gpu_key("NVIDIA H100 80GB HBM3", "A100")


def test_throttle_mask_names_hardware_reasons_only():
    assert throttle_reason_from_mask(0) is None
    assert throttle_reason_from_mask(0x1) is None  # GPU idle is not throttling
    assert throttle_reason_from_mask(0x40 | 0x8) == "hw-slowdown,hw-thermal"


def test_clock_reader_without_nvml_reports_the_device_clock():
    reader = ClockReader(None, 1755.0)
    assert reader.source == "device-attribute"
    assert reader.read().sm_mhz == 1755.0
    assert ClockReader("not-a-bus-id", 1.0).source == "device-attribute"


class _FakeNvml:
    """Stands in for pynvml: one GPU at 1410 MHz reporting a thermal slowdown."""

    NVML_CLOCK_SM = 1

    def nvmlInit(self):
        return None

    def nvmlSystemGetDriverVersion(self):
        return b"580.65.06"

    def nvmlDeviceGetHandleByPciBusId(self, bus_id):
        if bus_id != "0000:1B:00.0":
            raise RuntimeError("NVML_ERROR_NOT_FOUND")
        return "handle"

    def nvmlDeviceGetClockInfo(self, handle, clock):
        assert (handle, clock) == ("handle", 1)
        return 1410

    def nvmlDeviceGetCurrentClocksThrottleReasons(self, handle):
        return 0x40


def test_nvml_clock_reader_reads_clock_and_throttle(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pynvml", _FakeNvml())
    reader = ClockReader("0000:1B:00.0", 1980.0)
    assert reader.source == "nvml"
    assert reader.read() == ClockReading(sm_mhz=1410.0, throttle_reason="hw-thermal")
    assert ClockReader("0000:99:00.0", 1980.0).source == "device-attribute"


def test_driver_version_from_nvml_or_none(monkeypatch):
    import sys

    from pytest_gpuperf.device import nvml_driver_version

    monkeypatch.setitem(sys.modules, "pynvml", _FakeNvml())
    assert nvml_driver_version() == "580.65.06"
    monkeypatch.setitem(sys.modules, "pynvml", None)  # import fails
    assert nvml_driver_version() is None
