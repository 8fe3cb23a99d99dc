#!/usr/bin/env bash
# Run 3 (stop 29): the block order on large matrices whose column of tiles
# outnumbers the blocks in flight, where choose_band picks bands of a few
# tile rows (their blocks then write short runs of each output row): each
# shipped order against the other, rows aligned, two rounds. run 2's binary.
set -u
B=$PWD/build-carry; O=/tmp/run3; mkdir -p $O; save() { tar czf $OUT/run3.tar.gz -C /tmp run3; }
gunzip -c $B/swz-bench-new.gz > /tmp/swz-bench-new; chmod +x /tmp/swz-bench-new
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; cat $O/date.txt
for r in 1 2; do
  timeout 120 /tmp/swz-bench-new --tune --types int8 --shapes 16384x16384,32768x32768,65536x16384,131072x8192,262144x4096,524288x2048 --repeats 20 --json $O/int8-r$r.json > $O/int8-r$r.txt 2>&1 || echo "int8 $r: exit $?"
  timeout 120 /tmp/swz-bench-new --tune --types half --shapes 16385x16384,32768x8192,65536x4096,131072x2048,262144x1024 --repeats 20 --json $O/half-r$r.json > $O/half-r$r.txt 2>&1 || echo "half $r: exit $?"
  timeout 120 /tmp/swz-bench-new --tune --types float --shapes 16385x16384,16384x16385,32768x8192,65536x4096,131072x2048,262144x1024 --repeats 20 --json $O/float-r$r.json > $O/float-r$r.txt 2>&1 || echo "float $r: exit $?"
  timeout 120 /tmp/swz-bench-new --tune --types double --shapes 16385x16384,32768x4096,65536x2048,131072x1024 --repeats 20 --json $O/double-r$r.json > $O/double-r$r.txt 2>&1 || echo "double $r: exit $?"
  save
done
python3 - $O <<'PY' | tee $O/summary.txt
import json,sys,glob,collections
O=sys.argv[1]; cells=collections.OrderedDict()
for f in sorted(glob.glob(f'{O}/*-r*.json')):
    for x in json.load(open(f))['cells']:
        c=x['copy_ms']; k=(x['type'],x['shape'])
        d=cells.setdefault(k,{'b':x['band'],'o':x['other_band'],'s':[],'t':[]})
        d['s'].append(100*c/x['swz_ms']); d['t'].append(100*c/x['other_band_ms'] if x['other_band_ms'] else 0)
print('| type | shape | order | % of copy | other order | % of copy |')
for k,d in cells.items():
    print(f"| {k[0]} | {k[1]} | {d['b']} | "+", ".join(f"{a:.1f}" for a in d['s'])+f" | {d['o']} | "+", ".join(f"{a:.1f}" for a in d['t'])+" |")
PY
grep -il "wrong\|mismatch" $O/*.txt | head
save
