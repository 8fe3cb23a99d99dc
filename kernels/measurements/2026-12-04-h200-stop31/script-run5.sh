#!/usr/bin/env bash
# Run 5 (stop 31): the narrow kernel whose wide form exchanges chunks between
# lanes so that each store writes whole lines: every GPU test, memcheck
# on [narrow]~[large]; swz-bench --tune on narrow shapes of every size
# (the "other order" column is the fast kernel, unpacked, in whole
# columns), one round; no suite (the fast kernels compile to the same cubins).
# Built with wider bounds for wide matrices (int8 16 rows, the others 8),
# to see where the exchange keeps it ahead of the fast kernel.
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 150 /tmp/swz-gpu-tests "[narrow]" ) > $O/gpu-tests-narrow.log 2>&1; echo "gpu tests [narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-narrow.log | tail -2
save
T1=16x8000000,16x1000000,6x1000000,1000000x1,1000000x2,1000000x3,1000000x4,1000000x8,1000000x12,1000000x16,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,8x1000000,12x1000000,100000x3,3x100000,16000000x3,3x16000000
T2=8x1000000,5x1000000,1000000x1,1000000x2,1000000x3,1000000x4,1000000x6,1000000x8,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,6x1000000,100000x3,3x100000,16000000x3,3x16000000
T8=8x2000000,5x1000000,6x1000000,8x1000000,1000000x1,1000000x2,1000000x3,1000000x4,1000001x3,3x1000001,1x1000000,2x1000000,3x1000000,4x1000000,100000x3,3x100000,8000000x3,3x8000000
for t in int8:$T1 half:8x8000000,$T2 float:8x4000000,$T2 double:$T8; do
  timeout 120 /tmp/swz-bench-new --tune --types ${t%%:*} --shapes ${t#*:} --json $O/tune-${t%%:*}.json > $O/tune-${t%%:*}.txt 2>&1 || echo "tune $t: exit $?"
done; save
( time timeout 200 /tmp/swz-gpu-tests "~[large]~[narrow]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests ~[large]~[narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
( time timeout 150 /tmp/swz-gpu-tests "[large]~[narrow]" ) > $O/gpu-tests-large.log 2>&1; echo "gpu tests [large]~[narrow]: exit $?"; grep -E "passed|failed" $O/gpu-tests-large.log | tail -2
save
( time timeout 120 compute-sanitizer --tool memcheck --error-exitcode 3 /tmp/swz-gpu-tests "[narrow]~[large]" ) > $O/memcheck.log 2>&1
echo "memcheck [narrow]~[large]: exit $? $(grep -E 'ERROR SUMMARY' $O/memcheck.log)"
save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| type | shape | narrow | fast (other order) | geam | Lt |')
for f in sorted(glob.glob(f'{O}/tune-*.json')):
    t=f.split('/')[-1][5:-5]
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; pc=lambda k: f"{100*c/x[k]:.1f}" if x.get(k) else '-'
        print(f"| {t} | {x['shape']} | {pc('swz_ms')} | {pc('other_band_ms')} | {pc('geam_ms')} | {pc('lt_ms')} |")
PY
save
