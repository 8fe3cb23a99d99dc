#!/usr/bin/env bash
# Run 3 (stop 32; prepared, not yet run): the build to merge (swz-bench and
# swz-gpu-tests of issue-10-stop32-narrow, or of its tall experiment if run
# 2 keeps it): the GPU tests [narrow], memcheck on [narrow]~[large],
# swz-bench on the narrow shapes (copy and the anchors), and Nsight Compute
# on six cells as in run 1 and on three of the fast kernel's weakest
# suite cells (int8 and half odd shapes). Build first, at the head to merge:
#   cmake --build build-h10 --target swz-bench swz-gpu-tests -j2, then gzip
#   both into build-carry/swz-bench-new.gz and build-carry/swz-gpu-tests.gz.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[narrow]" ) > $O/gpu-tests-narrow.log 2>&1; echo "gpu tests [narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-narrow.log | tail -2
( time timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"; save
S_int8=1000000x3,1000001x3,1000000x8,1000000x16,3x1000000,3x1000001,8x1000000,12x1000000
S_half=1000000x3,1000001x3,1000000x8,3x1000000,3x1000001,8x1000000
S_float=1000000x3,1000001x3,1000000x8,3x1000000,3x1000001,8x1000000
S_double=1000000x3,1000001x3,1000000x4,3x1000000,3x1000001,8x1000000
for t in int8 half float double; do
  v=S_$t; timeout 120 /tmp/swz-bench-new --types $t --shapes ${!v} --json $O/bench-$t.json > $O/bench-$t.txt 2>&1 || echo "bench $t: exit $?"
done; save
M=gpu__time_duration.sum,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
for c in int8:1000000x16 int8:12x1000000 half:1000000x8 half:8x1000000 float:8x1000000 double:8x1000000; do
  t=${c%%:*}; s=${c#*:}
  timeout 100 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:narrow_transpose_kernel \
    --launch-skip 3 --launch-count 1 --metrics $M --section WarpStateStats --csv --page raw /tmp/swz-bench-new --shapes $s --types $t --repeats 3 > $O/ncu-$t-$s.csv 2> $O/ncu-$t-$s.err
  echo "ncu $t $s: exit $?"
done; save
# The fast kernel's weakest suite cells, for the same question: does it
# wait on instruction fetch too (its code is 5900-7900 SASS instructions)?
for c in int8:12345x6789 int8:8191x8193 half:12345x6789; do
  t=${c%%:*}; s=${c#*:}
  timeout 100 ncu --clock-control none --kernel-name-base demangled --kernel-name regex:fast_transpose_kernel \
    --launch-skip 3 --launch-count 1 --metrics $M --section WarpStateStats --csv --page raw /tmp/swz-bench-new --shapes $s --types $t --repeats 3 > $O/ncu-fast-$t-$s.csv 2> $O/ncu-fast-$t-$s.err
  echo "ncu fast $t $s: exit $?"
done; save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json, sys, glob, csv, re
O = sys.argv[1]
print('| type | shape | swz % of copy | geam | Lt |')
for f in sorted(glob.glob(f'{O}/bench-*.json')):
    t = f.split('/')[-1][6:-5]
    for x in json.load(open(f))['cells']:
        pc = lambda k: f"{100 * x['copy_ms'] / x[k]:.1f}" if x.get(k) else '-'
        print(f"| {t} | {x['shape']} | {pc('swz_ms')} | {pc('geam_ms')} | {pc('lt_ms')} |")
for f in sorted(glob.glob(f'{O}/ncu-*.csv')):
    rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    if len(rows) < 3: print(f, 'no rows'); continue
    h, v = rows[0], rows[2]
    g = lambda k: v[h.index(k)] if k in h else '?'
    st = sorted([(float(v[i].replace(',', '')), k.split('stalled_')[1].split('_per')[0]) for i, k in enumerate(h)
                 if 'issue_stalled' in k and k.endswith('per_issue_active.ratio') and re.match(r'^[\d\.,]+$', v[i])], reverse=True)[:3]
    print(f.split('/')[-1][4:-4], g('gpu__time_duration.sum'), 'ns', g('smsp__inst_executed.sum'), 'inst',
          g('launch__registers_per_thread'), 'regs', g('smsp__issue_active.avg.pct_of_peak_sustained_active'), 'issue%', st)
PY
save
