#include "options.hpp"

#include <algorithm>
#include <limits>

#include "../layout_spec.hpp"
#include "../report.hpp"
#include "../access_spec.hpp"
#include "../catalogue/output_file.hpp"
#include "swz/layout/shape_rules.hpp"

namespace swz::verify::cli {

std::variant<std::uint64_t, usage_error> parse_count(std::string const& option, std::string const& text,
                                                     std::uint64_t min, std::uint64_t max) {
    auto const bad = [&](std::string why) { return usage_error{option + " " + one_line(text) + ": " + why}; };
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

std::variant<unsigned, usage_error> timeout_option(arguments const& a, unsigned fallback) {
    auto const t = a.value("--timeout-ms");
    if (!t) return fallback;
    auto const v = parse_count("--timeout-ms", *t, 1, 0xffffffffu);
    if (auto const* e = std::get_if<usage_error>(&v)) return *e;
    return unsigned(std::get<std::uint64_t>(v));
}

std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

namespace {

// The flags that choose a mode, each with its mode (--nx is also the
// catalogue's range, so it chooses none); no flag: the layout mode.
struct mode_flag {
    char const* flag;
    mode m;
};
constexpr mode_flag mode_flags[] = {{"--kernel", mode::kernel},   {"--list-kernels", mode::kernel},
                                    {"--check", mode::catalogue}, {"--sweep", mode::catalogue},
                                    {"--family", mode::family},   {"--layout", mode::layout},
                                    {"--equiv", mode::layout},    {"--suggest", mode::layout}};

// The mode flag argument `a` is (as --flag or --flag=value), or none.
mode_flag const* mode_flag_of(std::string const& a) {
    for (auto const& f : mode_flags)
        if (a == f.flag || a.rfind(std::string(f.flag) + "=", 0) == 0) return &f;
    return nullptr;
}

}  // namespace

mode mode_of(int argc, char const* const* argv) {
    for (int i = 1; i < argc; ++i)
        if (auto const* f = mode_flag_of(argv[i]); f && f->m != mode::layout) return f->m;
    return mode::layout;
}

std::optional<usage_error> mixed_modes(int argc, char const* const* argv) {
    for (int i = 1; i < argc; ++i)  // --help and --version win wherever they are
        if (std::string const a = argv[i]; a == "--help" || a == "-h" || a == "--version") return std::nullopt;
    mode_flag const* first = nullptr;
    for (int i = 1; i < argc; ++i) {
        auto const* f = mode_flag_of(argv[i]);
        if (!f) continue;
        if (!first) first = f;
        else if (first->m != f->m)
            return usage_error{std::string(first->flag) + " and " + f->flag + " are different modes: give one (see --help)"};
    }
    return std::nullopt;
}

namespace {

std::vector<option_spec> const& layout_options() {
    static std::vector<option_spec> const o{
        {"--layout", 1, false, "SPEC", "the layout (grammar below)"},
        {"--nx", 1, false, "N", "shorthand for --layout article:nx=N: elements per row of the article's formula"},
        {"--tc", 1, false, "TC", "with --nx: bytes per swizzled chunk (default: the element size)"},
        {"--equiv", 2, false, "A B", "prove layouts A and B place every cell at the same byte"},
        {"--suggest", 0, false, "", "search plain, padded, CuTe and TMA layouts of the tile for the fewest wavefronts over the --access list"},
        {"--rows", 1, false, "R", "rows of the tile, 1 .. 2^32 (default 2^32: every 32-bit row)"},
        {"--row-bytes", 1, false, "N", "bytes per row (the article's spec implies it)"},
        {"--elem", 1, false, "E", "bytes per element: 1, 2, 4, 8 or 16 (default 4)"},
        {"--chunk-bytes", 1, false, "C", "the chunk chunk_integrity and the chunk-wide patterns check (default: the layout's)"},
        {"--timeout-ms", 1, false, "T", "solver time limit per query in ms (default 10000)"},
        {"--json", 1, false, "FILE", "write the certificate as JSON to FILE (- for standard output)"},
        {"--format", 1, false, "FORMAT", "standard output's shape: " + format_names() + " (default text, the table)"},
        {"--out", 1, false, "FILE", "write the --format output to FILE instead of standard output"},
        {"--quiet", 0, false, "", "print only the findings, one line each: SPEC: ID: VERDICT: REASON"},
        {"--access", 1, true, "ACCESS", "also cost this access (grammar below)"},
        {"--svg", 1, false, "FILE", "draw the tile's first 64 rows by bank, and each access's witness lanes, as SVG"},
        {"--require-conflict-free", 1, true, "ACCESS", "this access (row, column, row-chunk, column-chunk, any --access spec, or all) must reach the ideal"},
        {"--require-article", 0, false, "", "the article's claims must hold"},
        {"--log-queries", 0, false, "", "every solver query, its answer and time, on stderr"},
        {"--version", 0, false, "", "print the version"},
    };
    return o;
}

std::string help_text() {
    return "swz-verify: machine-checked proofs of a shared-memory tile layout\n\n"
           "  swz-verify --layout SPEC [--rows R] [--row-bytes N] [--elem E] [options]\n"
           "  swz-verify --nx N [--elem E] [--tc TC] [--rows R] [options]\n"
           "  swz-verify --equiv SPEC_A SPEC_B [--rows R] [--row-bytes N] [--elem E]\n"
           "  swz-verify --suggest --access A [--access B ...] --rows R --row-bytes N [--elem E]\n\n"
           "Options:\n" + options_help(layout_options()) +
           "\nLayout specs:\n" + layout_grammar() + "\nAccess specs (--access, --require-conflict-free):\n" + access_grammar() +
           "\nOther modes: swz-verify --kernel NAME | --list-kernels (a kernel's shared-memory accesses);\n"
           "swz-verify --check DIR | --sweep ... (the certificate catalogue);\n"
           "swz-verify --family article|cute (every power-of-two layout of a family at once). Each has its own --help.\n\n"
           "Exit codes: 0 every property that counts is proved; 10 one is refuted; 5 some query is unknown\n"
           "(timeout); 3 an output cannot be written; 1 usage error; 6 internal error (11 and 12: --check). Conflict\n"
           "figures and the article's claims are reported; --require-conflict-free and --require-article make them count.\n";
}

// A count option's value, or its default when not given.
std::optional<usage_error> count(arguments const& a, std::string const& name, std::uint64_t min, std::uint64_t max,
                                 std::uint64_t& out) {
    auto const v = a.value(name);
    if (!v) return std::nullopt;
    auto const n = parse_count(name, *v, min, max);
    if (auto const* e = std::get_if<usage_error>(&n)) return *e;
    out = std::get<std::uint64_t>(n);
    return std::nullopt;
}

std::variant<layout_subject, usage_error> subject_from(std::string const& option, std::string const& spec,
                                                      tile_request const& tile) {
    auto const parsed = parse_layout(spec, tile);
    if (auto const* e = std::get_if<layout_error>(&parsed)) return usage_error{option + ": " + e->message};
    return std::get<layout_subject>(parsed);
}

// An access spec on the command's layout: its canonical spec, or the error,
// naming the option and the column.
std::variant<access_subject, usage_error> access_from(std::string const& option, std::string const& spec,
                                                     layout_subject const& t) {
    auto const a = access_on(spec, t);
    if (auto const* e = std::get_if<access_error>(&a))
        return usage_error{option + " " + spec + ": " + (e->column ? "column " + std::to_string(e->column) + ": " : "") + e->message};
    return std::get<access_subject>(a);
}

std::optional<usage_error> read_accesses(arguments const& a, layout_command& cmd) {
    auto const add = [](std::vector<std::string>& to, std::string const& spec) {
        if (std::find(to.begin(), to.end(), spec) == to.end()) to.push_back(spec);
    };
    for (auto const& spec : a.values("--access")) {
        auto const got = access_from("--access", spec, cmd.subject);
        if (auto const* e = std::get_if<usage_error>(&got)) return *e;
        add(cmd.accesses, std::get<access_subject>(got).spec);
    }
    for (auto const& name : a.values("--require-conflict-free")) {
        std::vector<std::string> wanted{name};
        if (name == "all") {
            wanted = default_accesses();
            wanted.insert(wanted.end(), cmd.accesses.begin(), cmd.accesses.end());
        }
        for (auto const& spec : wanted) {
            auto const got = access_from("--require-conflict-free", spec, cmd.subject);
            if (auto const* e = std::get_if<usage_error>(&got)) return *e;
            auto const& access = std::get<access_subject>(got);
            if (!access.not_applicable.empty()) {
                if (name == "all") continue;
                return usage_error{"--require-conflict-free " + name + ": the access does not apply here: " + access.not_applicable};
            }
            add(cmd.required.conflict_free, access.spec);
        }
    }
    return std::nullopt;
}

std::optional<usage_error> read_requirements(arguments const& a, layout_command& cmd) {
    if (auto e = read_accesses(a, cmd)) return e;
    cmd.required.article = a.has("--require-article");
    if (cmd.required.article && !cmd.subject.article)
        return usage_error{"--require-article: the article's claims are about its formula (--nx or --layout article:...)"};
    return std::nullopt;
}

// --format, --out and --quiet. Standard output carries one thing: a
// document (--json -, or a --format other than text), or the findings.
std::optional<usage_error> read_outputs(arguments const& a, layout_command& cmd) {
    if (auto f = a.value("--format")) {
        auto const got = parse_output_format(*f);
        if (!got) return usage_error{"--format " + *f + ": not a format (" + format_names() + ")"};
        cmd.format = *got;
    }
    if (auto o = a.value("--out"))
        if (*o != "-") cmd.out_path = *o;
    cmd.quiet = a.has("--quiet");
    if (cmd.suggest && cmd.format != output_format::text && cmd.format != output_format::json)
        return usage_error{"--suggest prints a ranking: --format text or json"};
    if (cmd.suggest && cmd.quiet) return usage_error{"--suggest prints a ranking; --quiet belongs to --layout, --nx and --equiv"};
    bool const json_on_stdout = cmd.json_path && *cmd.json_path == "-";
    bool const format_on_stdout = cmd.format != output_format::text && !cmd.out_path;
    std::string const name = "--format " + format_name(cmd.format);
    if (json_on_stdout && format_on_stdout)
        return usage_error{"--json - and " + name + " would both write to standard output; send one to a file (--json FILE or --out FILE)"};
    if (cmd.quiet && json_on_stdout) return usage_error{"--quiet prints only the findings on standard output; give --json a FILE"};
    if (cmd.quiet && format_on_stdout)
        return usage_error{"--quiet prints only the findings on standard output; send " + name + " to a file with --out FILE"};
    return std::nullopt;
}

}  // namespace

parsed parse(int argc, char const* const* argv) {
    auto const got = parse_arguments(argc, argv, layout_options());
    if (auto const* e = std::get_if<usage_error>(&got)) return *e;
    auto const& a = std::get<arguments>(got);
    if (a.help) return info_text{help_text()};
    if (a.version) return info_text{"swz-verify " + tool_version() + "\n"};

    int const layouts = int(a.has("--layout")) + int(a.has("--nx")) + int(a.has("--equiv")) + int(a.has("--suggest"));
    if (layouts == 0) return usage_error{"missing --layout SPEC (or --nx N, --equiv A B, --suggest); see --help"};
    if (layouts > 1) return usage_error{"give one of --layout, --nx, --equiv and --suggest"};
    if (a.has("--tc") && !a.has("--nx")) return usage_error{"--tc goes with --nx (in a spec: article:nx=N,tc=TC)"};

    std::uint64_t const u32 = std::numeric_limits<std::uint32_t>::max();
    std::uint64_t rows = all_32bit_rows, row_bytes = 0, elem = 4, timeout = 10000, nx = 0, tc = 0;
    if (auto e = count(a, "--rows", 1, all_32bit_rows, rows)) return *e;
    if (auto e = count(a, "--row-bytes", 1, u32, row_bytes)) return *e;
    if (auto e = count(a, "--elem", 1, 16, elem)) return *e;
    // Named here, not as the layout's fault (the spec's own elem= is the spec's).
    if (auto v = check_shape(tile_shape{1, std::uint32_t(elem), std::uint32_t(elem)}); v && v->id == "elem-width")
        return usage_error{"--elem " + std::to_string(elem) + ": " + v->message};
    if (auto e = count(a, "--timeout-ms", 1, u32, timeout)) return *e;
    tile_request tile{rows, std::nullopt, std::uint32_t(elem), a.has("--elem"), std::nullopt};
    if (a.has("--row-bytes")) tile.row_bytes = std::uint32_t(row_bytes);
    tile.rows_given = a.has("--rows");
    std::uint64_t chunk = 0;
    if (auto e = count(a, "--chunk-bytes", 1, 128, chunk)) return *e;
    if (a.has("--chunk-bytes")) tile.chunk_bytes = std::uint32_t(chunk);

    layout_command cmd;
    cmd.tile = tile;
    if (a.has("--suggest")) {
        if (!a.has("--row-bytes")) return usage_error{"--suggest: give the tile's --row-bytes (and --rows, --elem)"};
        if (a.has("--require-conflict-free") || a.has("--require-article"))
            return usage_error{"--suggest chooses a layout; --require-... belong to --layout"};
        // Each candidate's chunk is its own: a chunk the search does not rank
        // on would refute the chosen layout's certificate after the fact.
        if (a.has("--chunk-bytes"))
            return usage_error{"--suggest: --chunk-bytes belongs to --layout; rank on a chunk's width with accesses of it (row.C, column.C)"};
        // The families grow with the tile's offset bits: every 32-bit row
        // would be some 20,000 swizzles, each with its own proofs.
        if (!a.has("--rows"))
            return usage_error{"--suggest: give the tile's --rows (a search over the layouts of one tile, not every 32-bit row)"};
        cmd.suggest = true;
        auto s = subject_from("--suggest", "plain", tile);
        if (auto const* e = std::get_if<usage_error>(&s)) return *e;
        cmd.subject = std::get<layout_subject>(s);
        auto const wanted = a.values("--access");
        for (auto const& spec : wanted.empty() ? default_accesses() : wanted) {
            auto const got = access_from("--access", spec, cmd.subject);
            if (auto const* e = std::get_if<usage_error>(&got)) return *e;
            auto const& access = std::get<access_subject>(got);
            if (std::find(cmd.accesses.begin(), cmd.accesses.end(), access.spec) == cmd.accesses.end())
                cmd.accesses.push_back(access.spec);
        }
    } else if (a.has("--nx")) {
        if (auto e = count(a, "--nx", 1, u32, nx)) return *e;
        tc = elem;
        if (auto e = count(a, "--tc", 1, u32, tc)) return *e;
        std::string const spec = "article:nx=" + std::to_string(nx) + ",elem=" + std::to_string(elem) + ",tc=" + std::to_string(tc);
        auto const s = parse_layout(spec, tile);
        if (auto const* e = std::get_if<layout_error>(&s)) return usage_error{"invalid layout: " + e->message};
        cmd.subject = std::get<layout_subject>(s);
    } else if (a.has("--layout")) {
        auto s = subject_from("--layout", *a.value("--layout"), tile);
        if (auto const* e = std::get_if<usage_error>(&s)) return *e;
        cmd.subject = std::get<layout_subject>(s);
    } else {
        auto const specs = a.values("--equiv");
        auto s1 = subject_from("--equiv", specs[0], tile);
        if (auto const* e = std::get_if<usage_error>(&s1)) return *e;
        auto s2 = subject_from("--equiv", specs[1], tile);
        if (auto const* e = std::get_if<usage_error>(&s2)) return *e;
        // Without --elem, a layout that names its element (a TTGIR
        // elementBitWidth, CuTe's smem_ptr[16b]) names it for the other.
        if (!tile.elem_given) {
            std::uint32_t const e1 = std::get<layout_subject>(s1).shape.elem, e2 = std::get<layout_subject>(s2).shape.elem;
            if (e1 != e2 && (e1 == tile.elem || e2 == tile.elem)) {
                tile_request named = tile;
                named.elem = e1 == tile.elem ? e2 : e1;
                auto& plain = e1 == tile.elem ? s1 : s2;
                plain = subject_from("--equiv", specs[e1 == tile.elem ? 0 : 1], named);
                if (auto const* e = std::get_if<usage_error>(&plain)) return *e;
            }
        }
        cmd.subject = std::get<layout_subject>(s1);
        cmd.other = std::get<layout_subject>(s2);
        for (layout_subject const* l : {&cmd.subject, &*cmd.other})
            if (l->stages)
                return usage_error{"--equiv compares one tile; " + l->spec + " has stages: give one stage's layout"};
        if (!(cmd.subject.shape == cmd.other->shape))
            return usage_error{"--equiv: the two layouts describe different tiles (" + cmd.subject.spec + ": " +
                               std::to_string(cmd.subject.shape.row_bytes) + "-byte rows of " +
                               std::to_string(cmd.subject.shape.elem) + "-byte elements, " + cmd.other->spec + ": " +
                               std::to_string(cmd.other->shape.row_bytes) + " and " +
                               std::to_string(cmd.other->shape.elem) + ")"};
        if (a.has("--require-conflict-free") || a.has("--require-article") || a.has("--access"))
            return usage_error{"--equiv proves one property; --access and --require-... belong to --layout"};
    }
    if (!cmd.other && !cmd.suggest)
        if (auto e = read_requirements(a, cmd)) return *e;
    cmd.timeout_ms = unsigned(timeout);
    cmd.log_queries = a.has("--log-queries");
    if (auto j = a.value("--json")) cmd.json_path = *j;
    if (auto e = read_outputs(a, cmd)) return *e;
    if (auto v = a.value("--svg")) {
        if (cmd.other) return usage_error{"--svg draws one layout; --equiv compares two"};
        if (*v == "-") return usage_error{"--svg needs a file name, not standard output"};
        cmd.svg_path = *v;
    }
    if (auto e = catalogue::shared_output({{"--json", cmd.json_path.value_or("")},
                                           {"--out", cmd.out_path.value_or("")},
                                           {"--svg", cmd.svg_path.value_or("")}}))
        return usage_error{*e};
    return cmd;
}

}  // namespace swz::verify::cli
