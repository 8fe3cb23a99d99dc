#!/usr/bin/env python3
"""The default suite's table of record, from swz-bench --json files.

One markdown row per shape, one column per element type; a cell is swz's
% of copy in each file (each a round of the same build on one device), in
the order given, e.g. "95.1, 94.8", then in brackets cuBLAS geam's and
cuBLASLt's % of copy in the first round, where timed. Below it the counts
the goals ask for, per round: cells at 93% of copy or more and squares
from 4096 at 95% or more; and the cells where swz is ahead of each anchor
in every round.

usage: suite_table.py SUITE.json [SUITE.json ...]
"""
import json
import sys

TYPES = ['int8', 'half', 'float', 'double']


def pct(c, key):
    ms = c.get(key)
    return 100.0 * c['copy_ms'] / ms if ms else None


def main(paths):
    rounds = [json.load(open(p)) for p in paths]
    shapes, cells = [], {}
    for r in rounds:
        for c in r['cells']:
            if c['shape'] not in shapes:
                shapes.append(c['shape'])
            cells.setdefault((c['shape'], c['type']), []).append(c)
    head = rounds[0]
    print(f"{head['device']}, {head['sms']} SMs, CUDA driver API {head['driver']}, "
          f"runtime {head['runtime']}, median of {head['repeats']} launches; {len(rounds)} round(s)\n")
    print('| shape | ' + ' | '.join(f'{t}: swz (geam / Lt)' for t in TYPES) + ' |')
    print('| --- |' + ' ---: |' * len(TYPES))
    at93 = [0] * len(rounds)
    sq95 = [0] * len(rounds)
    squares = 0
    ahead = {'geam_ms': [0, 0], 'lt_ms': [0, 0]}  # [ahead in every round, timed]
    for s in shapes:
        row = []
        for t in TYPES:
            cs = cells.get((s, t), [])
            if not cs:
                row.append('')
                continue
            swz = [pct(c, 'swz_ms') for c in cs]
            text = ', '.join('n/a' if v is None else f'{v:.1f}' for v in swz)
            anchors = []
            for key in ('geam_ms', 'lt_ms'):
                a = [pct(c, key) for c in cs]
                anchors.append('n/a' if a[0] is None else f'{a[0]:.0f}')
                if a[0] is not None:
                    ahead[key][1] += 1
                    ahead[key][0] += all(c[key] and c['swz_ms'] and c['swz_ms'] < c[key] for c in cs)
            row.append(f"{text} ({' / '.join(anchors)})")
            square = cs[0]['group'] == 'square' and cs[0]['rows'] >= 4096
            squares += square
            for k, v in enumerate(swz):
                at93[k] += v is not None and v >= 93.0
                sq95[k] += square and v is not None and v >= 95.0
        print(f'| {s} | ' + ' | '.join(row) + ' |')
    n = sum(len(v) > 0 for v in cells.values())
    print()
    print(f"- At 93% of copy or more: {', '.join(map(str, at93))} of {n} cells.")
    print(f"- Squares from 4096 at 95% or more: {', '.join(map(str, sq95))} of {squares}.")
    print(f"- Ahead of geam in {ahead['geam_ms'][0]} of {ahead['geam_ms'][1]} cells and of cuBLASLt in "
          f"{ahead['lt_ms'][0]} of {ahead['lt_ms'][1]} (in every round).")


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
