"""Every command-line option with its ini name, parser and default, in one table."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Callable, Optional, Tuple

from pytest_gpuperf.backends import BACKEND_NAMES
from pytest_gpuperf.backends.fake import DEFAULT_FAKE_DEVICE


def _bool(text: Any) -> bool:
    if isinstance(text, bool):
        return text
    value = str(text).strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"expected true/false, got {text!r}")


def _positive(convert: Callable[[Any], Any], kind: str) -> Callable[[Any], Any]:
    def parse(text: Any) -> Any:
        value = convert(text)
        if not value > 0:
            raise ValueError(f"expected a positive {kind}, got {text!r}")
        return value
    return parse


_positive_float = _positive(float, "number")
_positive_int = _positive(int, "integer")


def _backend(text: Any) -> str:
    if text not in BACKEND_NAMES:
        raise ValueError(f"expected one of {', '.join(BACKEND_NAMES)}, got {text!r}")
    return str(text)


def _text(text: Any) -> str:
    return str(text)


@dataclass(frozen=True)
class OptionSpec:
    flag: str
    ini: str
    parse: Callable[[Any], Any]
    default: Any
    help: str
    metavar: Optional[str] = None  # None for a boolean flag

    @property
    def dest(self) -> str:
        return self.ini


OPTIONS: Tuple[OptionSpec, ...] = (
    OptionSpec("--gpuperf", "gpuperf", _bool, False,
               "run GPU performance tests (tests using the gpu/gpuperf fixtures or the gpuperf marker)"),
    OptionSpec("--gpuperf-sim", "gpuperf_sim", _bool, False,
               "run numba.cuda kernels under numba's CUDA simulator, for correctness only (no timing, no budgets)"),
    OptionSpec("--gpuperf-backend", "gpuperf_backend", _backend, "auto",
               "timing backend: auto (cupy, else numba), cupy, numba, fake (simulated GPU for testing)", "NAME"),
    OptionSpec("--gpuperf-noise", "gpuperf_noise", _positive_float, 0.5,
               "stop sampling when stdev/mean falls under this many percent (default 0.5)", "PERCENT"),
    OptionSpec("--gpuperf-min-samples", "gpuperf_min_samples", _positive_int, 10,
               "take at least this many samples (default 10)", "N"),
    OptionSpec("--gpuperf-max-samples", "gpuperf_max_samples", _positive_int, 5000,
               "hard cap on samples per benchmark (default 5000)", "N"),
    OptionSpec("--gpuperf-min-time", "gpuperf_min_time", _positive_float, 0.25,
               "sample for at least this many seconds before the noise test may stop (default 0.25)", "SECONDS"),
    OptionSpec("--gpuperf-max-time", "gpuperf_max_time", _positive_float, 10.0,
               "stop sampling one benchmark after this many seconds (default 10)", "SECONDS"),
    OptionSpec("--gpuperf-clock-tolerance", "gpuperf_clock_tolerance", _positive_float, 10.0,
               "drop samples whose SM clock is this many percent under the highest clock seen (default 10)",
               "PERCENT"),
    OptionSpec("--gpuperf-regression", "gpuperf_regression", _positive_float, 5.0,
               "a slowdown beyond this many percent (and beyond the noise) fails (default 5)", "PERCENT"),
    OptionSpec("--gpuperf-save", "gpuperf_save", _text, None,
               "save the results as baseline NAME for this GPU", "NAME"),
    OptionSpec("--gpuperf-compare", "gpuperf_compare", _text, None,
               "compare against baseline NAME saved on the same kind of GPU", "NAME"),
    OptionSpec("--gpuperf-storage", "gpuperf_storage", _text, ".gpuperf",
               "directory holding baselines (default .gpuperf)", "DIR"),
    OptionSpec("--gpuperf-json", "gpuperf_json", _text, None,
               "write every result, the device and the environment to FILE as JSON", "FILE"),
    OptionSpec("--gpuperf-plot", "gpuperf_plot", _text, None,
               "write a roofline chart (achieved vs peak per kernel) into DIR (needs matplotlib)", "DIR"),
    OptionSpec("--gpuperf-isolate", "gpuperf_isolate", _bool, False,
               "run each GPU test in a fresh subprocess (a fault or hang fails only that test)"),
    OptionSpec("--gpuperf-timeout", "gpuperf_timeout", _positive_float, 300.0,
               "seconds an isolated GPU test may run before it is killed (default 300)", "SECONDS"),
    OptionSpec("--gpuperf-fake-device", "gpuperf_fake_device", _text, DEFAULT_FAKE_DEVICE,
               "device name the fake backend reports", "NAME"),
)


def argparse_type(spec: OptionSpec) -> Callable[[str], Any]:
    """Wrap a parser so argparse prints a usage error (not a traceback) on bad values."""
    def convert(text: str) -> Any:
        try:
            return spec.parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
    convert.__name__ = spec.flag
    return convert


def resolve(spec: OptionSpec, cli_value: Any, ini_value: Any) -> Any:
    """Command line beats ini beats default; ini text is parsed by the same parser."""
    if cli_value is not None:
        return cli_value
    if ini_value not in (None, "", []):
        try:
            return spec.parse(ini_value)
        except ValueError as exc:
            raise ValueError(f"ini option {spec.ini}: {exc}") from exc
    return spec.default


@dataclass(frozen=True)
class Settings:
    enabled: bool
    sim: bool
    backend: str
    noise_percent: float
    min_samples: int
    max_samples: int
    min_time_s: float
    max_time_s: float
    clock_tolerance_percent: float
    regression_percent: float
    save: Optional[str]
    compare: Optional[str]
    storage: str
    json_path: Optional[str]
    plot_dir: Optional[str]
    isolate: bool
    timeout_s: float
    fake_device: str


_FIELDS = dict(zip((s.ini for s in OPTIONS), Settings.__dataclass_fields__))


def settings_from(values: dict) -> Settings:
    """Settings from {ini name: resolved value}."""
    settings = Settings(**{_FIELDS[key]: value for key, value in values.items()})
    if settings.min_samples > settings.max_samples:
        raise ValueError("--gpuperf-min-samples is larger than --gpuperf-max-samples")
    if settings.min_time_s > settings.max_time_s:
        raise ValueError("--gpuperf-min-time is larger than --gpuperf-max-time")
    return settings


def forwarded_arguments(settings: Settings) -> list:
    """Command-line arguments that reproduce the measuring settings in an isolated child run."""
    skip = {"gpuperf_isolate", "gpuperf_json", "gpuperf_plot", "gpuperf_save"}
    arguments = []
    for spec, field_name in zip(OPTIONS, Settings.__dataclass_fields__):
        value = getattr(settings, field_name)
        if spec.ini in skip or value is None or value is False:
            continue
        arguments.append(spec.flag if value is True else f"{spec.flag}={value}")
    return arguments
