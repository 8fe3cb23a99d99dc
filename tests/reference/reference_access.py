#!/usr/bin/env python3
"""An independent reference for swz-verify's accesses: the ones
reference_model.py does not cost. Written from the README's access table
and kernels/BANK-MODEL.md only, sharing no code with swz (the layouts and
the bank rule come from reference_model.py, itself independent):

- the built-in patterns at an explicit width (row.W, column.W,
  row-chunk.W, column-chunk.W; W = 1 .. 16, narrower or wider than the
  element);
- ldmatrix and stmatrix, .x1 / .x2 / .x4, with and without .trans;
- cp.async.4 and .8 (the bank rule) and cp.async.16 (the transfer rule:
  the fewest 128-byte line transfers, each one XOR and 32-byte rotation of
  the 8 lanes' source slots, found here by a cover over every subset);
- the user's own accesses, KIND:cell(ROW, COL) and KIND:byte(OFFSET) over
  named start variables, random formulas evaluated here in unsigned 64-bit
  arithmetic by a walk of Python's own syntax tree.

For each, over every start in lexicographic order: the first illegal lane
(outside the tile, then elements split, then misaligned; the first lane of
the first start) or the exact worst cost and its first start, compared
with swz-verify --json's verdict, figure, witness start and
counterexample.

    tests/reference/reference_access.py path/to/swz-verify [count] [seed]

Exit 0 when every comparison agrees, 1 otherwise (each disagreement printed).
"""
import ast
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # the source tree is no place for caches
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_model import bank_period, offsets_of, random_layout, repeats_at_every_row, run_cases, wavefronts  # noqa: E402

MASK = (1 << 64) - 1


# ---- formulas: C's operators on unsigned 64-bit values ----

OPS = {
    ast.Add: lambda a, b: (a + b) & MASK,
    ast.Sub: lambda a, b: (a - b) & MASK,
    ast.Mult: lambda a, b: (a * b) & MASK,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.BitXor: lambda a, b: a ^ b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b,
    ast.LShift: lambda a, b: (a << b) & MASK,
    ast.RShift: lambda a, b: a >> b,
}


def formula(text):
    """A function of the variables' values. Python ranks these operators as C
    does (* / % above + - above << >> above & above ^ above |); C's
    unsigned / is Python's //."""
    tree = ast.parse(text.strip().replace("/", "//"), mode="eval").body

    def ev(node, env):
        if isinstance(node, ast.BinOp):
            return OPS[type(node.op)](ev(node.left, env), ev(node.right, env))
        if isinstance(node, ast.Name):
            return env[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        raise ValueError(f"not a formula: {ast.dump(node)}")
    return lambda env: ev(tree, env)


# ---- instructions: which lanes give addresses, phases, cost ----

class Instruction:
    def __init__(self, name, width, lanes, phase):
        self.name, self.width, self.lanes, self.phase = name, width, lanes, phase

    def ideal(self):
        return self.lanes // 8 if self.name.startswith(("ldmatrix", "stmatrix")) else max(1, 32 * self.width // 128)

    def cost(self, addresses):
        if self.name == "cp.async.16":
            return sum(transfers(addresses[p:p + 8], p) for p in range(0, 32, 8))
        return sum(wavefronts(addresses[p:p + self.phase], self.width) for p in range(0, self.lanes, self.phase))


def instruction(kind):
    """KIND of an access spec (ld.W, st.W, cp.async.W, ldmatrix.xN[.trans],
    stmatrix.xN[.trans])."""
    if kind.startswith(("ldmatrix", "stmatrix")):
        n = int(kind.split(".")[1][1:])
        return Instruction(kind, 16, 8 * n, 8)
    w = int(kind.rsplit(".", 1)[1])
    name = "cp.async.16" if kind == "cp.async.16" else kind
    return Instruction(name, w, 32, 32 if w <= 4 else 128 // w)


def transfers(addresses, first_lane):
    """cp.async.16, one phase of 8 lanes: lane l carries source slot l % 8;
    a transfer writes one 128-byte line, slot k at ((k ^ c) + 2r) % 8. The
    fewest transfers that place every lane, by a cover over subsets."""
    total = 0
    lines = sorted({a // 128 for a in addresses})
    for line in lines:
        lanes = [(first_lane + i) % 8 for i, a in enumerate(addresses) if a // 128 == line]
        slots = [(a % 128) // 16 for a in addresses if a // 128 == line]
        full = (1 << len(lanes)) - 1
        covers = set()
        for c in range(8):
            for r in range(4):
                covers.add(sum(1 << i for i, (k, s) in enumerate(zip(lanes, slots)) if ((k ^ c) + 2 * r) % 8 == s))
        best = {0: 0}
        frontier = [0]
        while full not in best:
            nxt = []
            for m in frontier:
                for c in covers:
                    if m | c not in best:
                        best[m | c] = best[m] + 1
                        nxt.append(m | c)
            frontier = nxt
        total += best[full]
    return total


# ---- an access: lane -> (byte, elements it moves), or why it is illegal ----

class Tile:
    """rows: the rows whose starts the built-in patterns visit; height: the
    tile's own (larger where swz is asked about every 32-bit row of a
    layout that repeats within rows)."""
    def __init__(self, off, rows, row_bytes, elem, footprint, height=None):
        self.off = off
        self.o = offsets_of(off, rows, row_bytes // elem)
        self.rows, self.row_bytes, self.elem, self.footprint = rows, row_bytes, elem, footprint
        self.height = height or rows
        self.cols = row_bytes // elem

    def lane_at_cell(self, y, x, width):
        """(kind of illegality or None, byte address) of a width-byte access
        of the run starting at cell (y, x)."""
        run = max(1, width // self.elem)
        if y >= self.height or x + run > self.cols:
            return "outside", None
        first = self.off(y, x)
        if any(self.off(y, x + k) != first + k * self.elem for k in range(1, run)):
            return "split", first
        return ("misaligned" if first % width else None), first

    def lane_at_byte(self, b, width):
        if b + width > self.footprint:
            return "outside", b
        return ("misaligned" if b % width else None), b

    def lane_at_unit(self, y, byte_in_row, width):
        """A width-byte unit of row y, at byte byte_in_row of the row as
        written (row-major, before the layout)."""
        if width >= self.elem:
            return self.lane_at_cell(y, byte_in_row // self.elem, width)
        first = self.off(y, byte_in_row // self.elem) + byte_in_row % self.elem
        return ("misaligned" if first % width else None), first


def decide(instr, starts, lane_fn):
    """Over every start in order: ("illegal", start, kind, lane) at the first
    illegal start, else ("cost", worst, first worst start), or None where
    there is no start."""
    worst = None
    for start in starts:
        got = [lane_fn(l, start) for l in range(instr.lanes)]
        for kind in ("outside", "split", "misaligned"):
            bad = next((l for l, (k, _) in enumerate(got) if k == kind), None)
            if bad is not None:
                return ("illegal", start, kind, bad)
        cost = instr.cost([a for _, a in got])
        if worst is None or cost > worst[1]:
            worst = ("cost", cost, start)
    return worst


def grid(*sizes):
    out = [()]
    for n in sizes:
        out = [t + (v,) for t in out for v in range(n)]
    return out


def builtin(spec, tile, chunk):
    """(instruction, starts, lane function, start names) of a built-in spec."""
    base, _, rest = spec.partition(".")
    if base in ("ldmatrix", "stmatrix"):
        instr = instruction(spec)
        blocks = {8: 1, 16: 2, 32: 2}[instr.lanes]
        height = instr.lanes // blocks
        per_row = tile.row_bytes // 16
        starts = grid(max(0, tile.rows - height + 1), max(0, per_row - blocks + 1)) if tile.row_bytes % 16 == 0 else []

        def lane(l, s):
            y0, c = s
            return tile.lane_at_cell(y0 + l % height, (c + l // height) * 16 // tile.elem, 16)
        return instr, starts, lane, ("y0", "c")
    if base == "cp":
        w = int(spec.rsplit(".", 1)[1])
        instr = instruction(spec)
        return instr, row_starts(tile, w), row_lane(tile, w), ("s",)
    w = int(rest) if rest else (chunk if base.endswith("-chunk") else tile.elem)
    instr = instruction(f"ld.{w}")
    if base.startswith("row"):
        return instr, row_starts(tile, w), row_lane(tile, w), ("s",)
    per_row = tile.row_bytes // w
    starts = grid(max(0, tile.rows - 31), per_row) if tile.row_bytes % w == 0 else []
    return instr, starts, (lambda l, s: tile.lane_at_unit(s[0] + l, s[1] * w, w)), ("y0", "c")


def row_starts(tile, w):
    if tile.row_bytes % w:
        return []  # not applicable: a row is no whole number of units
    return grid(tile.rows * (tile.row_bytes // w) // 32)


def row_lane(tile, w):
    per_row = tile.row_bytes // w

    def lane(l, s):
        y, c = divmod(s[0] * 32 + l, per_row)
        return tile.lane_at_unit(y, c * w, w)
    return lane


def user(spec, tile):
    kind, _, body = spec.partition(":")
    fn, _, loops = body.partition(" for ")
    names, sizes = [], []
    for part in filter(None, loops.split(", ")):
        v, n = part.split(" < ")
        names.append(v)
        sizes.append(int(n))
    instr = instruction(kind)
    args = fn[fn.index("(") + 1:-1]
    if fn.startswith("cell"):
        row, col = (formula(t) for t in split_args(args))

        def lane(l, s):
            env = dict(zip(names, s), lane=l)
            return tile.lane_at_cell(row(env), col(env), instr.width)
    else:
        off = formula(args)

        def lane(l, s):
            return tile.lane_at_byte(off(dict(zip(names, s), lane=l)), instr.width)
    return instr, grid(*sizes), lane, tuple(names)


def split_args(text):
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            return text[:i], text[i + 1:]
    raise ValueError(text)


# ---- random accesses ----

def lane_term(rng):
    k = rng.choice([1, 2, 3, 4])
    return rng.choice(["lane", f"lane % {1 << k}", f"lane / {1 << k}", f"(lane >> {k})", f"(lane & {(1 << k) - 1})",
                       f"(lane % 8 ^ lane / 8)", f"(lane ^ {rng.randint(1, 7)})", f"lane * {rng.randint(1, 5)}"])


def fitting_term(rng, limit):
    """A lane term, most often one whose values over the 32 lanes stay below
    limit (an access mostly inside the tile; the rest tests the bounds)."""
    terms = [lane_term(rng) for _ in range(12)]
    fits = [t for t in terms if max(formula(t)({"lane": l}) for l in range(32)) < limit]
    return rng.choice(fits) if fits and rng.random() < 0.85 else terms[0]


def random_user(rng, tile):
    kind = rng.choice(["ld", "st", "ld", "st", "cp.async", "ldmatrix", "stmatrix"])
    if kind in ("ld", "st"):
        kind += f".{rng.choice([w for w in (1, 2, 4, 8, 16)])}"
    elif kind == "cp.async":
        kind += f".{rng.choice([4, 8, 16])}"
    else:
        kind += "." + rng.choice(["x1", "x2", "x4"]) + rng.choice(["", ".trans"])
    width = instruction(kind).width
    names = ["v", "k", "r"][:rng.randint(0, 2)]
    sizes = [rng.randint(1, 6) for _ in names]
    if rng.random() < 0.3:
        step = rng.choice([width, 4, 16, 128, tile.row_bytes + rng.choice([0, 0, 4, 16])])
        off = f"{fitting_term(rng, max(1, tile.footprint // step))} * {step}"
        off += "".join(f" + {v} * {rng.choice([16, 128, 256, 1024])}" for v in names)
        body = f"byte({off})"
    else:
        g = max(1, width // tile.elem)
        row = fitting_term(rng, tile.rows)
        col = f"({fitting_term(rng, max(1, tile.cols // g))}) * {g}"
        for v in names:
            if rng.random() < 0.5:
                row += f" + {v} * {rng.choice([1, 2, 8])}"
            else:
                col += f" + {v} * {g}"
        if rng.random() < 0.15:
            col = f"({col}) ^ ({rng.choice(['lane / 8', 'lane % 4', 'lane'])} * {g})"
        body = f"cell({row}, {col})"
    loops = ", ".join(f"{v} < {n}" for v, n in zip(names, sizes))
    return f"{kind}:{body}" + (f" for {loops}" if loops else "")


def mostly_legal_user(rng, tile):
    """Of a few random user accesses, most often one the reference finds
    legal somewhere (so that costs are compared, not only bounds)."""
    tries = [random_user(rng, tile) for _ in range(6)]
    if rng.random() < 0.7:
        for a in tries:
            want = decide(*user(a, tile)[:3])
            if want and want[0] == "cost":
                return a
    return tries[0]


def random_builtin(rng):
    kind = rng.choice(["row", "column", "row-chunk", "column-chunk", "ldmatrix", "stmatrix", "cp.async"])
    if kind in ("ldmatrix", "stmatrix"):
        return kind + "." + rng.choice(["x1", "x2", "x4"]) + rng.choice(["", ".trans"])
    if kind == "cp.async":
        return f"cp.async.{rng.choice([4, 8, 16])}"
    return kind + f".{rng.choice([1, 2, 4, 8, 16])}"


# ---- one comparison ----

DEFAULTS = {"conflict.row", "conflict.column", "conflict.row-chunk", "conflict.column-chunk"}


def compare(binary, rng):
    rows = rng.choice([1, 8, 16, 31, 32, 33, 40, 64])
    spec, row_bytes, elem, off, pitch, short = random_layout(rng, rows)
    args = short or ["--layout", spec, "--row-bytes", str(row_bytes), "--elem", str(elem)]
    # A quarter of the layouts that repeat at every 32-bit row (swz's
    # default): the built-in patterns' starts are those of two bank periods
    # and a warp, which hold every start's class (reference_model.py).
    period = bank_period(off, row_bytes, elem, pitch) if repeats_at_every_row(spec) and rng.random() < 0.25 else None
    height = None
    if period is not None and (2 * period + 32) * row_bytes // elem <= 1 << 15:
        rows, height = 2 * period + 32, 1 << 32
    args = [binary] + args + ([] if height else ["--rows", str(rows)])
    probe = subprocess.run(args + ["--json", "-"], capture_output=True, text=True)
    if probe.returncode == 1:
        return [], None
    cert = json.loads(probe.stdout)
    footprint = int({r["id"]: r for r in cert["results"]}["bijection"]["statement"].split("tile's ")[1].split(" bytes")[0])
    tile = Tile(off, rows, row_bytes, elem, footprint, height)
    chunk = cert["layout"]["chunk_bytes"]
    accesses = [random_builtin(rng) for _ in range(2)] + [mostly_legal_user(rng, tile) for _ in range(3)]
    name = " ".join(args[1:])
    bad = []
    for a in accesses:
        asked = a
        if height and ":" in a and rng.random() < 0.5:
            asked, a = very_many_starts(a, tile)
        run = subprocess.run(args + ["--access", asked, "--json", "-"], capture_output=True, text=True)
        if run.returncode == 1:
            bad.append(f"{name} --access '{a}': refused ({run.stderr.strip()})")
            continue
        got = [r for r in json.loads(run.stdout)["results"] if r["id"].startswith("conflict.")
               and r["id"] not in DEFAULTS and not r["id"].endswith(".legality")]
        if not got:  # the same as a default pattern: costed once, under the default's id
            default = "conflict." + a.rsplit(".", 1)[0]
            got = [r for r in json.loads(run.stdout)["results"] if r["id"] == default]
        if len(got) != 1:
            bad.append(f"{name} --access '{a}': {len(got)} results")
            continue
        instr, starts, lane, names = user(a, tile) if ":" in a else builtin(a, tile, chunk)
        want = decide(instr, starts, lane)
        problem = judge(got[0], want, names, instr)
        if problem:
            bad.append(f"{name} --access '{a}': {problem}")
        elif rng.random() < 0.3:
            problem = required_exit(args, a, want, instr, probe.returncode)
            if problem:
                bad.append(f"{name} --require-conflict-free '{a}': {problem}")
    return bad, name


def required_exit(args, a, want, instr, unrequired):
    """--require-conflict-free A: exit 1 where A has no start (nothing to
    require), else 10 where A is illegal or above its ideal, else the exit
    without it (10 when a layout property fails, 0 when all hold)."""
    run = subprocess.run(args + ["--require-conflict-free", a], capture_output=True, text=True)
    if want is None:
        expected = 1
    elif want[0] == "illegal" or want[1] > instr.ideal():
        expected = 10
    else:
        expected = unrequired
    return None if run.returncode == expected else f"exit {run.returncode}, reference {expected}"


MANY = 3000000


def very_many_starts(a, tile):
    """On a tile of every 32-bit row: (the access asked of swz with its first
    start variable over MANY values, the access the reference enumerates:
    that variable over 512), where the reference finds the access legal over
    those 512 and at the variable's last value. Every lane's bytes then
    repeat (swz must prove a period to cut the starts, or enumerate them
    all), so the figure and first start must be the 512's, unless swz finds
    a worse start later: a disagreement either way. Else (a, a)."""
    kind, _, body = a.partition(":")
    fn, _, loops = body.partition(" for ")
    if not loops:
        return a, a
    first, _, rest = loops.partition(", ")
    v, _ = first.split(" < ")
    prefix = f"{kind}:{fn} for {v} < 512" + (f", {rest}" if rest else "")
    many = f"{kind}:{fn} for {v} < {MANY}" + (f", {rest}" if rest else "")
    instr, starts, lane, _ = user(prefix, tile)
    want = decide(instr, starts, lane)
    if not want or want[0] != "cost":
        return a, a
    ends = [(MANY - 1,) + s[1:] for s in starts if s[0] == 0]
    if any(lane(l, s)[0] for s in ends for l in range(instr.lanes)):
        return a, a
    return many, prefix


def judge(got, want, names, instr):
    verdict = got["verdict"]
    if want is None:
        return None if verdict == "N/A" or not got.get("applicable", True) else f"{verdict}, reference: no start"
    if want[0] == "illegal":
        _, start, kind, lane = want
        ev = got.get("counterexample") or {}
        at = tuple(ev.get("variables", {}).get(n) for n in names)
        if verdict != "REFUTED" or ev.get("kind") != kind or ev.get("lane") != lane or at != start:
            return f"{verdict} {ev}, reference: {kind} lane {lane} at {dict(zip(names, start))}"
        return None
    _, cost, start = want
    variables = got.get("witness", {}).get("variables", {})
    at = tuple(variables.get(n) for n in names)
    if verdict != "PROVED" or got["figure"]["value"] != cost or got["figure"]["ideal"] != instr.ideal() or at != start:
        return f"{verdict} {got.get('figure')} at {variables}, reference {cost} (ideal {instr.ideal()}) at {dict(zip(names, start))}"
    return None


# The measured examples of kernels/BANK-MODEL.md (H200, wavefronts per
# instruction): the reference's own rules must give them before they judge.
MEASURED = [
    ("ld.4", lambda l: 4 * l, 1), ("ld.4", lambda l: 8 * l, 2), ("ld.4", lambda l: 12 * l, 1),
    ("ld.4", lambda l: 128 * l, 32), ("ld.4", lambda l: 132 * l, 1), ("ld.4", lambda l: 0, 1),
    ("ld.8", lambda l: 8 * l, 2), ("ld.8", lambda l: 128 * l, 32), ("ld.16", lambda l: 16 * l, 4),
    ("ld.16", lambda l: 128 * l, 32), ("ld.16", lambda l: 128 * (l % 8) + 16 * ((l % 8) ^ (l // 8)), 4),
] + [("cp.async.16", (lambda l, f=f: 1024 * (l // 8) + f(l % 8)), cost) for f, cost in [
    (lambda k: 16 * k, 4), (lambda k: 16 * (k ^ 1), 4), (lambda k: 16 * (k ^ 4), 4), (lambda k: 16 * (7 - k), 4),
    (lambda k: 16 * ((k + 1) % 8), 8), (lambda k: 16 + 16 * k, 12), (lambda k: 112 + 16 * k, 12),
    (lambda k: 32 + 16 * k, 8), (lambda k: 64 + 16 * k, 8), (lambda k: 96 + 16 * k, 8),
    (lambda k: 48 + 16 * k, 16), (lambda k: 80 + 16 * k, 16), (lambda k: 16 + 16 * (7 - k), 12),
    (lambda k: 64 * (k // 2) + 16 * (k % 2), 16), (lambda k: 128 * (k // 4) + 16 * (k % 4), 8),
    (lambda k: 144 * k, 32), (lambda k: 32 * k, 32)]] + [("cp.async.16", lambda l: 144 * (l // 8) + 16 * (l % 8), 10)]


def self_check():
    wrong = [(kind, cost, instruction(kind).cost([f(l) for l in range(32)])) for kind, f, cost in MEASURED
             if instruction(kind).cost([f(l) for l in range(32)]) != cost]
    for kind, cost, got in wrong:
        print(f"reference: a measured {kind} pattern costs {cost} on the H200, the reference's rule says {got}")
    return not wrong


def main():
    if not self_check():
        return 1
    return run_cases(lambda i: compare, 40)


if __name__ == "__main__":
    sys.exit(main())
