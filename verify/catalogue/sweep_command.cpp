#include "sweep_command.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <mutex>

#include "../exit_codes.hpp"
#include "swz/pow2.hpp"
#include "catalogue_members.hpp"
#include "catalogue_writer.hpp"
#include "certificate_file.hpp"
#include "expectation.hpp"
#include "family_entry.hpp"
#include "json_layout.hpp"
#include "manifest.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "sweep_summary.hpp"
#include "work_pool.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

int output_error(std::string const& message) {
    std::cerr << "swz-verify: error: " << message << "\n";
    return exit_output;
}

}  // namespace

int run_sweep(sweep_command const& cmd) {
    sweep_grid const grid = grid_of(cmd.ranges);
    std::vector<catalogue_entry> entries = grid.entries;
    sweep_tally tally = grid.tally;
    tally.ranges = cmd.description;
    std::vector<std::string> grid_names;
    for (auto const& e : grid.entries) grid_names.push_back(e.name);
    if (cmd.write_catalogue)
        for (auto& e : fixed_entries())
            if (std::none_of(entries.begin(), entries.end(), [&](catalogue_entry const& x) { return x.name == e.name; }))
                entries.push_back(std::move(e));
    if (entries.empty()) {
        std::cerr << "swz-verify: error: no layout in the ranges follows the layout rules (" << tally.ranges << ")\n";
        return exit_usage;
    }

    // Every output is checked before any solving: one that cannot be written
    // fails now, not after the work, and each stays as it was until the end.
    std::optional<output_file> out;
    if (cmd.out) {
        auto checked = output_file::checked(*cmd.out, "the summary");
        if (auto const* e = std::get_if<std::string>(&checked)) return output_error(*e);
        out.emplace(std::get<output_file>(checked));
    }
    std::optional<output_file> json_file;
    if (cmd.json && *cmd.json != "-") {
        auto checked = output_file::checked(*cmd.json, "the JSON summary");
        if (auto const* e = std::get_if<std::string>(&checked)) return output_error(*e);
        json_file.emplace(std::get<output_file>(checked));
    }
    std::optional<catalogue_writer> writer;
    if (cmd.write_catalogue) {
        auto opened = catalogue_writer::open(*cmd.write_catalogue);
        if (auto const* e = std::get_if<std::string>(&opened)) return output_error(*e);
        writer.emplace(std::move(std::get<catalogue_writer>(opened)));
    }

    std::vector<sweep_row> results(entries.size());
    progress_bar bar("layouts certified", entries.size());
    std::atomic<bool> write_failed{false};
    std::string write_error;
    std::mutex error_lock;
    work_pool pool(cmd.jobs ? cmd.jobs : default_jobs());
    // Rows that are not powers of two start first: they take the longest.
    std::vector<std::size_t> order(entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return !is_pow2(entries[a].tile.shape.cols()) && is_pow2(entries[b].tile.shape.cols());
    });
    // The family proofs first: one query each over a whole family, seconds.
    std::vector<family_certificate> families;
    if (writer) families.resize(cmd.families.size());
    for (std::size_t k = 0; k < families.size(); ++k)
        pool.add([&, k] {
            families[k] = certify_family(cmd.families[k], family_timeout_ms, 1);
            if (auto e = writer->stage(family_bundle(cmd.families[k], families[k]))) {
                std::lock_guard<std::mutex> g(error_lock);
                if (!write_failed) write_error = *e;
                write_failed = true;
            }
        });
    for (std::size_t i : order)
        pool.add([&, i] {
            if (write_failed) return bar.advance();  // the catalogue cannot be written: no use certifying more
            certify_options opts;
            opts.timeout_ms = cmd.timeout_ms;
            opts.required = entries[i].required;
            opts.keep_obligations = writer.has_value();
            opts.threads = 1;  // the layouts run in parallel instead
            sweep_row& r = results[i];
            r.entry = entries[i];
            r.cert = certify_entry(entries[i], opts);
            r.exit_code = exit_code_for(r.cert.results);
            r.unmet = unmet_expectations(r.entry, r.cert);
            if (writer) {
                if (auto e = writer->stage(make_bundle(r.entry, r.cert))) {
                    std::lock_guard<std::mutex> g(error_lock);
                    if (!write_failed) write_error = *e;
                    write_failed = true;
                }
                r.cert.obligations.clear();  // written: no need to keep the text
            }
            bar.advance();
        });
    pool.run();
    bar.finish();

    if (writer && !write_failed)
        if (auto e = writer->stage_file(manifest_name, layout_json(manifest_json(cmd.ranges, cmd.description, grid_names, cmd.families)))) {
            write_error = *e;
            write_failed = true;
        }
    if (write_failed) return output_error(write_error + "; the catalogue in " + writer->dir().string() + " is as it was");

    // A catalogue entry meets its expectation (a known-bad one is refuted on
    // purpose); a plain sweep's layout counts by its own exit code.
    int code = exit_ok;
    unsigned unmet = 0;
    std::vector<std::string> undecided;
    for (auto const& r : results) {
        if (!r.unmet.empty()) {
            ++unmet;
            code = worse_exit(code, unmet_exit_code(r.entry, r.cert));
            for (auto const& u : r.unmet) std::cerr << "swz-verify: " << r.entry.name << ": " << u << "\n";
        } else if (r.entry.role == entry_role::grid) {
            code = worse_exit(code, r.exit_code);
        }
        if (has_undecided(r.cert.results)) undecided.push_back(r.entry.name);
    }
    for (std::size_t k = 0; k < families.size(); ++k) {
        std::string const name = family_folder(cmd.families[k]);
        int const family_code = exit_code_for(families[k].results);
        if (family_code != exit_ok) std::cerr << "swz-verify: " << name << ": the family is not proved (exit " << family_code << ")\n";
        code = worse_exit(code, family_code);
        if (has_undecided(families[k].results)) undecided.push_back(name);
    }
    // A certificate with an UNKNOWN is not what the next run derives: such a
    // catalogue is not written (a loaded machine timed out, most likely).
    if (writer && !undecided.empty())
        std::cerr << "swz-verify: error: " << undecided.size() << " certificate" << (undecided.size() == 1 ? " has" : "s have")
                  << " UNKNOWN results (" << undecided.front() << (undecided.size() > 1 ? ", ..." : "")
                  << "): the catalogue in " << writer->dir().string()
                  << " is as it was; rerun with a longer --timeout-ms or on a quieter machine\n";
    else if (writer)
        if (auto e = writer->commit()) return output_error(*e);

    std::string const json_text = layout_json(json_summary(results, tally));
    std::string const summary = cmd.format == summary_format::json ? json_text : markdown_summary(results, tally);
    if (json_file)
        if (auto e = json_file->write(json_text)) code = worse_exit(code, output_error(*e));
    bool const json_on_stdout = cmd.json && *cmd.json == "-";
    if (json_on_stdout) std::cout << json_text;
    if (out) {
        if (auto e = out->write(summary)) code = worse_exit(code, output_error(*e));
    } else {
        // With the JSON on standard output, the summary goes to stderr.
        (json_on_stdout ? std::cerr : std::cout) << summary;
    }
    if (auto e = flush_stdout("the summary")) code = worse_exit(code, output_error(*e));
    std::cerr << "swz-verify --sweep: " << results.size() << " layouts certified"
              << (writer && undecided.empty() ? ", written to " + writer->dir().string() : std::string())
              << (unmet ? ", " + std::to_string(unmet) + " with unmet expectations" : std::string()) << "; exit " << code << "\n";
    return code;
}

}  // namespace swz::verify::catalogue
