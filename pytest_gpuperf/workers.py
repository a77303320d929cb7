"""pytest-xdist: one GPU per worker."""
from __future__ import annotations

import re
from typing import List, Mapping, Optional


def visible_devices(environ: Mapping[str, str]) -> List[str]:
    """The GPUs this run may use: CUDA_VISIBLE_DEVICES when set, else every GPU NVML sees."""
    listed = environ.get("CUDA_VISIBLE_DEVICES")
    if listed is not None:
        return [d.strip() for d in listed.split(",") if d.strip()]
    return [str(i) for i in range(nvml_device_count())]


def nvml_device_count() -> int:
    try:
        import pynvml

        pynvml.nvmlInit()
        return int(pynvml.nvmlDeviceGetCount())
    except Exception:  # no NVML, no driver: nothing to pin to
        return 0


def worker_index(worker_id: str) -> Optional[int]:
    match = re.fullmatch(r"gw(\d+)", worker_id)
    return int(match.group(1)) if match else None


def device_for_worker(worker_id: str, devices: List[str]) -> Optional[str]:
    """gw0 -> first visible GPU, gw1 -> second, ... (wrapping when workers outnumber GPUs)."""
    index = worker_index(worker_id)
    if index is None or not devices:
        return None
    return devices[index % len(devices)]
