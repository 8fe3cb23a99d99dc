#!/usr/bin/env bash
# Run 3: the fast GPU tests on the refactored kernel (fill_tile and
# drain_tile as functions, the body unchanged); then --tune with the L2
# prefetch of a later tile (tune_prefetch.cu: pf-next, pf-res) beside the
# shipped kernel, on the same shapes as runs 1 and 2.
set -u
B=${B:-$PWD/build-h10}; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
date -u > $O/date.txt; cat $B/REV >> $O/date.txt; cat $O/date.txt
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv | tee $O/gpu.txt
( time timeout 90 $B/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
save
SH=8191x8193,12345x6789,6007x6007,3003x11001,16x1000x1000,100000x96,96x100000,8192x8192:8200:8200,6000x5000:6007:6011,4096x64x64,524288x256,8192x8192,16384x16384,4096x4096
( time $B/swz-bench --tune --shapes $SH --types int8,half,float,double --repeats 30 --json $O/tune.json ) > $O/tune.txt 2>&1
echo "tune: exit $?"; save
python3 - $O/tune.txt <<'PY'
import sys
print(f"{'shape':22s} {'type':6s} {'ship':>6s} | {'pf-next':>7s} {'pf-res':>7s}")
for l in open(sys.argv[1]):
    p = l.split()
    if len(p) > 20 and p[0] == 'given':
        print(f"{p[1]:22s} {p[2]:6s} {p[7]:>6s} | {p[-5]:>7s} {p[-4]:>7s}")
PY
