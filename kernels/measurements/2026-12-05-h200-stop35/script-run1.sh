#!/usr/bin/env bash
# Run 1 (stop 35): the L2 bulk prefetch prototype (branch
# issue-10-stop35-prefetch) against main, on an H200. Built on the CPU
# machine (nvcc 13.0, sm_90, Release, without Z3) and carried:
#   build-carry/swz-bench-pf.gz     the prototype's (cmake --build build-pf --target swz-bench)
#   build-carry/narrow-ab-move.gz   narrow_ab.cu at main's head (beb28c7)
#   build-carry/narrow-ab-pf.gz     narrow_ab.cu with the prototype
#   build-carry/swz-gpu-tests-pf.gz the prototype's GPU tests
# The prototype's kernels prefetch the input of the block (or warp) SWZ_PF
# halves of the resident ones ahead into the L2 (cp.async.bulk.prefetch);
# SWZ_PF=0 runs them without prefetching. Variants: main, pf0, pf1, pf2,
# pf4 (swz-bench: pf0 stands for main, as both binaries would not fit the
# device's 64 MiB carry); two rounds, the second in reverse order.
# 1. narrow_ab on the large narrow cells. 2. swz-bench on the fast kernel's
# weak suite cells and controls. Summary: ../tools/ab_summary.py.
set -u
B=$PWD/build-carry; T=$PWD/kernels/measurements/tools; O=/tmp/run1; mkdir -p $O
save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
for b in move pf; do gunzip -c $B/narrow-ab-$b.gz > /tmp/narrow-ab-$b; chmod +x /tmp/narrow-ab-$b; done
for b in pf; do gunzip -c $B/swz-bench-$b.gz > /tmp/swz-bench-$b; chmod +x /tmp/swz-bench-$b; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
run_variant() {  # variant, binary kind (ab|bench), round, args...
    local v=$1 kind=$2 k=$3; shift 3
    local env=0 bin
    case $v in main) bin=main;; pf*) bin=pf; env=${v#pf};; esac
    if [ $kind = ab ]; then
        [ $bin = main ] && bin=move
        SWZ_PF=$env timeout 60 /tmp/narrow-ab-$bin "$@" > $O/ab-$v-$k.txt 2>&1 || echo "ab $v $k: exit $?"
    else
        [ $bin = main ] && bin=new
        local t=$1; shift
        SWZ_PF=$env timeout 90 /tmp/swz-bench-$bin --types $t --shapes "$1" --json $O/bench-$v-$k-$t.json > $O/bench-$v-$k-$t.txt 2>&1 || echo "bench $v $k $t: exit $?"
    fi
}
AB="int8:4000000x16 int8:12x4000000 int8:1000001x16 int8:12x1000001 int8:16000000x3 int8:3x16000000 half:4000000x8 half:8x4000000 half:8x1000001 float:4000000x8 float:8x4000000 double:4000000x4 double:8x2000000"
V1="main pf0 pf1 pf2 pf4"; V2="pf4 pf2 pf1 pf0 main"
for v in $V1; do run_variant $v ab 1 $AB; done
for v in $V2; do run_variant $v ab 2 $AB; done
save; grep -l WRONG $O/ab-*.txt
python3 $T/ab_summary.py $O main $V1 | tee $O/summary-narrow.txt
S_int8=8191x8193,12345x6789,8192x8192:8200:8200,16x1000x1000,2048x2048,4096x4096,16384x16384,524288x256,96x100000
S_half=8191x8193,12345x6789,1024x1024,4096x4096,100000x96
S_float=8191x8193,1048576x64,96x100000
S_double=12345x6789,1024x1024,16384x16384
B1="pf0 pf1 pf2 pf4"; B2="pf4 pf2 pf1 pf0"
for k in 1 2; do
    V=$B1; [ $k = 2 ] && V=$B2
    for v in $V; do for t in int8 half float double; do s=S_$t; run_variant $v bench $k $t ${!s}; done; done
    save
done
mkdir -p $O/ab-only; mv $O/ab-*.txt $O/ab-only/
python3 $T/ab_summary.py $O pf0 $B1 | tee $O/summary-fast.txt
save
# 3. The prototype's GPU tests with a prefetch a wave ahead (a hint cannot
#    change an output; this checks that no prefetch faults).
gunzip -c $B/swz-gpu-tests-pf.gz > /tmp/swz-gpu-tests-pf; chmod +x /tmp/swz-gpu-tests-pf
( time SWZ_PF=2 timeout 150 /tmp/swz-gpu-tests-pf "[fast],[narrow]" ) > $O/gpu-tests-pf2.log 2>&1; echo "gpu tests pf2: exit $?"
grep -E "passed|failed" $O/gpu-tests-pf2.log | tail -2; save
