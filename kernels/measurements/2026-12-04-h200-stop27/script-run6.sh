#!/usr/bin/env bash
# Run 6 (stop 27): the access probes (swz-probe, one warp a launch, Nsight
# Compute's shared wavefront counters) of every fast kernel's accesses,
# fast_i16_realigning's included, then of the whole catalogue.
set -u
B=$PWD/build-carry; O=/tmp/run6; mkdir -p $O; save() { tar czf $OUT/run6.tar.gz -C /tmp run6; }
gunzip -c $B/swz-probe.gz > /tmp/swz-probe; chmod +x /tmp/swz-probe
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; ncu --version | tail -1 >> $O/date.txt; cat $O/date.txt
M=$(python3 kernels/probe/compare_wavefronts.py metrics)
for p in fast_ ""; do
  n=${p:-all}
  /tmp/swz-probe manifest $O/manifest-$n.csv "$p"
  timeout 420 ncu --clock-control none --csv --print-units base --metrics $M /tmp/swz-probe run "$p" > $O/ncu-$n.csv 2> $O/ncu-$n.err; echo "ncu $n: exit $?"
  python3 kernels/probe/compare_wavefronts.py probes $O/manifest-$n.csv $O/ncu-$n.csv > $O/probes-$n.txt 2>&1; echo "compare $n: exit $?"; tail -2 $O/probes-$n.txt
  save
done
grep fast_i16_realigning $O/probes-fast_.txt
save
