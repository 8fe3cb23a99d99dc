#!/usr/bin/env python3
"""Table of Nsight Compute raw CSV files, one row a file.

Each DIR/ncu-NAME-VARIANT.csv is `ncu --csv --page raw` output of one
launch; its columns are looked up by metric name, so any --metrics list
works. Rows are NAME | VARIANT | each metric with its unit.

usage: ncu_summary.py DIR METRIC [METRIC ...]
"""
import csv
import glob
import os
import sys


def main():
    d, *keys = sys.argv[1:]
    print('| cell | variant | ' + ' | '.join(keys) + ' |')
    print('| --- | --- |' + ' ---: |' * len(keys))
    for f in sorted(glob.glob(os.path.join(d, 'ncu-*.csv'))):
        name, variant = os.path.basename(f)[4:-4].rsplit('-', 1)
        rows = list(csv.reader(line for line in open(f) if line.startswith('"')))
        if len(rows) < 3:
            print(f'| {name} | {variant} | no data |')
            continue
        head, units, data = rows[0], rows[1], rows[2]
        cell = lambda k: f'{data[head.index(k)]} {units[head.index(k)]}' if k in head else '-'
        print(f'| {name} | {variant} | ' + ' | '.join(cell(k) for k in keys) + ' |')


if __name__ == '__main__':
    main()
