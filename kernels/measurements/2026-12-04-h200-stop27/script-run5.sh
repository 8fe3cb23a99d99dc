#!/usr/bin/env bash
# Run 5 (stop 27): the final build's whole suite, twice, for the table of
# record; its fast GPU tests first.
set -u
B=$PWD/build-carry; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
gunzip -c $B/swz-gpu-tests.gz > /tmp/swz-gpu-tests; chmod +x /tmp/swz-gpu-tests
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
( time timeout 100 /tmp/swz-gpu-tests "[fast]~[large]" ) > $O/gpu-tests-fast.log 2>&1; echo "gpu tests [fast]~[large]: exit $?"; grep -E "passed|failed" $O/gpu-tests-fast.log | tail -2
save
for r in 1 2; do
  timeout 200 /tmp/swz-bench-new --json $O/suite-$r.json > $O/suite-$r.txt 2>&1; echo "suite $r: exit $? $(grep 'at least 93' $O/suite-$r.txt)"; tail -3 $O/suite-$r.txt; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys
O=sys.argv[1]; rows={}
for r in (1,2):
    for x in json.load(open(f'{O}/suite-{r}.json'))['cells']:
        k=(x['batch'],x['rows'],x['cols'],x['ld_in'],x['ld_out'])
        rows.setdefault(k,{}).setdefault(x['type'],[]).append(100*x['swz_of_copy'])
print('| shape | int8 | half | float | double |')
for (b,r,c,li,lo),d in rows.items():
    name=(f"{b} x " if b>1 else "")+f"{r} x {c}"+(f":{li}:{lo}" if (li!=c or lo!=r) else "")
    print(f"| {name} | "+" | ".join(", ".join(f"{v:.1f}" for v in d[t]) for t in ['int8','half','float','double'])+" |")
PY
save
