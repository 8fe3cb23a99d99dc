#!/usr/bin/env bash
# Run 4 (stop 25): Nsight Compute on run 3's experiment (tiles that do not
# overlap, ends in pieces) against main, 8191 x 8193 half and int8, one
# steady launch each (the 5th): why it lost 27-30 points.
set -u
B=$PWD/build-carry; O=/tmp/run4; mkdir -p $O; save() { tar czf $OUT/run4.tar.gz -C /tmp run4; }
for f in swz-bench swz-bench-pe; do gunzip -c $B/$f.gz > /tmp/$f; chmod +x /tmp/$f; done
date -u > $O/date.txt; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/date.txt; cat $O/date.txt
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,smsp__inst_executed.sum,smsp__inst_executed_op_global_st.sum,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed
for b in swz-bench swz-bench-pe; do for t in half int8; do
  timeout 100 ncu --clock-control none --kernel-name regex:fast_transpose_kernel --launch-skip 4 --launch-count 1 --metrics $M \
    --csv --page raw /tmp/$b --shapes 8191x8193 --types $t --repeats 3 > $O/ncu-$b-$t.csv 2> $O/ncu-$b-$t.err
  echo "$b $t: exit $?"; save
done; done
python3 - $O <<'PY'
import csv,sys
O=sys.argv[1]
for b in ('swz-bench','swz-bench-pe'):
  for t in ('half','int8'):
    rows=list(csv.reader(open(f'{O}/ncu-{b}-{t}.csv')))
    i=[k for k,r in enumerate(rows) if 'gpu__time_duration.sum' in r][0]
    h=rows[i]; v=rows[i+2]
    nb=8191*8193*(2 if t=='half' else 1)
    d={h[k]:v[k].replace(',','') for k in range(len(h))}
    f=lambda k: float(d[k])
    print(b,t,'us',f('gpu__time_duration.sum')/1000,'dramR/B %.3f dramW/B %.3f L2rd/B %.3f L2wr/B %.3f wrReq/KB %.1f stInst/KB %.1f inst/2KB %.0f wrMiss/B %.3f L2%% %s'%(
      f('dram__bytes_read.sum')/nb,f('dram__bytes_write.sum')/nb,f('lts__t_sectors_srcunit_tex_op_read.sum')*32/nb,f('lts__t_sectors_srcunit_tex_op_write.sum')*32/nb,
      f('lts__t_requests_srcunit_tex_op_write.sum')/(nb/1024),f('smsp__inst_executed_op_global_st.sum')/(nb/1024),f('smsp__inst_executed.sum')/(nb/2048),
      f('lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum')*32/nb,d['lts__throughput.avg.pct_of_peak_sustained_elapsed']))
PY
