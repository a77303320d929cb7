from __future__ import annotations

import pytest

from pytest_gpuperf.options import OPTIONS, Settings, argparse_type, forwarded_arguments, resolve, settings_from


def _values(**overrides):
    values = {spec.ini: spec.default for spec in OPTIONS}
    values.update(overrides)
    return values


def test_every_option_has_a_gpuperf_ini_name_and_a_settings_field():
    assert len({spec.ini for spec in OPTIONS}) == len(OPTIONS) == len(Settings.__dataclass_fields__)
    assert all(spec.ini.startswith("gpuperf") and spec.flag.startswith("--gpuperf") for spec in OPTIONS)


def test_command_line_beats_ini_beats_default():
    noise = next(spec for spec in OPTIONS if spec.ini == "gpuperf_noise")
    assert resolve(noise, 2.0, "1.0") == 2.0
    assert resolve(noise, None, "1.0") == 1.0
    assert resolve(noise, None, None) == 0.5


@pytest.mark.parametrize("ini, text, message", [
    ("gpuperf_noise", "abc", "could not convert"),
    ("gpuperf_noise", "-1", "positive number"),
    ("gpuperf_min_samples", "0", "positive integer"),
    ("gpuperf", "maybe", "true/false"),
    ("gpuperf_backend", "opencl", "expected one of auto, cupy, numba, fake"),
])
def test_bad_ini_values_name_the_option(ini, text, message):
    spec = next(spec for spec in OPTIONS if spec.ini == ini)
    with pytest.raises(ValueError, match=f"ini option {ini}: .*{message}"):
        resolve(spec, None, text)


def test_argparse_type_turns_value_errors_into_usage_errors():
    import argparse

    noise = next(spec for spec in OPTIONS if spec.ini == "gpuperf_noise")
    with pytest.raises(argparse.ArgumentTypeError):
        argparse_type(noise)("-3")


def test_inconsistent_limits_are_refused():
    with pytest.raises(ValueError, match="min-samples is larger"):
        settings_from(_values(gpuperf_min_samples=50, gpuperf_max_samples=10))
    with pytest.raises(ValueError, match="min-time is larger"):
        settings_from(_values(gpuperf_min_time=5.0, gpuperf_max_time=1.0))


def test_child_runs_get_the_measuring_settings_but_not_the_outputs():
    settings = settings_from(_values(gpuperf=True, gpuperf_backend="fake", gpuperf_isolate=True,
                                     gpuperf_json="x.json", gpuperf_compare="main"))
    arguments = forwarded_arguments(settings)
    assert "--gpuperf" in arguments and "--gpuperf-backend=fake" in arguments
    assert "--gpuperf-compare=main" in arguments
    assert not any(a.startswith(("--gpuperf-isolate", "--gpuperf-json", "--gpuperf-sim")) for a in arguments)
