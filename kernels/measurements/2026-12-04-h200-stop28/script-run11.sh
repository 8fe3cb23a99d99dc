#!/usr/bin/env bash
# Run 11 (stop 28): the suite of record, twice, with the kernels of the
# final build (1b79337; run 10's binary).
set -u
B=$PWD/build-carry; O=/tmp/run11; mkdir -p $O; save() { tar czf $OUT/run11.tar.gz -C /tmp run11; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2; do
  timeout 250 /tmp/swz-bench-new --json $O/suite-r$r.json > $O/suite-r$r.txt 2>&1; echo "round $r: exit $?"; tail -4 $O/suite-r$r.txt; save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,collections
O=sys.argv[1]; t=collections.OrderedDict()
for r in (1,2):
    for x in json.load(open(f'{O}/suite-r{r}.json'))['cells']:
        t.setdefault(x['shape'],{}).setdefault(x['type'],[]).append(100*x['copy_ms']/x['swz_ms'] if x['swz_ms'] else 0)
print('| shape | int8 | half | float | double |')
for k,v in t.items(): print(f"| {k} | "+" | ".join(", ".join(f"{a:.1f}" for a in v.get(ty,[])) for ty in ('int8','half','float','double'))+" |")
PY
grep -il "wrong" $O/*.txt | head
save
