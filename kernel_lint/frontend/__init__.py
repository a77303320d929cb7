"""CUDA front end: preprocess, lower CUDA/C++ to C, parse with pycparser, build the kernel model."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Tuple


@dataclass(frozen=True)
class FrontendOptions:
    include_dirs: Tuple[str, ...] = ()
    defines: Mapping[str, str] = field(default_factory=dict)
