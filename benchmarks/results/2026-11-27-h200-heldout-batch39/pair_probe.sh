#!/bin/bash
# Neighbouring shared accesses nvcc issues as one: SASS (cuobjdump) and ncu's shared wavefronts per request.
# Run from the repository root on a GPU machine: bash benchmarks/results/2026-11-27-h200-heldout-batch39/pair_probe.sh
set -e
D=$(dirname "$0"); T=$(mktemp -d)
nvcc -O3 -arch=sm_90 -lineinfo -o $T/pair_probe $D/pair_probe.cu
cuobjdump -sass $T/pair_probe | grep -E "Function|STS|LDS"
ncu --metrics smsp__sass_inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum $T/pair_probe
