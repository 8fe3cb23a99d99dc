#!/usr/bin/env bash
# Run 5 (stop 26): the write pattern alone (store_span_probe.cu): output
# rows aligned (pitch 8192), every residue (8191) and every other row 8
# bytes off (8200), in spans of 112 .. 1024 bytes per row per block; and
# Nsight Compute's L2 write requests and sectors for each
# (one launch per configuration, in the table's order).
set -u
D=kernels/measurements/2026-12-03-h200-stop26; O=/tmp/run5; mkdir -p $O; save() { tar czf $OUT/run5.tar.gz -C /tmp run5; }
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
nvcc -std=c++17 -O3 -arch=sm_90 -o /tmp/spanprobe $D/store_span_probe.cu > $O/build.txt 2>&1; echo "build $?"
for r in 1 2; do timeout 120 /tmp/spanprobe > $O/spans-$r.txt 2>&1; echo "round $r exit $?"; save; done
SPAN_PROBE_REPS=1 timeout 150 ncu --clock-control none --kernel-name scatter_spans \
  --metrics lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,gpu__time_duration.sum --csv \
  /tmp/spanprobe > $O/ncu-spans.csv 2> $O/ncu-spans.err; echo "ncu exit $?"
python3 - $O <<'PY' > $O/ncu-summary.txt
import csv,sys
O=sys.argv[1]
rows=[r for r in csv.reader(open(f'{O}/ncu-spans.csv')) if len(r)>10]
h=rows[0]; ii=h.index('ID'); ni=h.index('Metric Name'); vi=h.index('Metric Value')
got={}
for r in rows[1:]: got.setdefault(int(r[ii]),{})[r[ni]]=r[vi]
for i in sorted(got): print(i, got[i])
PY
cat $O/spans-1.txt $O/spans-2.txt $O/ncu-summary.txt; save
