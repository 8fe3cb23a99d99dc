#!/usr/bin/env bash
# Run 12 (stop 28): halves with input rows realigned and output rows
# aligned, which keep their tile, against --tune's plan 4 (the plan for
# large halves, at 3 blocks per SM) and plans 5 and 6; two rounds. Run as
# one command line on the device (run 10's binary).
gunzip -c build-carry/swz-bench-new.gz > /tmp/b && chmod +x /tmp/b && mkdir -p /tmp/run12
for r in 1 2; do
  /tmp/b --tune --types half --shapes 8192x8193,12344x6789,4096x8193,16384x16385,6000x5003 --repeats 30 --json /tmp/run12/r$r.json > /tmp/run12/r$r.txt 2>&1
done
python3 -c "
import json
for r in (1,2):
  for x in json.load(open(f'/tmp/run12/r{r}.json'))['cells']:
    c=x['copy_ms']; p=x['plan_ms']
    print(r, x['shape'], round(100*c/x['swz_ms'],1), [round(100*c/p[k],1) if p[k] else None for k in '3456'])
"
tar czf $OUT/run12.tar.gz -C /tmp run12
