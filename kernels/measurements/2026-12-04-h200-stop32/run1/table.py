# The table of BENCHMARKS.md's stop 32 run 1, from the CSV files and the
# static sizes (static/main-d34a611.txt). Run from the stop's folder.
import csv, re
static = {}
for l in open('static/main-d34a611.txt'):
    m = re.match(r'\| (tall|wide) E=(\d) N=(\d+) \| (\d+) \| (\d+) \|', l)
    if m: static[(m.group(1), int(m.group(2)), int(m.group(3)))] = int(m.group(4))
cells = ['int8 1000000x3', 'int8 1000000x8', 'int8 1000000x16', 'int8 3x1000000', 'int8 8x1000000', 'int8 12x1000000',
         'half 1000000x3', 'half 1000000x8', 'half 3x1000000', 'half 8x1000000', 'float 1000000x3', 'float 1000000x8',
         'float 3x1000000', 'float 8x1000000', 'double 1000000x4', 'double 3x1000000', 'double 8x1000000']
print('| cell | kernel (µs) | SASS (static) | instructions a warp | registers | warps active % | issue active % | stalls a issue: no instruction / long scoreboard |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
for cell in cells:
    t, sh = cell.split()
    rows = [r for r in csv.reader(open(f'run1/ncu-{t}-{sh}.csv')) if len(r) > 5]
    h, v = rows[0], rows[2]
    g = lambda k: float(v[h.index(k)].replace(',', ''))
    R, C = map(int, sh.split('x'))
    E = {'int8': 1, 'half': 2, 'float': 4, 'double': 8}[t]
    tall = C < R
    groups = -(-max(R, C) // (16 // E))
    warps = -(-groups // 31)  # 31 lane groups a warp
    st = lambda k: g(f'smsp__average_warps_issue_stalled_{k}_per_issue_active.ratio')
    print(f"| {t} {sh} | {g('gpu__time_duration.sum') / 1000:.1f} | {static[('tall' if tall else 'wide', E, C if tall else R)]} "
          f"| {g('smsp__inst_executed.sum') / warps:.0f} | {g('launch__registers_per_thread'):.0f} "
          f"| {g('sm__warps_active.avg.pct_of_peak_sustained_active'):.0f} | {g('smsp__issue_active.avg.pct_of_peak_sustained_active'):.0f} "
          f"| {st('no_instruction'):.1f} / {st('long_scoreboard'):.1f} |")
