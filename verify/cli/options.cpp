#include "options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <limits>

#include "../report.hpp"

namespace swz::verify::cli {

std::variant<std::uint64_t, usage_error> parse_count(std::string const& option, std::string const& text,
                                                     std::uint64_t min, std::uint64_t max) {
    auto const bad = [&](std::string why) { return usage_error{option + " " + text + ": " + why}; };
    if (text.empty()) return bad("expected a number");
    if (text.front() == '-') return bad("must not be negative");
    if (!std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        return bad("not a whole number");
    std::uint64_t v = 0;
    for (char ch : text) {
        std::uint64_t const d = std::uint64_t(ch - '0');
        if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) return bad("too large (at most " + std::to_string(max) + ")");
        v = v * 10 + d;
    }
    if (v < min) return bad(min == 1 ? "must be at least 1" : "must be at least " + std::to_string(min));
    if (v > max) return bad("too large (at most " + std::to_string(max) + ")");
    return v;
}

std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

mode mode_of(int argc, char const* const* argv) {
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        auto const is = [&](char const* name) { return a == name || a.rfind(std::string(name) + "=", 0) == 0; };
        if (is("--kernel") || is("--list-kernels")) return mode::kernel;
        if (is("--check") || is("--sweep")) return mode::catalogue;
    }
    return mode::layout;
}

parsed parse(int argc, char const* const* argv) {
    CLI::App app{"swz-verify: machine-checked proofs of the XOR swizzle layout of a shared-memory tile", "swz-verify"};
    app.set_version_flag("--version", "swz-verify " + tool_version());
    app.footer(
        "Other modes: swz-verify --kernel NAME | --list-kernels (a kernel's shared-memory accesses);\n"
        "swz-verify --check DIR | --sweep ... (the certificate catalogue). Each has its own --help.\n\n"
        "Exit codes: 0 every property that counts is proved; 10 one is refuted; 5 some query is unknown\n"
        "(timeout); 1 usage error; 6 internal error. Conflict figures and the article's claims are reported;\n"
        "--require-conflict-free and --require-article make them count.");
    std::string nx, elem, tc, rows, timeout;
    std::vector<std::string> conflict_free;
    std::string json_path;
    bool article = false;
    auto once = [](CLI::Option* o) { return o->multi_option_policy(CLI::MultiOptionPolicy::Throw); };
    once(app.add_option("--nx", nx, "elements per row (NX)"));
    once(app.add_option("--elem", elem, "bytes per element: 1, 2, 4, 8 or 16 (default 4)"));
    once(app.add_option("--tc", tc, "bytes per swizzled chunk, a multiple of --elem (default: the element size)"));
    once(app.add_option("--rows", rows, "rows of the tile, 1 .. 2^32 (default 2^32: every 32-bit row)"));
    once(app.add_option("--timeout-ms", timeout, "solver time limit per query in ms (default 10000)"));
    once(app.add_option("--json", json_path, "write the certificate as JSON to FILE"));
    app.add_option("--require-conflict-free", conflict_free,
                   "PATTERN (row, row-chunk, column, column-chunk, or all) must be conflict-free; repeatable")
        ->take_all();
    app.add_flag("--require-article", article, "the article's claims must hold for these parameters");
    bool log_queries = false;
    app.add_flag("--log-queries", log_queries, "print every solver query, its answer and its time to stderr");
    try {
        app.parse(argc, argv);
    } catch (CLI::CallForHelp const&) {
        return info_text{app.help()};
    } catch (CLI::CallForVersion const& e) {
        return info_text{"swz-verify " + tool_version() + "\n"};
    } catch (CLI::ParseError const& e) {
        return usage_error{one_line(e.what())};
    }

    layout_command cmd;
    if (nx.empty()) return usage_error{"missing --nx (elements per row); see --help"};
    std::uint64_t const u32 = std::numeric_limits<std::uint32_t>::max();
    auto take = [&](std::string const& option, std::string const& text, std::uint64_t dflt, std::uint64_t max,
                    std::uint64_t& out) -> std::optional<usage_error> {
        if (text.empty()) {
            out = dflt;
            return std::nullopt;
        }
        auto v = parse_count(option, text, 1, max);
        if (auto* e = std::get_if<usage_error>(&v)) return *e;
        out = std::get<std::uint64_t>(v);
        return std::nullopt;
    };
    std::uint64_t nx_v = 0, elem_v = 0, tc_v = 0, rows_v = 0, timeout_v = 0;
    if (auto e = take("--nx", nx, 0, u32, nx_v)) return *e;
    if (auto e = take("--elem", elem, 4, u32, elem_v)) return *e;
    if (auto e = take("--tc", tc, elem_v, u32, tc_v)) return *e;
    if (auto e = take("--rows", rows, all_32bit_rows, all_32bit_rows, rows_v)) return *e;
    if (auto e = take("--timeout-ms", timeout, 10000, u32, timeout_v)) return *e;
    cmd.params = {std::uint32_t(nx_v), std::uint32_t(elem_v), std::uint32_t(tc_v)};
    if (auto why = layout_rule_violation(cmd.params)) return usage_error{"invalid layout: " + *why};
    cmd.rows = rows_v;
    cmd.timeout_ms = unsigned(timeout_v);
    for (auto const& name : conflict_free) {
        std::vector<tile_pattern> wanted;
        if (name == "all") wanted.assign(all_tile_patterns.begin(), all_tile_patterns.end());
        else if (auto p = pattern_from_name(name)) wanted.push_back(*p);
        else return usage_error{"--require-conflict-free " + name + ": unknown pattern (row, row-chunk, column, column-chunk, all)"};
        for (auto p : wanted) {
            auto const d = tile_pattern_domain(p, cmd.params, cmd.rows);
            if (!d.not_applicable.empty()) {
                if (name == "all") continue;
                return usage_error{"--require-conflict-free " + name + ": the pattern does not apply here: " + d.not_applicable};
            }
            if (std::find(cmd.required.conflict_free.begin(), cmd.required.conflict_free.end(), p) == cmd.required.conflict_free.end())
                cmd.required.conflict_free.push_back(p);
        }
    }
    cmd.required.article = article;
    cmd.log_queries = log_queries;
    if (!json_path.empty()) cmd.json_path = json_path;
    return cmd;
}

}  // namespace swz::verify::cli
