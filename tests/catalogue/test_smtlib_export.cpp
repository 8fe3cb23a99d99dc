// The SMT-LIB2 export that cvc5 re-checks. Its text is not Z3's: it is
// narrowed, cardinalities are rewritten, shifts and masks are bit fields.
// So every exported formula is proved equivalent, by Z3, to the obligation
// the prover checked in memory, for layouts of every kind; and the text is
// standard QF_BV and the same bytes whatever the Z3 context's history.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "article_derivation.hpp"
#include "catalogue/catalogue_entry.hpp"
#include "certify.hpp"
#include "column_spread.hpp"
#include "conflict_bound.hpp"
#include "layout_properties.hpp"
#include "periodicity.hpp"
#include "tma_placement.hpp"
#include "smtlib_export.hpp"
#include "access_spec.hpp"

using namespace swz::verify;

namespace {

// Every symbol the text declares or defines, renamed NAME -> NAME!e, so the
// exported formula can sit beside the original in one context.
std::string renamed(std::string const& text) {
    std::set<std::string> names;
    std::regex const decl(R"(\((?:declare-fun|define-fun) (\S+) )");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), decl); it != std::sregex_iterator(); ++it)
        names.insert((*it)[1]);
    std::string out, token;
    bool comment = false;
    auto flush = [&] {
        out += names.count(token) ? token + "!e" : token;
        token.clear();
    };
    for (char c : text) {
        if (comment) {
            out += c;
            comment = c != '\n';
        } else if (c == ';') {
            flush();
            out += c;
            comment = true;
        } else if (c == '(' || c == ')' || c == ' ' || c == '\n') {
            flush();
            out += c;
        } else {
            token += c;
        }
    }
    flush();
    return out;
}

void constants(z3::expr const& e, std::map<std::string, z3::expr>& out, std::set<unsigned>& seen) {
    if (!seen.insert(e.id()).second) return;
    if (e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
        out.emplace(e.decl().name().str(), e);
        return;
    }
    for (unsigned i = 0; i < e.num_args(); ++i) constants(e.arg(i), out, seen);
}

// Z3 proves: with each exported variable equal to the original (zero-extended
// where it was narrowed), the exported assertions hold exactly when the
// original ones do.
void require_equivalent(prover& p, obligation const& o, std::string const& text) {
    CAPTURE(o.name);
    z3::context& c = p.ctx();
    z3::expr_vector const exported = c.parse_string(renamed(text).c_str());
    z3::expr const a = z3::mk_and(o.assertions), b = z3::mk_and(exported);
    std::map<std::string, z3::expr> va, vb;
    std::set<unsigned> sa, sb;
    constants(a, va, sa);
    constants(b, vb, sb);
    REQUIRE(va.size() == vb.size());
    z3::solver s(c, "QF_BV");
    for (auto const& [name, v] : va) {
        auto const it = vb.find(name + "!e");
        REQUIRE(it != vb.end());
        z3::expr w = it->second;
        if (v.is_bv() && w.get_sort().bv_size() < v.get_sort().bv_size())
            w = z3::zext(w, v.get_sort().bv_size() - w.get_sort().bv_size());
        s.add(v == w);
    }
    s.add(a != b);
    CHECK(s.check() == z3::unsat);
}

// The head of every application and command, outside comments; the name of
// an indexed one ("(_ extract 3 0)" -> extract); numerals "(_ bv5 8)" -> bv.
std::set<std::string> operators(std::string const& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        line = line.substr(0, line.find(';'));
        for (std::size_t i = 0; (i = line.find('(', i)) != std::string::npos; ++i) {
            std::size_t j = i + 1;
            auto word = [&] {
                std::size_t const end = line.find_first_of(" ()", j);
                std::string w = line.substr(j, end - j);
                j = end == std::string::npos ? line.size() : end + 1;
                return w;
            };
            std::string op = word();
            if (op == "_") op = word();
            if (op.size() > 2 && op.rfind("bv", 0) == 0 && std::isdigit(static_cast<unsigned char>(op[2]))) op = "bv";
            if (!op.empty()) out.insert(op);
        }
    }
    return out;
}

// What certify proves about a subject, run on one prover so that its log
// holds every obligation.
void prove_everything(prover& p, layout_subject const& t) {
    prove_lowering(p, t);
    prove_bijection(p, t);
    prove_row_locality(p, t);
    prove_periodicity(p, t);
    prove_row_permutation(p, t);
    prove_chunk_integrity(p, t);
    if (t.swizzles) prove_involution(p, t, true);
    // The solver decides the figures here (not enumeration): their encodings are what is exported.
    for (auto const* spec : {"row", "row-chunk", "column", "column-chunk", "ldmatrix.x4"}) {
        auto const a = access_on(spec, t);
        if (auto const* w = std::get_if<access_subject>(&a)) prove_conflict_bound(p, *w, false, figure_method::smt);
    }
    prove_column_spread(p, t, 0, figure_method::smt);
    if (t.tma) {
        prove_tma_alignment(p, t);
        prove_tma_base(p, t);
    }
    if (t.article) prove_article_derivation(p, *t.article, t.rows(), false);
}

}  // namespace

TEST_CASE("every exported obligation is equivalent to the one Z3 checked", "[catalogue][smtlib]") {
    auto const tile = [](std::string spec, std::uint32_t row_bytes, std::uint32_t elem, std::uint64_t rows) {
        return catalogue::tile_spec{std::move(spec), {rows, row_bytes, elem}, 0, ""};
    };
    std::vector<catalogue::tile_spec> const tiles{
        tile("article:nx=64,elem=4,tc=16", 256, 4, swz::all_32bit_rows),
        tile("article:nx=32,elem=8,tc=8", 256, 8, swz::all_32bit_rows),
        tile("article:nx=128,elem=2,tc=4", 256, 2, swz::all_32bit_rows),
        tile("article:nx=16,elem=16,tc=16", 256, 16, 128),
        tile("article:nx=12,elem=4,tc=4", 48, 4, 32),  // not a power of two: divisions by 12
        tile("pad:4", 128, 4, 32),                     // a stride of 33 words
        tile("plain", 32, 1, 32),
        tile("cute:3,4,3,unit=byte@pad:16", 128, 2, swz::all_32bit_rows),
        tile("tma:64B,base=128", 64, 2, swz::all_32bit_rows),
        tile("linear:1,2,4,8,16,32,64,512,256,128", 64, 2, 32),
    };
    for (auto const& t : tiles) {
        CAPTURE(catalogue::describe_tile(t));
        prover p(10000);
        auto const s = catalogue::subject_of(t);
        REQUIRE(std::holds_alternative<layout_subject>(s));
        prove_everything(p, std::get<layout_subject>(s));
        unsigned checked = 0;
        for (auto const& o : p.log()) {
            if (o.role == obligation_role::search || o.result == answer::unknown) continue;
            require_equivalent(p, o, to_smtlib(p, o));
            ++checked;
        }
        CHECK(checked >= 10);
    }
}

TEST_CASE("the export is standard QF_BV with its expected status", "[catalogue][smtlib]") {
    certify_options opts;
    opts.keep_obligations = true;
    opts.threads = 1;
    auto const c = certify(article_subject({64, 8, 64}, swz::all_32bit_rows), opts);
    REQUIRE(c.obligations.size() >= 10);
    std::set<std::string> const standard{"set-info", "set-logic", "declare-fun", "define-fun", "assert", "check-sat", "exit",
                                         "and", "or", "not", "=>", "=", "distinct", "ite", "xor", "bvadd", "bvmul",
                                         "bvudiv", "bvurem", "bvand", "bvor", "bvxor", "bvshl", "bvlshr", "bvult", "bvule",
                                         "bvuge", "bvugt", "concat", "extract", "zero_extend", "bv", "BitVec"};
    for (auto const& o : c.obligations) {
        CAPTURE(o.name);
        CHECK_THAT(o.smt2, Catch::Contains("(set-logic QF_BV)"));
        CHECK_THAT(o.smt2, Catch::Contains("(set-info :status " + o.expected + ")"));
        CHECK(o.smt2.find("at-least") == std::string::npos);
        CHECK(o.smt2.find("at-most") == std::string::npos);
        for (auto const& op : operators(o.smt2)) {
            CAPTURE(op);
            CHECK(standard.count(op));
        }
    }
}

TEST_CASE("the export is the same bytes whatever else the Z3 context did", "[catalogue][smtlib]") {
    // Two threads share the queries differently from one: each Z3 context
    // has another history, so other AST ids. The text must not change.
    auto const run = [](unsigned threads) {
        certify_options opts;
        opts.keep_obligations = true;
        opts.threads = threads;
        return certify(article_subject({32, 4, 8}, swz::all_32bit_rows), opts).obligations;
    };
    auto const one = run(1), two = run(2);
    REQUIRE(one.size() == two.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
        CAPTURE(one[i].name);
        CHECK(one[i].name == two[i].name);
        CHECK(one[i].smt2 == two[i].smt2);
    }
}

TEST_CASE("values are narrowed only where the ranges bound them", "[catalogue][smtlib]") {
    prover p(10000);
    z3::context& c = p.ctx();
    z3::expr const x = c.bv_const("x", 64), y = c.bv_const("y", 64), free = c.bv_const("free", 64);
    auto const all_ones = c.bv_val(~std::uint64_t(0), 64);
    // x udiv 0 is all ones at 64 bits, not at any narrower width: the
    // division must stay wide, and this stays satisfiable.
    p.check("division by zero", {z3::ult(x, c.bv_val(16, 64)), z3::ult(y, c.bv_val(16, 64)), z3::udiv(x, y) == all_ones});
    // A sum that may wrap around 2^64 keeps its width: satisfiable only by wrapping.
    p.check("wrap", {z3::ult(x, c.bv_val(16, 64)), x + free == c.bv_val(0, 64), x != c.bv_val(0, 64)});
    // Bounded all the way: 5 bits suffice.
    p.check("narrow", {z3::ult(x, c.bv_val(16, 64)), z3::ult(y, c.bv_val(16, 64)), x + y == c.bv_val(30, 64)});
    REQUIRE(p.log().size() == 3);
    for (auto const& o : p.log()) {
        CAPTURE(o.name);
        CHECK(o.result == answer::sat);
        std::string const text = to_smtlib(p, o);
        CAPTURE(text);
        require_equivalent(p, o, text);
        CHECK_THAT(text, Catch::Contains("(declare-fun x () (_ BitVec 4))"));
    }
    std::string const wide = to_smtlib(p, p.log()[1]);
    CHECK_THAT(wide, Catch::Contains("(declare-fun free () (_ BitVec 64))"));
    CHECK_THAT(to_smtlib(p, p.log()[0]), Catch::Contains("bvudiv ((_ zero_extend 60) x) ((_ zero_extend 60) y)"));
    CHECK_THAT(to_smtlib(p, p.log()[2]), Catch::Contains("(= (bvadd ((_ zero_extend 1) x) ((_ zero_extend 1) y)) (_ bv30 5))"));
}
