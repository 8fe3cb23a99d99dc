#!/usr/bin/env bash
# Run 9 (stop 30): the final build's --tune on floats with aligned input
# rows and realigned output rows (whole sectors now): is 4 blocks per SM
# still their best residency? Two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run9; mkdir -p $O; save() { tar czf $OUT/run9.tar.gz -C /tmp run9; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
F=8193x8192,12345x6784,4097x8192,3003x11008,1048577x128,262145x128,100001x256,100001x96,1048577x64
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types float --shapes $F --json $O/tune-float-r$r.json > $O/tune-float-r$r.txt 2>&1 || echo "tune $r: exit $?"
done; save
grep -il "wrong\|mismatch" $O/*.txt | head
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob
O=sys.argv[1]
print('| float shape | round | shipped (4/SM) | 2/SM | 3/SM | 4/SM | 5/SM | 6/SM | sectors flipped |')
for f in sorted(glob.glob(f'{O}/tune-float-r*.json')):
    r=f.split('-')[-1][:-5]
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; res=dict(x['residency_ms'])
        print(f"| {x['shape']} | {r} | {100*c/x['swz_ms']:.1f} | "+" | ".join(f"{100*c/res[k]:.1f}" for k in ('2','3','4','5','6'))+f" | {100*c/x['sectors_flipped_ms']:.1f} |")
PY
save
