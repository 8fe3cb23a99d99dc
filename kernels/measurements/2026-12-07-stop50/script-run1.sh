#!/usr/bin/env bash
# Run 1 (stop 50): the access probes (swz-probe, one warp a launch, Nsight
# Compute's shared wavefront counters) of the whole catalogue, after the
# bank rule's rewrite (model/swz/bank_model.hpp: each group's distinct
# units kept as lane bits and a count): every probe's measured wavefronts
# against the rewritten model's.
set -u
B=$PWD/build-carry; O=/tmp/run1; mkdir -p $O; save() { tar czf $OUT/run1.tar.gz -C /tmp run1; }
gunzip -c $B/swz-probe.gz > /tmp/swz-probe; chmod +x /tmp/swz-probe
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> $O/date.txt; ncu --version | tail -1 >> $O/date.txt; cat $O/date.txt
M=$(python3 kernels/probe/compare_wavefronts.py metrics)
/tmp/swz-probe manifest $O/manifest-all.csv ""
timeout 480 ncu --clock-control none --csv --print-units base --metrics $M /tmp/swz-probe run "" > $O/ncu-all.csv 2> $O/ncu-all.err; echo "ncu all: exit $?"
python3 kernels/probe/compare_wavefronts.py probes $O/manifest-all.csv $O/ncu-all.csv > $O/probes-all.txt 2>&1; echo "compare all: exit $?"; tail -3 $O/probes-all.txt
save
