#include "sweep_command.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <mutex>

#include "../exit_codes.hpp"
#include "swz/pow2.hpp"
#include "catalogue_members.hpp"
#include "certificate_file.hpp"
#include "expectation.hpp"
#include "json_layout.hpp"
#include "progress_bar.hpp"
#include "sweep_summary.hpp"
#include "work_pool.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

// A rule as the summary counts it: by its id, never by its sentence.
std::string rule_label(rule_violation const& v) {
    static std::pair<char const*, char const*> const labels[] = {
        {"elem-width", "element size not 1, 2, 4, 8 or 16"},
        {"tc-at-least-elem", "TC smaller than the element"},
        {"tc-multiple-of-elem", "TC not a multiple of the element"},
        {"row-fits-shared", "row larger than one block's shared memory"},
        {"tc-fits-row", "TC larger than a row"},
        {"row-whole-chunks", "row not a whole number of chunks"},
    };
    for (auto const& [id, label] : labels)
        if (v.id == id) return label;
    return v.id;
}

namespace {

// Worst first: refuted, then unknown, then success (as exit_code_for).
int combine(int a, int b) {
    auto rank = [](int c) { return c == exit_refuted ? 2 : c == exit_unknown ? 1 : 0; };
    return rank(b) > rank(a) ? b : a;
}

}  // namespace

int run_sweep(sweep_command const& cmd) {
    std::vector<catalogue_entry> entries;
    sweep_tally tally;
    tally.ranges = cmd.description;
    std::uint64_t const rows = cmd.rows ? cmd.rows : all_32bit_rows;
    for (auto elem : cmd.elem)
        for (auto nx : cmd.nx) {
            std::vector<std::uint64_t> const tcs = cmd.tc.empty() ? std::vector<std::uint64_t>{elem} : cmd.tc;
            for (auto tc : tcs) {
                layout_params const p{std::uint32_t(nx), std::uint32_t(elem), std::uint32_t(tc)};
                if (auto why = check_article(p)) {
                    ++tally.skipped[rule_label(*why)];
                    continue;
                }
                if (cmd.row_bytes && std::find(cmd.row_bytes->begin(), cmd.row_bytes->end(), p.row_bytes()) == cmd.row_bytes->end()) {
                    ++tally.outside_row_bytes;
                    continue;
                }
                entries.push_back(grid_entry(p, rows));
            }
        }
    if (cmd.write_catalogue)
        for (auto& e : fixed_entries())
            if (std::none_of(entries.begin(), entries.end(), [&](catalogue_entry const& x) { return x.name == e.name; }))
                entries.push_back(std::move(e));
    if (entries.empty()) {
        std::cerr << "swz-verify: error: no layout in the ranges follows the layout rules (" << tally.ranges << ")\n";
        return exit_usage;
    }
    if (cmd.write_catalogue) {
        std::error_code ec;
        fs::create_directories(*cmd.write_catalogue, ec);
        if (ec || !fs::is_directory(*cmd.write_catalogue)) {
            std::cerr << "swz-verify: error: --write-catalogue " << cmd.write_catalogue->string() << ": cannot create the directory\n";
            return exit_usage;
        }
    }

    std::vector<sweep_row> results(entries.size());
    progress_bar bar("layouts certified", entries.size());
    std::mutex write_lock;
    work_pool pool(cmd.jobs ? cmd.jobs : default_jobs());
    // Rows that are not powers of two start first: they take the longest.
    std::vector<std::size_t> order(entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return !is_pow2(entries[a].tile.shape.cols()) && is_pow2(entries[b].tile.shape.cols());
    });
    for (std::size_t i : order)
        pool.add([&, i] {
            certify_options opts;
            opts.timeout_ms = cmd.timeout_ms;
            opts.required = entries[i].required;
            opts.keep_obligations = cmd.write_catalogue.has_value();
            opts.threads = 1;  // the layouts run in parallel instead
            sweep_row& r = results[i];
            r.entry = entries[i];
            r.cert = certify_entry(entries[i], opts);
            r.exit_code = exit_code_for(r.cert.results);
            r.unmet = unmet_expectations(r.entry, r.cert);
            if (cmd.write_catalogue) {
                certificate_bundle const b = make_bundle(r.entry, r.cert);
                std::lock_guard<std::mutex> g(write_lock);
                write_bundle(*cmd.write_catalogue, b);
                r.cert.obligations.clear();  // written: no need to keep the text
            }
            bar.advance();
        });
    pool.run();
    bar.finish();

    std::string const summary = cmd.format == summary_format::json ? layout_json(json_summary(results, tally))
                                                                   : markdown_summary(results, tally);
    if (cmd.out) {
        std::ofstream out(*cmd.out);
        out << summary;
        if (!out) {
            std::cerr << "swz-verify: error: cannot write the summary to " << cmd.out->string() << "\n";
            return exit_usage;
        }
    } else {
        std::cout << summary;
    }

    // A catalogue entry meets its expectation (a known-bad one is refuted on
    // purpose); a plain sweep's layout counts by its own exit code.
    int code = exit_ok;
    unsigned unmet = 0;
    for (auto const& r : results) {
        bool const swept = r.entry.role == entry_role::grid;
        if (!r.unmet.empty()) {
            ++unmet;
            code = combine(code, r.exit_code == exit_unknown ? exit_unknown : exit_refuted);
            for (auto const& u : r.unmet) std::cerr << "swz-verify: " << r.entry.name << ": " << u << "\n";
        } else if (swept) {
            code = combine(code, r.exit_code);
        }
    }
    std::cerr << "swz-verify --sweep: " << results.size() << " layouts certified"
              << (cmd.write_catalogue ? ", written to " + cmd.write_catalogue->string() : std::string())
              << (unmet ? ", " + std::to_string(unmet) + " with unmet expectations" : std::string()) << "; exit " << code << "\n";
    return code;
}

}  // namespace swz::verify::catalogue
