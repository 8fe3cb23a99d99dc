#!/usr/bin/env bash
# Run 2 (stop 26): raw boxes from the aligned byte before each tile row piece,
# shifted by the gather (output rows aligned); the probe times an int8
# transpose of the interior tiles through interleaved tensor views against
# cudaMemcpy and swz::transpose in the same process.
set -u
D=kernels/measurements/2026-12-03-h200-stop26; O=/tmp/run2; mkdir -p $O; save() { tar czf $OUT/run2.tar.gz -C /tmp run2; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
nvcc -std=c++20 -O3 -arch=sm_90 -I kernels/include -I model -o /tmp/probe $D/tma_interleaved_probe.cu > $O/build.txt 2>&1; echo "build $?"
timeout 200 /tmp/probe > $O/probe.txt 2>&1; echo "probe exit $?" >> $O/probe.txt; cat $O/probe.txt; save
