#!/usr/bin/env bash
# Run 4 (stop 34): main after the narrow kernel's merge (99fb6b7), on an
# H200. Built on the CPU machine (Release, without Z3):
#   cmake --build build-h10 --target swz-bench swz-gpu-tests -j2, gzipped to
#   build-carry/swz-bench-new.gz and build-carry/swz-gpu-tests.gz;
#   narrow_ab.cu (../2026-12-04-h200-stop32) built at main's head as
#   build-carry/narrow-ab-tall.gz (its cubin is byte-identical to stop 32's
#   tall experiment, 9ad2a5d) and at issue-10-stop34-cap (c760a8b) as
#   build-carry/narrow-ab-cap.gz.
# 1. The register cap (kernels of up to 8 columns or rows at 64 registers)
#    against main, three rounds in alternating order, run 2's shapes.
# 2. GPU tests [narrow], memcheck on [narrow]~[large].
# 3. swz-bench on the narrow shapes (copy and the anchors), then the default
#    suite, then the whole GPU test binary.
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for b in tall cap; do gunzip -c $B/narrow-ab-$b.gz > /tmp/narrow-ab-$b; chmod +x /tmp/narrow-ab-$b; done
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
S_int8=1000000x3,1000001x3,1000000x5,1000000x8,1000000x12,1000000x16,16000000x3,4000000x16,3x1000000,3x1000001,5x1000000,8x1000000,12x1000000,12x1000001,3x16000000,12x4000000
S_half=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,8x1000000,8x1000001,8x4000000
S_float=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,6x1000000,8x1000000,8x1000001,8x4000000
S_double=1000000x3,1000001x3,1000000x4,1000001x4,4000000x4,3x1000000,3x1000001,8x1000000,8x1000001,8x2000000
AB=""; for t in int8 half float double; do v=S_$t; for x in ${!v//,/ }; do AB="$AB $t:$x"; done; done
k=0; for b in tall cap cap tall tall cap; do k=$((k+1)); timeout 60 /tmp/narrow-ab-$b $AB > $O/ab-$b-$k.txt 2>&1 || echo "ab $b $k: exit $?"; done; save
grep -l WRONG $O/ab-*.txt
python3 - $O <<'PY' | tee $O/summary-ab.txt
import sys, glob, statistics
O = sys.argv[1]; V = ['tall', 'cap']
cells = {}
for f in sorted(glob.glob(f'{O}/ab-*.txt')):
    b = f.split('/')[-1].split('-')[1]
    for l in open(f):
        x = l.split()
        if len(x) == 6: cells.setdefault((x[0], x[1]), {}).setdefault(b, []).append((float(x[4]), x[5]))
print('| type | shape | tall (main) | cap | cap - main (medians) |')
print('| --- | --- | ---: | ---: | ---: |')
for (t, s), c in cells.items():
    f = lambda b: ' / '.join(f'{p:.0f}' + ('' if ok == 'ok' else ' WRONG') for p, ok in c.get(b, [])) or '-'
    m = lambda b: statistics.median(p for p, _ in c.get(b, [(0, '')]))
    print(f'| {t} | {s} | {f("tall")} | {f("cap")} | {m("cap") - m("tall"):+.0f} |')
PY
save
( time timeout 100 /tmp/swz-gpu-tests "[narrow]" ) > $O/gpu-tests-narrow.log 2>&1; echo "gpu tests [narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-narrow.log | tail -2
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"; save
for t in int8 half float double; do
  v=S_$t; timeout 60 /tmp/swz-bench-new --types $t --shapes ${!v} --json $O/bench-$t.json > $O/bench-$t.txt 2>&1 || echo "bench $t: exit $?"
done; save
timeout 150 /tmp/swz-bench-new --json $O/suite.json > $O/suite.txt 2>&1 || echo "suite: exit $?"; save
tail -4 $O/suite.txt
( time timeout 150 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2
save
