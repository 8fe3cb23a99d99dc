#!/usr/bin/env bash
# Run 5 (stop 34): main's head (bac9343, kernels of 6-8 columns or rows
# held to 64 registers) built on the CPU machine (Release, without Z3) as
# build-carry/swz-bench-new.gz and build-carry/swz-gpu-tests.gz, and
# narrow_ab.cu (../2026-12-04-h200-stop32) at main's head
# (build-carry/narrow-ab-head.gz) and with the kernels of more than 8
# columns or rows held to 3 blocks an SM, 80 registers (cap3.diff on
# bac9343; build-carry/narrow-ab-cap3.gz; they spill 72-128 bytes).
# 1. cap3 against the head, three rounds in alternating order, on the int8
#    cells it changes (and two it does not, as a control).
# 2. The head's GPU tests: [narrow], memcheck on [narrow]~[large], all.
# 3. swz-bench on run 4's narrow shapes (copy and the anchors).
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
for b in head cap3; do gunzip -c $B/narrow-ab-$b.gz > /tmp/narrow-ab-$b; chmod +x /tmp/narrow-ab-$b; done
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
AB="int8:1000000x9 int8:1000000x12 int8:1000001x12 int8:1000000x16 int8:1000001x16 int8:4000000x16 int8:4000000x12 int8:9x1000000 int8:12x1000000 int8:12x1000001 int8:12x4000000 int8:1000000x8 int8:8x1000000"
k=0; for b in head cap3 cap3 head head cap3; do k=$((k+1)); timeout 40 /tmp/narrow-ab-$b $AB > $O/ab-$b-$k.txt 2>&1 || echo "ab $b $k: exit $?"; done; save
grep -l WRONG $O/ab-*.txt
python3 - $O <<'PY' | tee $O/summary-ab.txt
import sys, glob, statistics
O = sys.argv[1]
cells = {}
for f in sorted(glob.glob(f'{O}/ab-*.txt')):
    b = f.split('/')[-1].split('-')[1]
    for l in open(f):
        x = l.split()
        if len(x) == 6: cells.setdefault((x[0], x[1]), {}).setdefault(b, []).append((float(x[4]), x[5]))
print('| type | shape | head | cap3 | cap3 - head (medians) |')
print('| --- | --- | ---: | ---: | ---: |')
for (t, s), c in cells.items():
    f = lambda b: ' / '.join(f'{p:.0f}' + ('' if ok == 'ok' else ' WRONG') for p, ok in c.get(b, [])) or '-'
    m = lambda b: statistics.median(p for p, _ in c.get(b, [(0, '')]))
    print(f'| {t} | {s} | {f("head")} | {f("cap3")} | {m("cap3") - m("head"):+.0f} |')
PY
save
( time timeout 100 /tmp/swz-gpu-tests "[narrow]" ) > $O/gpu-tests-narrow.log 2>&1; echo "gpu tests [narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-narrow.log | tail -2
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"; save
( time timeout 150 /tmp/swz-gpu-tests ) > $O/gpu-tests-all.log 2>&1; echo "gpu tests (all): exit $?"; grep -E "passed|failed" $O/gpu-tests-all.log | tail -2
save
S_int8=1000000x3,1000001x3,1000000x5,1000000x8,1000000x12,1000000x16,16000000x3,4000000x16,3x1000000,3x1000001,5x1000000,8x1000000,12x1000000,12x1000001,3x16000000,12x4000000
S_half=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,8x1000000,8x1000001,8x4000000
S_float=1000000x3,1000001x3,1000000x8,1000001x8,4000000x8,3x1000000,3x1000001,6x1000000,8x1000000,8x1000001,8x4000000
S_double=1000000x3,1000001x3,1000000x4,1000001x4,4000000x4,3x1000000,3x1000001,8x1000000,8x1000001,8x2000000
for t in int8 half float double; do
  v=S_$t; timeout 60 /tmp/swz-bench-new --types $t --shapes ${!v} --json $O/bench-$t.json > $O/bench-$t.txt 2>&1 || echo "bench $t: exit $?"
done; save
grep -h given $O/bench-*.txt
