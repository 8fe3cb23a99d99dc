#!/usr/bin/env python3
"""An independent reference for swz-verify --suggest: the family the README
documents (plain rows; pad:P for P = E .. 16 bytes in steps of E; every
CuTe Swizzle<B,M,S> on element offsets with B >= 1, |S| >= B, both signs,
whose bits lie in the tile's element offsets, and which keeps every cell
inside the tile (where rows x columns is not a power of two some do not:
no choice); the TMA 32B/64B/128B modes where a row fits the span, whose
rows are padded to the span), each access costed by brute force
(reference_access.py) at one width on every candidate (a chunk pattern at
the chunk of plain rows; two spellings of one access once), a candidate
with an illegal or inapplicable access left out, and the README's ranking: fewest total wavefronts, then no
padding (a pitch over the row's bytes), then the smaller footprint, then fewer swizzle bits, then the
order above. Random small tiles and access lists; swz's chosen layout,
its total and the number of legal candidates are compared.

    tests/reference/reference_suggest.py path/to/swz-verify [count] [seed]

Exit 0 when every comparison agrees, 1 otherwise (each disagreement printed).
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # the source tree is no place for caches
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_access import Tile, builtin, decide  # noqa: E402
from reference_model import cute_swizzle, largest_kept_run, offsets_of, run_cases, swizzled, tma  # noqa: E402


def candidates(rows, row_bytes, elem):
    """(spec, offset function, pitch, padding, swizzle bits), in order."""
    out = [("plain", swizzled(lambda u: u, row_bytes, elem, 0, 1)[0], row_bytes, 0, 0)]
    for p in range(elem, 17, elem):
        out.append((f"pad:{p}", swizzled(lambda u: u, row_bytes, elem, p, 1)[0], row_bytes + p, p, 0))
    top = (rows * (row_bytes // elem) - 1).bit_length()
    for b in range(1, top + 1):
        for m in range(0, top + 1):
            for s in range(b, top + 1):
                if m + s + b > top:
                    continue
                for sign in (1, -1):
                    f = swizzled(cute_swizzle(b, m, sign * s), row_bytes, elem, 0, elem)[0]
                    out.append((f"cute:{b},{m},{sign * s}", f, row_bytes, 0, b))
    for bits, span in enumerate((32, 64, 128), start=1):
        if row_bytes <= span:
            t = tma(span, row_bytes)[0]
            out.append((f"tma:{span}B", (lambda y, x, t=t: t(y, x * elem)), span, span - row_bytes, bits))
    return out


def plain_chunk(rows, row_bytes, elem):
    """The chunk of plain rows: every candidate's chunk patterns read it, so
    that each access is one instruction on all of them."""
    plain = swizzled(lambda u: u, row_bytes, elem, 0, 1)[0]
    return largest_kept_run(offsets_of(plain, rows, row_bytes // elem), rows, row_bytes, elem)


def distinct(accesses, elem, chunk):
    """The list without a second spelling of one access (row.E is row; a
    chunk pattern at the chunk is the bare one; one at a chunk of one
    element is the element's pattern), first kept."""
    def key(a):
        base, _, w = a.partition(".")
        if base in ("row", "column") and w and int(w) == elem:
            return base
        if base in ("row-chunk", "column-chunk"):
            width = int(w) if w else chunk
            return base[:-len("-chunk")] if width == elem else f"{base}.{width}"
        return a
    out = {}
    for a in accesses:
        out.setdefault(key(a), a)
    return list(out.values())


def reference_choice(rows, row_bytes, elem, accesses):
    """The ranked legal candidates: (total, padded, footprint, bits, order,
    spec, figures)."""
    ranked = []
    chunk = plain_chunk(rows, row_bytes, elem)
    accesses = distinct(accesses, elem, chunk)
    for order, (spec, off, pitch, pad, bits) in enumerate(candidates(rows, row_bytes, elem)):
        footprint = rows * pitch
        if any(off(y, x) + elem > footprint for y in range(rows) for x in range(row_bytes // elem)):
            continue  # a cell past the tile's last byte: no layout of this tile
        tile = Tile(off, rows, row_bytes, elem, footprint)
        figures = []
        for a in accesses:
            want = decide(*builtin(a, tile, chunk)[:3])
            if not want or want[0] != "cost":
                break
            figures.append(want[1])
        else:
            ranked.append((sum(figures), pad > 0, footprint, bits, order, spec, figures))
    return sorted(ranked)


def random_accesses(rng, elem):
    pool = ["row", "column", "row-chunk", "column-chunk", "ldmatrix.x4", "ldmatrix.x2.trans", "stmatrix.x1",
            "cp.async.4", "cp.async.8", "cp.async.16", f"row.{max(elem, 8)}", f"column.{max(elem, 16)}"]
    return rng.sample(pool, rng.randint(1, 3))


def compare(binary, rng):
    elem = rng.choice([1, 2, 4, 8])
    row_bytes = rng.choice([b for b in (32, 64, 128) if b >= elem])
    rows = rng.choice([16, 32, 33, 40, 64])
    accesses = random_accesses(rng, elem)
    args = [binary, "--suggest", "--rows", str(rows), "--row-bytes", str(row_bytes), "--elem", str(elem)]
    for a in accesses:
        args += ["--access", a]
    name = " ".join(args[1:])
    run = subprocess.run(args + ["--json", "-"], capture_output=True, text=True)
    want = reference_choice(rows, row_bytes, elem, accesses)
    if run.returncode == 1:
        return [f"{name}: refused ({run.stderr.strip()})"], name
    got = json.loads(run.stdout)
    ranked = got.get("ranked", [])
    if not want:
        ok = not ranked and run.returncode == 10
        return ([] if ok else [f"{name}: exit {run.returncode}, {len(ranked)} ranked; reference: no legal candidate"]), name
    best = want[0]
    bad = []
    if not ranked or ranked[0]["spec"] != best[5] or ranked[0]["total"] != best[0] or run.returncode != 0:
        top = ranked[0] if ranked else None
        bad.append(f"{name}: exit {run.returncode}, chose {top}; reference {best[5]} total {best[0]} {best[6]}")
    if len(ranked) != len(want):
        mine = {w[5] for w in want}
        theirs = {r["spec"] for r in ranked}
        bad.append(f"{name}: {len(ranked)} legal candidates, reference {len(want)}: only swz {sorted(theirs - mine)[:5]},"
                   f" only reference {sorted(mine - theirs)[:5]}")
    else:
        for r, w in zip(ranked, want):
            if r["spec"] != w[5] or r["wavefronts"] != w[6]:
                bad.append(f"{name}: ranked {r['spec']} {r['wavefronts']}, reference {w[5]} {w[6]}")
                break
    return bad, name


def main():
    return run_cases(lambda i: compare, 20)


if __name__ == "__main__":
    sys.exit(main())
