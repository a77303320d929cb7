#!/usr/bin/env bash
# Every GPU measurement the repository quotes, in one run, on a machine with a GPU, nvcc and ncu:
#     benchmarks/measure_all.sh OUTDIR
# Writes OUTDIR/log.txt and the tables of each script; a failing step is logged and the rest still run.
# STEPS="examples occupancy" runs only the steps named; GPUPERF_ARGS adds options to the examples run.
set -u
out=${1:?usage: benchmarks/measure_all.sh OUTDIR}
mkdir -p "$out"
export PYTHONUNBUFFERED=1
step() {  # step SECONDS NAME COMMAND...: run with a time limit and log the exit status
    local limit=$1 name=$2; shift 2
    case " ${STEPS:-$name} " in *" $name "*) ;; *) return ;; esac
    echo "=== $name ($(date -u +%FT%TZ))"
    timeout "$limit" "$@"
    echo "=== $name: exit $?"
}
{
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.sm,power.limit --format=csv
    nvcc --version | tail -n 2
    python3 -c 'import cupy, numba; print("cupy", cupy.__version__, "cuda runtime", cupy.cuda.runtime.runtimeGetVersion(), "numba", numba.__version__)'
    step 120 gpu-backends python3 -m pytest -q -p no:cacheprovider --gpuperf tests/gpuperf/test_gpu_backends.py
    step 300 examples python3 -m pytest -q -p no:cacheprovider --gpuperf examples \
        --gpuperf-json "$out/results.json" ${GPUPERF_ARGS:-}
    step 90 occupancy python3 benchmarks/occupancy_vs_cuda.py --out "$out"
    step 60 shared-wavefronts python3 benchmarks/shared_wavefronts.py --out "$out"
    step 300 ncu-validation python3 benchmarks/validate_with_ncu.py all --out "$out/fixtures"
    step 600 ncu-heldout python3 benchmarks/validate_with_ncu.py all --manifest benchmarks/heldout/manifest.json \
        --split test3 --split test2 --split test --split dev --budget-s 540 --out "$out/heldout"
    # batches 4-6 are cuda-samples files fetched by commit, not committed (benchmarks/heldout/fetch.py)
    step 120 fetch-heldout python3 benchmarks/heldout/fetch.py
    step 600 ncu-heldout-fetched python3 benchmarks/validate_with_ncu.py all --manifest benchmarks/heldout/manifest.json \
        --split test6 --split test5 --split test4 --budget-s 540 --out "$out/heldout-fetched"
    step 240 timing-agreement python3 benchmarks/timing_agreement.py --out "$out"
} 2>&1 | tee "$out/log.txt"
