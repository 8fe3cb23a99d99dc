#!/usr/bin/env bash
# Run 4: the aligned int8 kernels (squares, packed tall/wide/batched) in
# four rounds: main, the branch (new2), the branch with the aligned int8
# kernels packing as before (new3: xor_permute + constant PRMT), and new3
# with their gather addresses in the cell form too (new4, an experiment).
set -u
M=${M:-kernels/measurements/2026-12-02-h200-stop17}; export BIN=${BIN:-/tmp/bin}
O=/tmp/r4; mkdir -p $O; save() { tar czf $OUT/r4.tar.gz -C /tmp r4; }
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee $O/gpu.txt
SH=4096x4096,8192x8192,16384x16384,1048576x64,64x1048576,4096x64x64,256x256x256
( time bash $M/cmpn.sh $O $SH int8,half 4 swz-bench-base swz-bench-new2 swz-bench-new3 swz-bench-new4 ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
