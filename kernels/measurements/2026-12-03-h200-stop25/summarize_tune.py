# Median over rounds of each variant's % of copy (copy_ms of the same round).
import json, statistics as st, sys
files = sys.argv[1:]
rs = [json.load(open(f)) for f in files]
keys = ['swz'] + [f'r{k}' for k in '23456'] + [f'p{k}' for k in '012']
print(f"{'shape':22} {'type':6} " + ' '.join(f'{k:>6}' for k in keys))
for i, c in enumerate(rs[0]['cells']):
    vals = {k: [] for k in keys}
    for r in rs:
        d = r['cells'][i]; cp = d['copy_ms']
        vals['swz'].append(100 * cp / d['swz_ms'])
        for k, v in d.get('residency_ms', {}).items(): vals['r' + k].append(100 * cp / v)
        for k, v in d.get('plan_ms', {}).items(): vals['p' + k].append(100 * cp / v)
    print(f"{c['shape']:22} {c['type']:6} " + ' '.join(f"{st.median(vals[k]):6.1f}" if vals[k] else '     -' for k in keys))
