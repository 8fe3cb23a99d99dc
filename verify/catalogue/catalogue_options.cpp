#include "catalogue_options.hpp"

#include <algorithm>

#include "family_entry.hpp"

#include <limits>
#include <string_view>

#include "../certify.hpp"
#include "../exit_codes.hpp"
#include "../format/output_format.hpp"
#include "../report.hpp"
#include "output_file.hpp"
#include "power_range.hpp"

namespace swz::verify::catalogue {

namespace {

constexpr char const* footer =
    "RANGE is A..B, every power of two from A to B (4..64 is 4, 8, 16, 32, 64), or a single value.\n"
    "A combination that breaks a layout rule (TC smaller than the element, larger than a row, ...) is skipped\n"
    "and counted. --sweep certifies every other combination, in parallel, and writes a Markdown (default) or\n"
    "JSON summary: one row a layout, each property, the conflict figures per pattern. With --write-catalogue DIR\n"
    "it also writes each certificate to DIR/<layout>/, together with the layouts every catalogue holds (each\n"
    "kernel's tile and the known-bad layouts), the family proofs (DIR/family-<name>/, --families) and\n"
    "DIR/manifest.json (the grid: these ranges, and the families); all of it is staged\n"
    "first and moved into place only once every file is written, so a failed run leaves DIR as it was.\n"
    "The catalogue in proofs/ is made by\n"
    "  swz-verify --sweep --nx 2..1024 --elem 1..16 --tc 1..128 --row-bytes 32..1024 --write-catalogue proofs\n\n"
    "--check DIR re-derives every certificate in DIR with Z3 and compares it with the stored one; has cvc5 check\n"
    "every SMT-LIB2 obligation (the stored files, and the re-derived text of the others); and fails when a\n"
    "verdict, figure, witness, obligation or version changed, a file was edited by hand or does not belong, cvc5\n"
    "disagrees or times out, or a kernel's tile, a known-bad layout or a layout of the grid that DIR/manifest.json\n"
    "names has no certificate. It never writes to DIR.\n\n"
    "Exit codes (verify/exit_codes.hpp): 0 the sweep's layouts hold / the check passed; 1 usage error (including\n"
    "cvc5 not found, DIR not a directory); 3 an output (--out, --timings, --write-catalogue, --obligations-dir,\n"
    "stdout) could not be written; 5 some query is unknown; 6 internal error; 10 a layout that must hold is\n"
    "refuted; 11 the catalogue is stale or tampered with (--check: a certificate differs from what this tool\n"
    "derives, a hand edit, a missing or stray certificate or file, a version mismatch; --check or --write-catalogue:\n"
    "a known-bad layout no longer refuted); 12 --check: cvc5 disagrees, fails or times out.\n"
    "When several apply, the first of 6, 12, 10, 11, 3, 5.";

struct raw_options {
    std::string check, nx, elem, tc, row_bytes, rows, timeout, format, out, jobs, write_catalogue;
    std::string cvc5, solver_timeout, obligations_dir, timings, json, families;
    bool sweep = false, no_second_solver = false, quiet = false;
};

std::variant<unsigned, cli::usage_error> count_option(std::string const& option, std::string const& text,
                                                      unsigned dflt, std::uint64_t max) {
    if (text.empty()) return dflt;
    auto v = cli::parse_count(option, text, 1, max);
    if (auto* e = std::get_if<cli::usage_error>(&v)) return *e;
    return unsigned(std::get<std::uint64_t>(v));
}

// --format, --out, --json and --quiet of --check. Standard output carries
// one thing: the report, a --format document, the JSON, or the findings.
std::optional<cli::usage_error> check_outputs(raw_options const& o, check_command& c) {
    if (!o.format.empty()) {
        auto const f = parse_output_format(o.format);
        if (!f) return cli::usage_error{"--format " + o.format + ": not a format (" + format_names() + ")"};
        c.format = *f;
    }
    if (!o.out.empty() && o.out != "-") c.out = o.out;
    if (!o.json.empty()) c.json = o.json;
    c.quiet = o.quiet;
    bool const json_on_stdout = o.json == "-";
    bool const format_on_stdout = c.format != output_format::text && !c.out;
    if (json_on_stdout && format_on_stdout)
        return cli::usage_error{"--json - and --format " + format_name(c.format) +
                                " both write standard output; send one of them to a file"};
    if (c.quiet && json_on_stdout) return cli::usage_error{"--quiet prints only the findings on standard output; give --json a FILE"};
    if (c.quiet && format_on_stdout)
        return cli::usage_error{"--quiet prints only the findings on standard output; send --format " + format_name(c.format) +
                                " to a file with --out FILE"};
    return std::nullopt;
}

std::vector<cli::option_spec> const& catalogue_options() {
    static std::vector<cli::option_spec> const o{
        {"--check", 1, false, "DIR", "re-check every certificate in DIR"},
        {"--sweep", 0, false, "", "certify every layout in the ranges below"},
        {"--nx", 1, false, "RANGE", "NX, elements per row (sweep; required)"},
        {"--elem", 1, false, "RANGE", "element sizes in bytes (sweep; default 4)"},
        {"--tc", 1, false, "RANGE", "chunk sizes TC in bytes (sweep; default: the element size)"},
        {"--row-bytes", 1, false, "RANGE", "keep only rows of NX*elem bytes in RANGE (sweep)"},
        {"--rows", 1, false, "R", "rows of each tile, 1 .. 2^32 (sweep; default 2^32: every 32-bit row)"},
        {"--timeout-ms", 1, false, "MS", "Z3 time limit per query (sweep; default 10000)"},
        {"--format", 1, false, "FORMAT",
         "sweep: markdown or json, its summary (default markdown); check: text, json, markdown, sarif or junit, "
         "its findings (default text)"},
        {"--out", 1, false, "FILE", "write the summary (sweep) or the --format output (check) to FILE instead of stdout"},
        {"--json", 1, false, "FILE",
         "write the check's findings or the sweep's summary as JSON to FILE (- for stdout, the report then on stderr)"},
        {"--quiet", 0, false, "", "print only the findings, one line each (check)"},
        {"--write-catalogue", 1, false, "DIR", "write every certificate to DIR/<layout>/ (sweep)"},
        {"--families", 1, false, "LIST", "the family proofs --write-catalogue writes to DIR/family-<name>/: a comma list of " + family_names() + ", or none (default: all)"},
        {"--jobs", 1, false, "N", "parallel jobs (default: one per core)"},
        {"--cvc5", 1, false, "PATH", "cvc5, the second solver (check; default: cvc5 on $PATH)"},
        {"--no-second-solver", 0, false, "", "check without cvc5 (reported loudly; the obligations are then checked by Z3 only)"},
        {"--solver-timeout", 1, false, "S", "cvc5's CPU-time limit per obligation (check; default 60)"},
        {"--obligations-dir", 1, false, "DIR", "keep every re-derived obligation as DIR/<layout>/<obligation>.smt2 (check)"},
        {"--timings", 1, false, "FILE", "write each obligation's cvc5 CPU time to FILE, as CSV (check)"},
        {"--version", 0, false, "", "print the version"},
    };
    return o;
}

std::string help_text() {
    return "swz-verify catalogue mode: re-check a certificate catalogue (--check) or certify ranges of layouts (--sweep)\n\n"
           "  swz-verify --check DIR [options]\n"
           "  swz-verify --sweep --nx RANGE [options]\n\n"
           "Options:\n" + cli::options_help(catalogue_options()) + "\n" + footer + "\n";
}

}  // namespace

parsed parse(int argc, char const* const* argv) {
    // swz-verify's own parser: one line in swz's words for every bad
    // option or value, --help wherever it stands.
    auto const got = cli::parse_arguments(argc, argv, catalogue_options());
    if (auto const* e = std::get_if<cli::usage_error>(&got)) return *e;
    auto const& a = std::get<cli::arguments>(got);
    if (a.help) return cli::info_text{help_text()};
    if (a.version) return cli::info_text{"swz-verify " + tool_version() + "\n"};
    raw_options o;
    auto const take = [&](char const* name, std::string& to) {
        if (auto v = a.value(name)) to = *v;
    };
    take("--check", o.check);
    take("--nx", o.nx);
    take("--elem", o.elem);
    take("--tc", o.tc);
    take("--row-bytes", o.row_bytes);
    take("--rows", o.rows);
    take("--timeout-ms", o.timeout);
    take("--format", o.format);
    take("--out", o.out);
    take("--jobs", o.jobs);
    take("--write-catalogue", o.write_catalogue);
    take("--families", o.families);
    take("--cvc5", o.cvc5);
    take("--solver-timeout", o.solver_timeout);
    take("--obligations-dir", o.obligations_dir);
    take("--timings", o.timings);
    take("--json", o.json);
    o.quiet = a.has("--quiet");
    o.sweep = a.has("--sweep");
    o.no_second_solver = a.has("--no-second-solver");

    bool const check = a.has("--check");
    if (check && o.sweep) return cli::usage_error{"--check and --sweep are two modes: give one"};
    auto const misplaced = [&](std::vector<std::pair<char const*, bool>> const& given, char const* mode) -> std::optional<cli::usage_error> {
        for (auto const& [name, present] : given)
            if (present) return cli::usage_error{std::string(name) + " is not an option of " + mode + "; see --help"};
        return std::nullopt;
    };
    std::variant<unsigned, cli::usage_error> jobs = count_option("--jobs", o.jobs, 0, 1024);
    if (auto* e = std::get_if<cli::usage_error>(&jobs)) return *e;

    if (check) {
        if (auto e = misplaced({{"--nx", !o.nx.empty()}, {"--elem", !o.elem.empty()}, {"--tc", !o.tc.empty()},
                                {"--row-bytes", !o.row_bytes.empty()}, {"--rows", !o.rows.empty()},
                                {"--timeout-ms", !o.timeout.empty()}, {"--write-catalogue", !o.write_catalogue.empty()},
                                {"--families", !o.families.empty()}},
                               "--check"))
            return *e;
        if (o.check.empty()) return cli::usage_error{"--check needs a directory"};
        if (o.no_second_solver && !o.cvc5.empty()) return cli::usage_error{"--cvc5 and --no-second-solver contradict each other"};
        check_command c;
        c.dir = o.check;
        if (!o.cvc5.empty()) c.cvc5 = o.cvc5;
        c.second_solver = !o.no_second_solver;
        auto t = count_option("--solver-timeout", o.solver_timeout, 60, 86400);
        if (auto* e = std::get_if<cli::usage_error>(&t)) return *e;
        c.solver_timeout_s = std::get<unsigned>(t);
        c.jobs = std::get<unsigned>(jobs);
        if (!o.obligations_dir.empty()) c.obligations_dir = o.obligations_dir;
        if (!o.obligations_dir.empty() && lies_inside(o.obligations_dir, o.check))
            return cli::usage_error{"--obligations-dir " + o.obligations_dir + " is inside the catalogue, which --check never writes to"};
        if (!o.timings.empty()) c.timings_path = o.timings;
        if (auto e = check_outputs(o, c)) return *e;
        std::vector<std::pair<std::string, std::string>> const outputs{{"--timings", o.timings}, {"--json", o.json}, {"--out", o.out}};
        if (auto e = shared_output(outputs)) return cli::usage_error{*e};
        if (auto e = output_inside(outputs, "--check", o.check)) return cli::usage_error{*e};
        return c;
    }
    if (!o.sweep) return cli::usage_error{"give --check DIR or --sweep; see --help"};
    if (auto e = misplaced({{"--cvc5", !o.cvc5.empty()}, {"--no-second-solver", o.no_second_solver},
                            {"--solver-timeout", !o.solver_timeout.empty()}, {"--obligations-dir", !o.obligations_dir.empty()},
                            {"--quiet", o.quiet},
                            {"--timings", !o.timings.empty()}},
                           "--sweep"))
        return *e;
    if (o.nx.empty()) return cli::usage_error{"--sweep needs --nx RANGE; see --help"};
    sweep_command s;
    std::uint64_t const u32 = std::numeric_limits<std::uint32_t>::max();
    auto range = [&](char const* option, std::string const& text, std::vector<std::uint64_t>& out) -> std::optional<cli::usage_error> {
        auto r = parse_power_range(option, text, u32);
        if (auto* e = std::get_if<cli::usage_error>(&r)) return *e;
        out = std::get<std::vector<std::uint64_t>>(r);
        return std::nullopt;
    };
    if (auto e = range("--nx", o.nx, s.ranges.nx)) return *e;
    if (auto e = range("--elem", o.elem.empty() ? "4" : o.elem, s.ranges.elem)) return *e;
    if (!o.tc.empty())
        if (auto e = range("--tc", o.tc, s.ranges.tc)) return *e;
    if (!o.row_bytes.empty()) {
        s.ranges.row_bytes.emplace();
        if (auto e = range("--row-bytes", o.row_bytes, *s.ranges.row_bytes)) return *e;
    }
    if (!o.rows.empty()) {
        auto r = cli::parse_count("--rows", o.rows, 1, all_32bit_rows);
        if (auto* e = std::get_if<cli::usage_error>(&r)) return *e;
        s.ranges.rows = std::get<std::uint64_t>(r);
    }
    auto t = count_option("--timeout-ms", o.timeout, 10000, u32);
    if (auto* e = std::get_if<cli::usage_error>(&t)) return *e;
    s.timeout_ms = std::get<unsigned>(t);
    if (o.format.empty() || o.format == "markdown") s.format = summary_format::markdown;
    else if (o.format == "json") s.format = summary_format::json;
    else return cli::usage_error{"--format " + o.format + ": expected markdown or json"};
    if (!o.out.empty()) s.out = o.out;
    if (!o.json.empty()) s.json = o.json;
    if (o.json == "-" && s.format == summary_format::json && !s.out)
        return cli::usage_error{"--json - and --format json both write standard output; give one"};
    std::vector<std::pair<std::string, std::string>> const outputs{{"--out", o.out}, {"--json", o.json}};
    if (auto e = shared_output(outputs)) return cli::usage_error{*e};
    if (!o.write_catalogue.empty())
        if (auto e = output_inside(outputs, "--write-catalogue", o.write_catalogue)) return cli::usage_error{*e};
    s.jobs = std::get<unsigned>(jobs);
    if (!o.write_catalogue.empty()) s.write_catalogue = o.write_catalogue;
    if (!o.families.empty() && o.write_catalogue.empty()) return cli::usage_error{"--families is an option of --write-catalogue"};
    if (o.families.empty()) s.families = catalogued_families();
    else if (o.families != "none") {
        for (std::size_t at = 0; at <= o.families.size();) {
            std::size_t const comma = std::min(o.families.find(',', at), o.families.size());
            std::string const name = o.families.substr(at, comma - at);
            auto const f = family_named(name);
            if (!f) return cli::usage_error{"--families " + o.families + ": no such family '" + name + "' (" + family_names() + ", or none)"};
            if (std::find(s.families.begin(), s.families.end(), *f) != s.families.end())
                return cli::usage_error{"--families " + o.families + ": family '" + name + "' is named twice"};
            s.families.push_back(*f);
            at = comma + 1;
        }
    }
    s.description = "--nx " + o.nx + " --elem " + (o.elem.empty() ? "4" : o.elem) +
                    (o.tc.empty() ? std::string(" (TC = element size)") : " --tc " + o.tc) +
                    (o.row_bytes.empty() ? "" : " --row-bytes " + o.row_bytes) + (o.rows.empty() ? "" : " --rows " + o.rows);
    return s;
}

}  // namespace swz::verify::catalogue
