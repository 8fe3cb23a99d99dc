// Lane formulas (swz/access/lane_formula.hpp): what they parse to, what they
// evaluate to against values worked out by hand, their canonical text, the
// exact place and words of each error, random trees read back from text, and
// every lane at once (swz/access/lane_vector.hpp, lane_program.hpp) against
// one lane at a time.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "swz/access/lane_formula.hpp"
#include "swz/access/lane_program.hpp"
#include "swz/access/lane_vector.hpp"

using namespace swz;

namespace {

// The whole spec, as the command line gives it: the formula after the first ':'.
std::variant<lane_formula, lane_formula_error> parse_spec(std::string const& spec) {
    std::size_t const colon = spec.find(':');
    return parse_lane_formula(spec.substr(colon + 1), colon + 1);
}

lane_formula parsed(std::string const& spec) {
    auto r = parse_spec(spec);
    if (auto const* e = std::get_if<lane_formula_error>(&r)) FAIL(spec << ": column " << e->column << ": " << e->message);
    return std::get<lane_formula>(std::move(r));
}

// The value of a constant formula `byte(text)`.
std::uint64_t constant_value(std::string const& text) {
    lane_formula const f = parsed("st.4:byte(" + text + ")");
    return f.byte_of(std::uint64_t(0), {});
}

using u64 = std::uint64_t;

}  // namespace

TEST_CASE("lane formula: operators have C's precedence and associate to the left", "[model][lane]") {
    CHECK(constant_value("1 + 2 * 3") == 7);
    CHECK(constant_value("(1 + 2) * 3") == 9);
    CHECK(constant_value("8 | 1 << 2") == 12);
    CHECK(constant_value("100 - 10 - 1") == 89);
    CHECK(constant_value("100 - (10 - 1)") == 91);
    CHECK(constant_value("100 / 10 / 5") == 2);
    CHECK(constant_value("7 - 2 * 3 % 4") == 5);    // (2 * 3) % 4
    CHECK(constant_value("1 << 2 + 1") == 8);       // + binds tighter than <<
    CHECK(constant_value("64 >> 2 >> 1") == 8);
    CHECK(constant_value("6 & 3 ^ 1") == 3);        // (6 & 3) ^ 1
    CHECK(constant_value("1 | 6 ^ 3") == 5);        // 1 | (6 ^ 3)
    CHECK(constant_value("12 & 10 | 1") == 9);
    CHECK(constant_value("0x10") == 16);
    CHECK(constant_value("0XfF") == 255);
    CHECK(constant_value("0") == 0);
    CHECK(constant_value("281474976710656") == (u64(1) << 48));
    CHECK(constant_value("0 - 1") == ~u64(0));      // unsigned: - wraps
    CHECK(constant_value("1 << 63 << 1") == 0);
    CHECK(constant_value("\t( 3\n*\r4 )  ") == 12);  // whitespace between any tokens
}

TEST_CASE("lane formula: the ld.8 example, every lane and start, against values by hand", "[model][lane]") {
    lane_formula const f = parsed("ld.8:cell(y0 + lane % 16, (lane / 16) * 8 + 2 * c) for y0 < 64, c < 4");
    REQUIRE(f.target == lane_target::cell);
    REQUIRE(f.variables.size() == 2);
    CHECK(f.variables[0].name == "y0");
    CHECK(f.variables[0].count == 64);
    CHECK(f.variables[1].name == "c");
    CHECK(f.variables[1].count == 4);
    // Lane 17 at y0 = 3, c = 2: row 3 + 1, column 8 + 4.
    auto const c17 = f.cell_of(u64(17), {3, 2});
    CHECK(c17.row == 4);
    CHECK(c17.column == 12);
    for (u64 y0 = 0; y0 < 64; ++y0)
        for (u64 c = 0; c < 4; ++c)
            for (u64 lane = 0; lane < 32; ++lane) {
                auto const cell = f.cell_of(lane, {y0, c});
                u64 const hand_row = y0 + (lane < 16 ? lane : lane - 16);
                u64 const hand_column = (lane < 16 ? 0 : 8) + 2 * c;
                REQUIRE(cell.row == hand_row);
                REQUIRE(cell.column == hand_column);
            }
}

TEST_CASE("lane formula: the ldmatrix and st.16 examples on all 32 lanes", "[model][lane]") {
    lane_formula const ldm = parsed("ldmatrix.x4:cell(y0 + lane % 16, 8 * (lane / 16)) for y0 < 48");
    // Lanes 0..15 address rows y0..y0+15 at column 0, lanes 16..31 the same rows at column 8.
    for (u64 lane = 0; lane < 32; ++lane) {
        auto const cell = ldm.cell_of(lane, {u64(5)});
        CHECK(cell.row == 5 + lane % 16);
        CHECK(cell.column == (lane >= 16 ? 8u : 0u));
    }
    lane_formula const st = parsed("st.16:byte(lane * 16 + s * 512) for s < 16");
    REQUIRE(st.target == lane_target::byte);
    u64 const at_s3[] = {1536, 1552, 1568, 1584, 1600, 1616, 1632, 1648, 1664, 1680, 1696,
                         1712, 1728, 1744, 1760, 1776, 1792, 1808, 1824, 1840, 1856, 1872,
                         1888, 1904, 1920, 1936, 1952, 1968, 1984, 2000, 2016, 2032};
    for (u64 lane = 0; lane < 32; ++lane) CHECK(st.byte_of(lane, {u64(3)}) == at_s3[lane]);
}

TEST_CASE("lane formula: a swizzled row with a constant on the left of '-'", "[model][lane]") {
    lane_formula const f = parsed("st.16:byte((lane % 8) * 128 + ((lane / 8) ^ (lane % 8)) * 16 + (31 - lane) * 0)");
    // Lane 13: row 5, chunk 1 ^ 5 = 4.
    CHECK(f.byte_of(u64(13), {}) == 5 * 128 + 4 * 16);
    for (u64 lane = 0; lane < 32; ++lane) CHECK(f.byte_of(lane, {}) == (lane % 8) * 128 + ((lane / 8) ^ (lane % 8)) * 16);
    lane_formula const g = parsed("x:byte(100 - lane - 2 * (1 + 2))");
    for (u64 lane = 0; lane < 32; ++lane) CHECK(g.byte_of(lane, {}) == 94 - lane);
}

namespace {

// A value type like the symbolic bit-vectors: no constructor from an
// integer, V op V only for + - * ^ & |, and every operator with a constant
// on the right. evaluate() compiling for it is half of the test.
class strict_value {
public:
    static strict_value of(u64 v) { return strict_value(v); }
    u64 get() const { return v_; }

#define STRICT_OPS(op)                                                                              \
    friend strict_value operator op(strict_value a, strict_value b) { return strict_value(a.v_ op b.v_); } \
    friend strict_value operator op(strict_value a, u64 c) { return strict_value(a.v_ op c); }
    STRICT_OPS(+) STRICT_OPS(-) STRICT_OPS(*) STRICT_OPS(^) STRICT_OPS(&) STRICT_OPS(|)
#undef STRICT_OPS
    friend strict_value operator/(strict_value a, u64 c) { return strict_value(a.v_ / c); }
    friend strict_value operator%(strict_value a, u64 c) { return strict_value(a.v_ % c); }
    friend strict_value operator<<(strict_value a, u64 c) { return strict_value(a.v_ << c); }
    friend strict_value operator>>(strict_value a, u64 c) { return strict_value(a.v_ >> c); }

private:
    explicit strict_value(u64 v) : v_(v) {}
    u64 v_;
};

}  // namespace

TEST_CASE("lane formula: one evaluation for plain integers and for a value type without integer constructors", "[model][lane]") {
    for (char const* spec : {"x:cell(y0 + lane % 16, (lane / 16) * 8 + 2 * c) for y0 < 64, c < 4",
                             "x:cell(c, y0 >> 1 << 3 | lane & 6 ^ 100 - lane) for c < 4, y0 < 9"}) {
        std::string const s = spec;
        lane_formula const f = parsed(s);
        for (u64 lane = 0; lane < 32; ++lane)
            for (u64 a = 0; a < 4; ++a) {
                auto const plain = f.cell_of(lane, {a, a + 5});
                auto const strict = f.cell_of(strict_value::of(lane), {strict_value::of(a), strict_value::of(a + 5)});
                REQUIRE(strict.row.get() == plain.row);
                REQUIRE(strict.column.get() == plain.column);
            }
    }
    lane_formula const k = parsed("x:cell(7, 3 - lane)");
    for (u64 lane = 0; lane < 32; ++lane) {
        auto const strict = k.cell_of(strict_value::of(lane), {});
        CHECK(strict.row.get() == 7);
        CHECK(strict.column.get() == 3 - lane);
    }
}

TEST_CASE("lane formula: variables come in declaration order, not order of use", "[model][lane]") {
    lane_formula const f = parsed("x:cell(c + lane, y0) for y0 < 64, c < 4");
    REQUIRE(f.variables.size() == 2);
    CHECK(f.variables[0].name == "y0");
    CHECK(f.variables[1].name == "c");
    auto const cell = f.cell_of(u64(10), {5, 2});
    CHECK(cell.row == 12);
    CHECK(cell.column == 5);
    CHECK(parsed("x:byte(lane + n) for n < 281474976710656").variables[0].count == (u64(1) << 48));
    CHECK(parsed("x:byte(lane + n) for n < 0x40").variables[0].count == 64);
}

TEST_CASE("lane formula: canonical text, and reading it back prints the same", "[model][lane]") {
    std::pair<char const*, char const*> const cases[] = {
        {"ld.8:cell( y0+lane%16 , (lane/16)*8+2*c ) for y0<64,c<4",
         "cell(y0 + lane % 16, lane / 16 * 8 + 2 * c) for y0 < 64, c < 4"},
        {"x:byte(((lane)))", "byte(lane)"},
        {"x:byte(lane - (1 - 2))", "byte(lane - (1 - 2))"},
        {"x:byte((lane - 1) - 2)", "byte(lane - 1 - 2)"},
        {"x:byte(lane * (2 * 3))", "byte(lane * (2 * 3))"},
        {"x:byte(lane + (2 * 3))", "byte(lane + 2 * 3)"},
        {"x:byte((lane + 2) * 3)", "byte((lane + 2) * 3)"},
        {"x:byte(0x1F & lane)", "byte(31 & lane)"},
        {"x:byte((lane | 1) ^ 2)", "byte((lane | 1) ^ 2)"},
        {"x:byte(lane ^ 1 | 2)", "byte(lane ^ 1 | 2)"},
        {"x:byte(lane ^ (1 | 2))", "byte(lane ^ (1 | 2))"},
        {"x:byte((lane << 2) << 3)", "byte(lane << 2 << 3)"},
        {"x:byte((lane % 16) * 2)", "byte(lane % 16 * 2)"},
        {"x:byte(lane << (2 + 1))", "byte(lane << 2 + 1)"},
        {"x:byte(lane / (16 / 2))", "byte(lane / (16 / 2))"},
        {"x:byte(lane+s*512)for s<16", "byte(lane + s * 512) for s < 16"},
        {"x:byte(7)", "byte(7)"},
    };
    for (auto const& c : cases) {
        CAPTURE(c.first);
        std::string const text = parsed(c.first).text();
        CHECK(text == c.second);
        CHECK(parsed("x:" + text).text() == text);
    }
}

namespace {

struct bad_case {
    std::string spec;
    std::size_t column;
    char const* says;
};

std::string nested(std::size_t depth) {
    return "x:byte(" + std::string(depth, '(') + "lane" + std::string(depth, ')') + ")";
}

}  // namespace

TEST_CASE("lane formula: each bad formula is refused with its column and one plain line", "[model][lane]") {
    // Columns count in the whole spec from 1; "ld.8:" is columns 1..5.
    bad_case const cases[] = {
        {"ld.8:cell(lane, 2", 18, "unexpected end of the formula: expected ')' after the column expression"},
        {"ld.8:cell(lane, 2, 3)", 18, "expected ')' after the column expression, found ','"},
        {"ld.8:cell(lane 2)", 16, "expected ',' after the row expression, found '2'"},
        {"ld.8:byte(lane, 1)", 15, "expected ')' after the offset expression, found ','"},
        {"ld.8:cell((lane, 1)", 16, "expected ')' to close the '(' at column 11, found ','"},
        {"ld.8:cell lane", 11, "expected '(' after 'cell', found 'lane'"},
        {"ld.8:cel(lane)", 6, "expected 'cell' or 'byte', found 'cel'"},
        {"ld.8:byte(lane + z)", 18, "unknown variable 'z' (declare it: for z < N)"},
        {"ld.8:cell(y, x) for y < 4", 14, "unknown variable 'x'"},
        {"ld.8:byte(lane + y) for y < 4, c < 2", 32, "'c' is declared but not used"},
        {"ld.8:byte(lane + y) for y < 4, y < 2", 32, "'y' is declared twice (first at column 25)"},
        {"ld.8:byte(lane / lane)", 18, "the right side of '/' must be a constant"},
        {"ld.8:byte(1 << s) for s < 4", 16, "the right side of '<<' must be a constant"},
        {"ld.8:byte(lane % (y + 1)) for y < 2", 18, "the right side of '%' must be a constant"},
        {"ld.8:byte(lane / 0)", 18, "division by zero"},
        {"ld.8:byte(lane % (3 - 3))", 18, "division by zero: the right side of '%' is 0"},
        {"ld.8:byte(lane << 64)", 19, "the right side of '<<' must be below 64, found 64"},
        {"ld.8:byte(lane >> (8 * 8))", 19, "the right side of '>>' must be below 64, found 64"},
        {"ld.8:byte(lane) lane", 17, "expected 'for' or the end of the formula after the target, found 'lane'"},
        {"ld.8:byte(lane + y) for y < 4 )", 31, "expected ',' or the end of the formula after 'y < 4', found ')'"},
        {"ld.8:", 6, "the formula is empty"},
        {"ld.8:   ", 9, "the formula is empty"},
        {"ld.8:byte(lane) for", 20, "unexpected end of the formula: expected a variable name after 'for'"},
        {"ld.8:byte(lane) for ,", 21, "expected a variable name after 'for', found ','"},
        {"ld.8:byte(lane + y) for y < 4,", 31, "unexpected end of the formula: expected a variable name after ','"},
        {"ld.8:byte(lane + y0) for y0 < 0", 31, "the count must be at least 1"},
        {"ld.8:byte(lane + y) for y 4", 27, "expected '<' after 'y', found '4'"},
        {"ld.8:byte(lane + y) for y < n", 29, "expected the number of values of 'y' after '<', found 'n'"},
        {"ld.8:byte(lane + 281474976710657)", 18, "the number '281474976710657' is too large (at most 2^48"},
        {"ld.8:byte(lane + y) for y < 0x1000000000001", 29, "is too large"},
        {nested(101), 108, "parentheses nested deeper than 100 levels"},
        {"ld.8:byte(lane $ 2)", 16, "unexpected character '$'"},
        {"ld.8:byte(lane : 2)", 16, "unexpected character ':'"},
        {"ld.8:byte(lane \xc3\xa9)", 16, "unexpected byte 0xc3"},
        {"ld.8:byte(lane > 1)", 16, "unexpected '>' (a right shift is '>>')"},
        {"ld.8:byte(~lane)", 11, "unexpected '~' (there are no unary operators)"},
        {"ld.8:byte(-lane)", 11, "found '-' (there are no unary operators)"},
        {"ld.8:byte(lane * )", 18, "expected a value (lane, a variable, a number or '('), found ')'"},
        {"ld.8:byte(lane +", 17, "unexpected end of the formula: expected a value"},
        {"ld.8:byte(for)", 11, "expected a value (lane, a variable, a number or '('), found 'for'"},
        {"ld.8:byte(lane) for lane < 32", 21, "'lane' is the lane index"},
        {"ld.8:byte(lane + y) for y < 2, for < 3", 32, "'for' is a keyword, not a variable name"},
        {"ld.8:byte(lane + 12ab)", 18, "'12ab' is not a number"},
        {"ld.8:byte(lane + 0x1g)", 18, "'0x1g' is not a hex number"},
        {"ld.8:byte(lane + 0x)", 18, "'0x' needs hex digits after '0x'"},
        {"ld.8:byte(lane + 010)", 18, "'010': a decimal number cannot start with 0 (write 10, or 0x10 for hex)"},
        {"ld.8:byte(lane / 0 + $)", 18, "division by zero"},  // the first error in text order
        {"ldmatrix.x4:byte(z)", 18, "unknown variable 'z'"},
    };
    for (bad_case const& c : cases) {
        CAPTURE(c.spec);
        auto const r = parse_spec(c.spec);
        REQUIRE(std::holds_alternative<lane_formula_error>(r));
        lane_formula_error const& e = std::get<lane_formula_error>(r);
        CHECK(e.column == c.column);
        CHECK_THAT(e.message, Catch::Contains(c.says));
        CHECK(e.message.find('\n') == std::string::npos);
    }
}

TEST_CASE("lane formula: columns count from the formula's place in the spec", "[model][lane]") {
    for (std::size_t offset : {0u, 1u, 100u}) {
        auto const r = parse_lane_formula("byte(z)", offset);
        REQUIRE(std::holds_alternative<lane_formula_error>(r));
        CHECK(std::get<lane_formula_error>(r).column == offset + 6);
    }
}

TEST_CASE("lane formula: 100 nested parentheses and a 20000-term sum are read without deep recursion", "[model][lane]") {
    CHECK(parsed(nested(100)).text() == "byte(lane)");
    std::string sum = "x:byte(lane";
    for (int i = 1; i < 20000; ++i) sum += " + lane";
    sum += ")";
    lane_formula const f = parsed(sum);
    CHECK(f.byte_of(u64(3), {}) == 60000);
    CHECK(parsed("x:" + f.text()).text() == f.text());
    // As a program, lanes-only: its values past the stack's places too.
    CHECK(lane_program(f.offset())({})[3] == 60000);
    std::string mixed = "x:byte(lane";
    for (int i = 1; i < 300; ++i) mixed += " + lane * s";
    lane_formula const g = parsed(mixed + ") for s < 9");
    CHECK(lane_program(g.offset())({5})[3] == 3 + 299 * 15);
}

namespace {

// A random expression, written independently of the parser's tree.
struct random_expr {
    enum class kind { number, lane, variable, binary } what = kind::number;
    u64 value = 0;
    std::size_t variable = 0;
    std::string op;
    std::unique_ptr<random_expr> left, right;
};

char const* const variable_names[] = {"y0", "c", "s_1"};
char const* const operators[] = {"|", "^", "&", "<<", ">>", "+", "-", "*", "/", "%"};

u64 value_of(random_expr const& e, u64 lane, u64 const* vars) {
    switch (e.what) {
    case random_expr::kind::number: return e.value;
    case random_expr::kind::lane: return lane;
    case random_expr::kind::variable: return vars[e.variable];
    default: break;
    }
    u64 const a = value_of(*e.left, lane, vars), b = value_of(*e.right, lane, vars);
    if (e.op == "|") return a | b;
    if (e.op == "^") return a ^ b;
    if (e.op == "&") return a & b;
    if (e.op == "<<") return a << b;
    if (e.op == ">>") return a >> b;
    if (e.op == "+") return a + b;
    if (e.op == "-") return a - b;
    if (e.op == "*") return a * b;
    if (e.op == "/") return a / b;
    return a % b;
}

class expr_maker {
public:
    explicit expr_maker(u64 seed) : rng_(seed) {}

    std::unique_ptr<random_expr> make(int depth, bool constant_only) {
        if (depth == 0 || pick(4) == 0) return leaf(constant_only);
        auto e = std::make_unique<random_expr>();
        e->what = random_expr::kind::binary;
        e->op = operators[pick(10)];
        e->left = make(depth - 1, constant_only);
        e->right = constant_right(e->op) ? constant_operand(e->op, depth - 1) : make(depth - 1, constant_only);
        return e;
    }

    // Fully parenthesized, with random spacing, redundant parentheses and hex.
    std::string text(random_expr const& e) {
        std::string s;
        switch (e.what) {
        case random_expr::kind::number: s = number_text(e.value); break;
        case random_expr::kind::lane: s = "lane"; break;
        case random_expr::kind::variable: s = variable_names[e.variable]; break;
        default: s = "(" + text(*e.left) + space() + e.op + space() + text(*e.right) + ")";
        }
        return pick(8) == 0 ? "(" + space() + s + space() + ")" : s;
    }

    std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
    u64 any() { return rng_(); }

private:
    static bool constant_right(std::string const& op) { return op == "/" || op == "%" || op == "<<" || op == ">>"; }

    std::unique_ptr<random_expr> leaf(bool constant_only) {
        auto e = std::make_unique<random_expr>();
        std::size_t const k = constant_only ? 0 : pick(3);
        if (k == 1) e->what = random_expr::kind::lane;
        else if (k == 2) {
            e->what = random_expr::kind::variable;
            e->variable = pick(3);
        } else e->value = number();
        return e;
    }

    u64 number() {
        switch (pick(4)) {
        case 0: return pick(41);
        case 1: return u64(1) << pick(49);
        case 2: return pick(2) ? lane_formula_max_number : 0;
        default: return any() % (lane_formula_max_number + 1);
        }
    }

    // A constant subtree the operator accepts: retried until its value is.
    std::unique_ptr<random_expr> constant_operand(std::string const& op, int depth) {
        for (;;) {
            auto e = make(std::min(depth, 2), true);
            u64 const v = value_of(*e, 0, nullptr);
            bool const shift = op == "<<" || op == ">>";
            if (shift ? v < 64 : v != 0) return e;
        }
    }

    std::string number_text(u64 v) {
        if (pick(3) != 0) return std::to_string(v);
        static char const digits[] = "0123456789abcdefABCDEF";
        std::string hex;
        do {
            unsigned const d = unsigned(v % 16);
            hex.insert(hex.begin(), d < 10 || pick(2) ? digits[d] : digits[d + 6]);
            v /= 16;
        } while (v != 0);
        return "0x" + hex;
    }

    std::string space() {
        static char const* const spaces[] = {"", " ", "  ", "\t", "\n"};
        return spaces[pick(5)];
    }

    std::mt19937_64 rng_;
};

void mark_used(random_expr const& e, bool* used) {
    if (e.what == random_expr::kind::variable) used[e.variable] = true;
    if (e.left) mark_used(*e.left, used);
    if (e.right) mark_used(*e.right, used);
}

}  // namespace

TEST_CASE("lane formula: random trees printed, read back and evaluated equal the trees", "[model][lane]") {
    expr_maker maker(20240609);
    for (int round = 0; round < 3000; ++round) {
        bool const cell = maker.pick(2) == 0;
        std::vector<std::unique_ptr<random_expr>> trees;
        trees.push_back(maker.make(6, false));
        if (cell) trees.push_back(maker.make(6, false));

        bool used[3] = {false, false, false};
        for (auto const& t : trees) mark_used(*t, used);
        std::vector<std::size_t> declared;  // the declaration order of the names used
        for (std::size_t v = 0; v < 3; ++v)
            if (used[v]) declared.insert(declared.begin() + std::ptrdiff_t(maker.pick(declared.size() + 1)), v);

        std::string spec = cell ? "ld.8:cell(" + maker.text(*trees[0]) + "," + maker.text(*trees[1]) + ")"
                                : "st.4:byte(" + maker.text(*trees[0]) + ")";
        for (std::size_t i = 0; i < declared.size(); ++i)
            spec += (i ? ", " : " for ") + std::string(variable_names[declared[i]]) + " < " + std::to_string(1 + maker.pick(64));
        CAPTURE(spec);
        lane_formula const f = parsed(spec);
        lane_formula const canonical = parsed("x:" + f.text());
        REQUIRE(canonical.text() == f.text());

        for (int sample = 0; sample < 8; ++sample) {
            u64 const lane = maker.pick(32);
            u64 by_name[3];
            for (u64& v : by_name) v = maker.pick(3) == 0 ? maker.any() : maker.pick(64);
            std::vector<u64> vars;
            for (std::size_t v : declared) vars.push_back(by_name[v]);
            for (lane_formula const* g : {&f, &canonical})
                for (std::size_t t = 0; t < trees.size(); ++t)
                    REQUIRE(evaluate(g->expressions[t], lane, vars) == value_of(*trees[t], lane, by_name));
            // Every lane at once, each start variable the same in every lane.
            std::vector<lane_vector> starts;
            for (u64 v : vars) starts.push_back(lane_vector::all(v));
            for (std::size_t t = 0; t < trees.size(); ++t) {
                lane_vector const all = evaluate(f.expressions[t], lane_vector::indices(), starts);
                // And as a program: lane-only nodes once, start-only ones on integers.
                lane_vector const run = lane_program(f.expressions[t])(vars);
                for (u64 l = 0; l < 32; ++l) {
                    REQUIRE(all[unsigned(l)] == value_of(*trees[t], l, by_name));
                    REQUIRE(run[unsigned(l)] == value_of(*trees[t], l, by_name));
                }
            }
        }
    }
}

TEST_CASE("lane formula: mangled formulas give a result or an error inside the spec, never a crash", "[model][lane]") {
    std::string const seeds[] = {"ld.8:cell(y0 + lane % 16, (lane / 16) * 8 + 2 * c) for y0 < 64, c < 4",
                                 "st.16:byte(lane * 16 + s * 512) for s < 16", "x:byte(((lane ^ 0x1f) << 3) >> 1)"};
    char const alphabet[] = "()+-*/%<>|^&,: \t0123456789xabcefglnorsy_$";
    std::mt19937_64 rng(7);
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
    for (int round = 0; round < 20000; ++round) {
        std::string spec = seeds[pick(3)];
        std::size_t const colon = spec.find(':');
        for (std::size_t edits = 1 + pick(4); edits > 0; --edits) {
            std::size_t const at = colon + 1 + pick(spec.size() - colon);
            char const c = alphabet[pick(sizeof alphabet - 1)];
            switch (pick(3)) {
            case 0: spec.insert(at, 1, c); break;
            case 1: if (at < spec.size()) spec.erase(at, 1); break;
            default: if (at < spec.size()) spec[at] = c;
            }
        }
        CAPTURE(spec);
        auto const r = parse_spec(spec);
        if (auto const* e = std::get_if<lane_formula_error>(&r)) {
            REQUIRE(e->column >= colon + 2);         // the formula's first character
            REQUIRE(e->column <= spec.size() + 1);  // or just past its end
            REQUIRE(!e->message.empty());
            REQUIRE(e->message.find('\n') == std::string::npos);
        } else {
            lane_formula const& f = std::get<lane_formula>(r);
            REQUIRE(parsed("x:" + f.text()).text() == f.text());
        }
    }
}

TEST_CASE("lane vector: each operator lane by lane, on equal and varying lanes", "[model][lane]") {
    u64 const edges[] = {0, 1, 2, 3, 5, 31, 32, 63, 64, 1000, u64(1) << 32, (u64(1) << 63) - 1, u64(1) << 63, ~u64(0)};
    lane_vector mixed = lane_vector::indices();
    for (unsigned l = 0; l < 32; ++l) mixed.lane[l] = edges[l % 14] * (l / 14 + 1) - l;
    lane_vector const varying = mixed;
    lane_vector const equal = lane_vector::all(~u64(0) / 3);
    auto const lanes_equal = [](lane_vector const& got, auto want) {
        for (unsigned l = 0; l < 32; ++l) REQUIRE(got[l] == want(l));
    };
    for (lane_vector const* a : {&varying, &equal}) {
        for (lane_vector const* b : {&varying, &equal}) {
            lanes_equal(*a | *b, [&](unsigned l) { return (*a)[l] | (*b)[l]; });
            lanes_equal(*a ^ *b, [&](unsigned l) { return (*a)[l] ^ (*b)[l]; });
            lanes_equal(*a & *b, [&](unsigned l) { return (*a)[l] & (*b)[l]; });
            lanes_equal(*a + *b, [&](unsigned l) { return (*a)[l] + (*b)[l]; });
            lanes_equal(*a - *b, [&](unsigned l) { return (*a)[l] - (*b)[l]; });
            lanes_equal(*a * *b, [&](unsigned l) { return (*a)[l] * (*b)[l]; });
        }
        for (u64 c : edges) {
            lanes_equal(*a + c, [&](unsigned l) { return (*a)[l] + c; });
            lanes_equal(*a - c, [&](unsigned l) { return (*a)[l] - c; });
            lanes_equal(*a * c, [&](unsigned l) { return (*a)[l] * c; });
            lanes_equal(*a & c, [&](unsigned l) { return (*a)[l] & c; });
            if (c < 64) {
                lanes_equal(*a << c, [&](unsigned l) { return (*a)[l] << c; });
                lanes_equal(*a >> c, [&](unsigned l) { return (*a)[l] >> c; });
            }
            if (c != 0) {  // powers of two shift and mask; the others multiply by a reciprocal
                lanes_equal(*a / c, [&](unsigned l) { return (*a)[l] / c; });
                lanes_equal(*a % c, [&](unsigned l) { return (*a)[l] % c; });
            }
        }
    }
}
