#!/usr/bin/env python3
"""A/B table of builds or settings timed in alternating rounds on one device.

Reads, from DIR:
  ab-VARIANT-K.txt          narrow_ab output lines: type shape us us_copy pct ok
  bench-VARIANT-K-TYPE.json swz-bench --json output (swz_of_copy, a fraction)
and prints one markdown row per cell: each variant's rounds (% of copy, in
the order run), then each variant's median minus the base variant's.
Outputs that were not right are marked WRONG.

usage: ab_summary.py DIR BASE [VARIANT ...]   (variants in column order)
"""
import glob
import json
import os
import statistics
import sys


def read(d):
    cells = {}  # (type, shape) -> variant -> [(pct, ok), ...] by round
    def add(t, s, v, k, pct, ok):
        cells.setdefault((t, s), {}).setdefault(v, []).append((k, pct, ok))
    for f in glob.glob(os.path.join(d, 'ab-*.txt')):
        v, k = os.path.basename(f)[3:-4].rsplit('-', 1)
        for line in open(f):
            x = line.split()
            if len(x) == 6:
                add(x[0], x[1], v, int(k), float(x[4]), x[5] == 'ok')
    for f in glob.glob(os.path.join(d, 'bench-*.json')):
        v, k, _ = os.path.basename(f)[6:-5].rsplit('-', 2)
        for c in json.load(open(f))['cells']:
            add(c['type'], c['shape'], v, int(k), 100 * float(c['swz_of_copy']), c['swz_note'] == '')
    return cells


def main():
    d, base, *order = sys.argv[1:]
    cells = read(d)
    variants = [base] + [v for v in order if v != base]
    others = [v for v in variants if v != base]
    print('| type | shape | ' + ' | '.join(variants) + ' | ' + ' | '.join(f'{v} - {base}' for v in others) + ' |')
    print('| --- | --- |' + ' ---: |' * (len(variants) + len(others)))
    for (t, s), c in cells.items():
        rounds = lambda v: sorted(c.get(v, []))
        show = lambda v: ' / '.join(f'{p:.1f}' + ('' if ok else ' WRONG') for _, p, ok in rounds(v)) or '-'
        med = lambda v: statistics.median(p for _, p, _ in rounds(v)) if rounds(v) else float('nan')
        print(f'| {t} | {s} | ' + ' | '.join(show(v) for v in variants) + ' | ' +
              ' | '.join(f'{med(v) - med(base):+.1f}' for v in others) + ' |')


if __name__ == '__main__':
    main()
