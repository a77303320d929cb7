"""Device description, fingerprint and NVML clock readings (NVML is optional)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True)
class DeviceInfo:
    name: str
    compute_capability: str
    sm_count: int
    memory_bytes: int
    sm_clock_mhz: Optional[float]
    memory_clock_mhz: Optional[float]
    driver_version: str
    cuda_version: str
    l2_bytes: int
    pci_bus_id: Optional[str] = None
    spec: Any = field(default=None, compare=False)

    @property
    def peak_bandwidth_gbps(self) -> Optional[float]:
        return getattr(self.spec, "memory_bandwidth_gbps", None)

    @property
    def peak_fp32_gflops(self) -> Optional[float]:
        return getattr(self.spec, "peak_fp32_gflops", None)

    @property
    def fingerprint(self) -> str:
        """GPU name, SM count, driver and CUDA version: what makes timings comparable.

        The device index is left out on purpose: the same GPU model in slot 0 or 3 compares.
        """
        raw = f"{self.name}_sm{self.sm_count}_driver{self.driver_version}_cuda{self.cuda_version}"
        return re.sub(r"[^A-Za-z0-9.]+", "-", raw).strip("-")

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "compute_capability": self.compute_capability,
            "sm_count": self.sm_count,
            "memory_bytes": self.memory_bytes,
            "sm_clock_mhz": self.sm_clock_mhz,
            "memory_clock_mhz": self.memory_clock_mhz,
            "driver_version": self.driver_version,
            "cuda_version": self.cuda_version,
            "l2_bytes": self.l2_bytes,
            "pci_bus_id": self.pci_bus_id,
            "peak_bandwidth_gbps": self.peak_bandwidth_gbps,
            "peak_fp32_gflops": self.peak_fp32_gflops,
            "fingerprint": self.fingerprint,
        }


def lookup_spec(device_name: str) -> Any:
    """The kernel_lint GPU table entry for this device name, or None when unknown."""
    try:
        from kernel_lint.gpus import lookup_by_device_name
    except ImportError:
        return None
    return lookup_by_device_name(device_name)


def matches_gpu_key(device_name: str, key: str) -> bool:
    """per_gpu keys match as a case-insensitive substring of the device name ("H100")."""
    return key.lower() in device_name.lower()


def nvml_driver_version() -> Optional[str]:
    """The display driver version ("580.65.06") from NVML, or None without NVML."""
    try:
        import pynvml

        pynvml.nvmlInit()
        version = pynvml.nvmlSystemGetDriverVersion()
    except Exception:  # nvidia-ml-py missing or no driver
        return None
    return version.decode() if isinstance(version, bytes) else str(version)


@dataclass(frozen=True)
class ClockReading:
    sm_mhz: Optional[float]
    throttle_reason: Optional[str] = None


# NVML throttle ("clocks event") reasons that mean the hardware slowed the SM down.
_THROTTLE_BITS = {
    0x8: "hw-slowdown",
    0x20: "sw-thermal",
    0x40: "hw-thermal",
    0x80: "hw-power-brake",
}


def throttle_reason_from_mask(mask: int) -> Optional[str]:
    names = [name for bit, name in _THROTTLE_BITS.items() if mask & bit]
    return ",".join(names) if names else None


class ClockReader:
    """SM clock per sample: NVML when nvidia-ml-py is installed, else the device's nominal clock."""

    def __init__(self, pci_bus_id: Optional[str], fallback_mhz: Optional[float]):
        self.fallback_mhz = fallback_mhz
        self.source = "device-attribute"
        self._nvml = None
        self._handle = None
        if pci_bus_id:
            self._open_nvml(pci_bus_id)

    def _open_nvml(self, pci_bus_id: str) -> None:
        try:
            import pynvml

            pynvml.nvmlInit()
            self._handle = pynvml.nvmlDeviceGetHandleByPciBusId(pci_bus_id)
            self._nvml = pynvml
            self.source = "nvml"
        except Exception:  # NVML missing or not matching this device: fall back quietly
            self._nvml = None

    def read(self) -> ClockReading:
        if self._nvml is None:
            return ClockReading(sm_mhz=self.fallback_mhz)
        nvml = self._nvml
        sm = float(nvml.nvmlDeviceGetClockInfo(self._handle, nvml.NVML_CLOCK_SM))
        # "clocks event reasons" is the newer name of the same NVML call
        reasons = getattr(nvml, "nvmlDeviceGetCurrentClocksEventReasons", None) or \
            nvml.nvmlDeviceGetCurrentClocksThrottleReasons
        try:
            mask = reasons(self._handle)
        except Exception:  # not supported on this GPU: the clock rule still applies
            mask = 0
        return ClockReading(sm_mhz=sm, throttle_reason=throttle_reason_from_mask(mask))
