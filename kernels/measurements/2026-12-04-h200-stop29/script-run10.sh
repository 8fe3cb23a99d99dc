#!/usr/bin/env bash
# Run 10 (stop 29): run 7 again after the residency and tile variants share one
# launcher (variant_launcher, a5ace2a): swz-bench --tune, its variants through
# the shipped dispatch (with_fast_kernel): every variant runs and its
# output matches, on shapes of every kernel (aligned, input, output or both
# realigned; the large-halves and tall-halves plans), every size, one round.
set -u
B=$PWD/build-carry; O=/tmp/run10; mkdir -p $O; save() { tar czf $OUT/run10.tar.gz -C /tmp run10; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
H=8192x8192,8191x8193,8193x8192,8192x8193,8192x8192:8200:8200,100000x96,524288x256,1000x1000
timeout 300 /tmp/swz-bench-new --tune --shapes $H --repeats 20 --json $O/tune.json > $O/tune.txt 2>&1; echo "tune: exit $?"
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys
O=sys.argv[1]
print('| type | shape | shipped | ' + ' | '.join(f'plan {p}' for p in range(9)) + ' |')
for x in json.load(open(f'{O}/tune.json'))['cells']:
    c=x['copy_ms']; p=x['plan_ms']; f=lambda v: f"{100*c/v:.1f}" if v else '-'
    print(f"| {x['type']} | {x['shape']} | {f(x['swz_ms'])} | " + ' | '.join(f(p[str(i)]) for i in range(9)) + ' |')
PY
echo "cells wrong or failed: $(grep -ci "wrong\|failed" $O/tune.txt)"
save
