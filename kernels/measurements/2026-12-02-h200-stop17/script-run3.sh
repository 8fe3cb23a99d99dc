#!/usr/bin/env bash
# Run 3: the branch with halves realigning output rows at 4 blocks per SM
# (swz-bench-new2, b4a... "halves ... 4 blocks per SM"), and the same with
# evict-first (.cs) loads and stores everywhere (swz-bench-st), against
# main, on odd, square, tall, wide and batched shapes; --tune of the
# aligned kernels on two squares.
set -u
M=${M:-kernels/measurements/2026-12-02-h200-stop17}; export BIN=${BIN:-/tmp/bin}
O=/tmp/r3; mkdir -p $O; save() { tar czf $OUT/r3.tar.gz -C /tmp r3; }
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee $O/gpu.txt
SH=12345x6789,8191x8193,6007x6007,8193x8192,8192x8193,6000x5000:6007:6011,8192x8192,16384x16384,4096x4096,1048576x64,524288x256,64x1048576,16x1000x1000
( time bash $M/cmpn.sh $O $SH int8,half,float,double 2 swz-bench-base swz-bench-new2 swz-bench-st ) > $O/ab.txt 2>&1; cat $O/ab.txt; save
( time $BIN/swz-bench-new2 --shapes 16384x16384,4096x4096,1048576x64,524288x256 --types int8,half,float,double --tune ) > $O/tune-new2.txt 2>&1
cut -c1-40,70-76,122-200 $O/tune-new2.txt; save
