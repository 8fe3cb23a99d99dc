#!/usr/bin/env bash
# Run 2 (stop 51): main's GPU check (scripts/gpu_check.sh) at 7c4f852, on
# the GPU machine itself: the kernels and their tests built for sm_90
# without Z3 (Catch2's header carried in .deps/), the CPU tests, every GPU
# test once, memcheck on [sanitize], racecheck on [sanitize]~[exhaustive].
# Stop 50 rewrote model/ headers the kernels include (bank_model.hpp,
# pow2.hpp, the article's layout); this runs them on a GPU.
# Run through the device tool from the repository root, carrying .deps.
SWZ_RESULTS=$OUT timeout 550 bash scripts/gpu_check.sh; echo "gpu_check: exit $?"
