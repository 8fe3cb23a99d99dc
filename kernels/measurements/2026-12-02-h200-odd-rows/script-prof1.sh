#!/usr/bin/env bash
# Profile the odd-shape fast kernels: SASS, per-instruction executed counts, summary metrics.
set -u
B=$PWD/bin/swz-bench-base; O=$1
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv > $O/gpu.txt
$B --shapes 8191x8193,8192x8192 --types int8,half,float,double --repeats 20 > $O/bench-base.txt 2>&1; cat $O/bench-base.txt | cut -c1-120
K=regex:fast_transpose_kernel
ncu --clock-control none --kernel-name $K --launch-count 1 --set full --import-source no -o /tmp/f00 $B --shapes 8191x8193 --types float --repeats 1 > /tmp/ncu1.log 2>&1; tail -3 /tmp/ncu1.log
ncu -i /tmp/f00.ncu-rep --page source --csv --print-source sass > $O/f00-source.csv 2>&1; wc -l $O/f00-source.csv; head -3 $O/f00-source.csv
ncu -i /tmp/f00.ncu-rep --page details > $O/details.txt 2>&1
M=smsp__inst_executed.sum,smsp__inst_executed_pipe_lsu.sum,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fma.sum,smsp__inst_executed_op_shfl.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active
for s in "8191x8193 int8" "8191x8193 half" "8191x8193 double" "8192x8192 float" "8192x8192 double"; do set -- $s
ncu --clock-control none --kernel-name $K --launch-count 1 --metrics $M $B --shapes $1 --types $2 --repeats 1 2>&1 | grep -E "fast_transpose_kernel|inst_|throughput|duration|pct" >> $O/metrics.txt; done
ncu --clock-control none --kernel-name $K --launch-count 1 --metrics $M $B --shapes 8191x8193 --types float --repeats 1 2>&1 | grep -E "fast_transpose_kernel|inst_|throughput|duration|pct" >> $O/metrics.txt
cat $O/metrics.txt
cuobjdump -sass -fun '_ZN3swz6detail21fast_transpose_kernelINS_19fast_transpose_planILj4ELj64ELj256ELj256ELj256EEELb0ELb0ELb0ELj6EEEvNS0_10fast_batchE' $B > $O/f00.sass 2>&1; wc -l $O/f00.sass
