#!/usr/bin/env bash
# Run 8 (stop 29): whole sectors on tall narrow matrices with aligned input
# rows and realigned output rows: --tune's "sectors" column (the shipped
# kernel with the other choice) around one tile column, every size but
# doubles' (theirs write whole sectors there and ran level), two rounds.
set -u
B=$PWD/build-carry; O=/tmp/run8; mkdir -p $O; save() { tar czf $OUT/run8.tar.gz -C /tmp run8; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2; do
  timeout 150 /tmp/swz-bench-new --tune --types float --shapes 1048577x32,1048577x48,1048577x64,262145x64,65537x64,1048577x80,1048577x128,262145x128,262145x192,100001x256 --repeats 20 --json $O/float-r$r.json > $O/float-r$r.txt 2>&1 || echo "float $r: exit $?"
  timeout 150 /tmp/swz-bench-new --tune --types half --shapes 1048577x32,1048577x64,262145x64,65537x64,1048577x96,1048577x128,262145x128,262145x192,100001x256 --repeats 20 --json $O/half-r$r.json > $O/half-r$r.txt 2>&1 || echo "half $r: exit $?"
  timeout 150 /tmp/swz-bench-new --tune --types int8 --shapes 1048577x64,1048577x128,262145x128,65537x128,262145x144,262145x192,262145x256,100001x512 --repeats 20 --json $O/int8-r$r.json > $O/int8-r$r.txt 2>&1 || echo "int8 $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; d=cells.setdefault((x['type'],x['shape']),{'s':[],'f':[]})
        d['s'].append(100*c/x['swz_ms']); d['f'].append(100*c/x['sectors_flipped_ms'] if x['sectors_flipped_ms'] else 0)
print('| type | shape | shipped | other sectors choice |')
for k,d in cells.items(): print(f"| {k[0]} | {k[1]} | "+" | ".join(", ".join(f"{a:.1f}" for a in d[v]) for v in 'sf')+" |")
PY
echo "cells wrong or failed: $(grep -ci "wrong\|failed" $O/*.txt | paste -sd' ')"
save
