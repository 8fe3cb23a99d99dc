#include "check_command.hpp"

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "../exit_codes.hpp"
#include "../format/junit_report.hpp"
#include "../format/markdown_report.hpp"
#include "../format/sarif_report.hpp"
#include "../report.hpp"
#include "swz/pow2.hpp"
#include "catalogue_members.hpp"
#include "certificate_diff.hpp"
#include "certificate_file.hpp"
#include "check_findings.hpp"
#include "check_report.hpp"
#include "expectation.hpp"
#include "family_entry.hpp"
#include "manifest.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "regular_file.hpp"
#include "second_solver.hpp"
#include "sha256.hpp"
#include "work_pool.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

std::string read_text(fs::path const& p) { return read_regular_file(p).value_or(""); }

// The top-level keys, but the digest, where two manifests differ.
std::vector<std::string> differing_keys(nlohmann::json const& recorded, nlohmann::json const& written) {
    std::set<std::string> keys;
    for (auto const& [k, v] : recorded.items()) keys.insert(k);
    for (auto const& [k, v] : written.items()) keys.insert(k);
    std::vector<std::string> out;
    for (auto const& k : keys)
        if (k != "digest" && (!recorded.contains(k) || !written.contains(k) || recorded.at(k) != written.at(k))) out.push_back(k);
    return out;
}

// A key's value in one line, "(none)" where it is absent, cut at 80 characters.
std::string short_dump(nlohmann::json const& j, std::string const& key) {
    if (!j.contains(key)) return "(none)";
    std::string const s = j.at(key).dump();
    return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

// Nothing, or why it failed: a re-derived obligation that cannot be written
// is an output error, and an obligation cvc5 then cannot check.
std::optional<std::string> write_text(fs::path const& p, std::string const& text) {
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    return write_whole_file(p, text);
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, s < 10 ? "%.2f s" : "%.1f s", s);
    return buf;
}

// A scratch directory for the re-derived obligations nobody asked to keep.
struct scratch_dir {
    fs::path path;
    bool keep = false;
    ~scratch_dir() {
        std::error_code ec;
        if (!keep && !path.empty()) fs::remove_all(path, ec);
    }
};

// One cvc5 run to make, and where its answer goes.
struct solver_job {
    std::string layout;
    fs::path file;
};

struct solver_timing {
    std::string layout, file;
    double cpu_seconds;
};


// The entry a stored certificate should have now: the fixed entry with its
// tile and requirements, or a grid entry; nothing when it is a kernel or
// known-bad certificate that no list holds any more.
std::optional<catalogue_entry> intended_entry(catalogue_entry const& stored, std::vector<catalogue_entry> const& fixed) {
    for (auto const& f : fixed)
        if (f.tile == stored.tile && f.required.conflict_free == stored.required.conflict_free &&
            f.required.article == stored.required.article)
            return f;
    if (stored.role != entry_role::grid) return std::nullopt;
    catalogue_entry e = stored;
    e.kernels.clear();
    e.expected_exit = 0;
    e.expected_refuted.clear();
    e.why.clear();
    e.tile = stored.tile;
    e.required = stored.required;
    e.name = entry_name(e.tile, e.required);
    return e;
}

// A certificate folder holds certificate.json and obligations/, nothing else;
// the catalogue's top level holds the folders, its manifest and README.md.
bool is_catalogue_file(std::string const& name) { return name == manifest_name || name == "README.md"; }

bool is_safe_file_name(std::string const& f) {
    if (f.empty() || f.front() == '.' || f.size() < 6 || f.substr(f.size() - 5) != ".smt2") return false;
    return std::all_of(f.begin(), f.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    });
}

}  // namespace

int run_check(check_command const& cmd) {
    auto const start = std::chrono::steady_clock::now();
    std::error_code ec;
    if (!fs::is_directory(cmd.dir, ec)) {
        std::cerr << "swz-verify: error: --check " << cmd.dir.string() << ": not a directory\n";
        return exit_usage;
    }
    std::optional<second_solver> solver;
    if (cmd.second_solver) {
        auto const path = find_executable(cmd.cvc5);
        if (!path) {
            std::cerr << "swz-verify: error: cvc5 not found (" << cmd.cvc5
                      << "): install Debian's cvc5 (scripts/setup.sh), give --cvc5 PATH, or pass --no-second-solver to check with Z3 only\n";
            return exit_usage;
        }
        solver = cvc5_solver(*path, cmd.solver_timeout_s);
    }
    // Every output before any solving: one that cannot be written fails now.
    auto const output_error = [](std::string const& message) {
        std::cerr << "swz-verify: error: " << message << "\n";
        return exit_output;
    };
    std::optional<output_file> timings_file;
    if (cmd.timings_path) {
        auto checked = output_file::checked(*cmd.timings_path, "the timings");
        if (auto const* e = std::get_if<std::string>(&checked)) return output_error(*e);
        timings_file.emplace(std::get<output_file>(checked));
    }
    std::optional<output_file> json_file, out_file;
    if (cmd.json && *cmd.json != "-") {
        auto checked = output_file::checked(*cmd.json, "the findings (--json)");
        if (auto const* e = std::get_if<std::string>(&checked)) return output_error(*e);
        json_file.emplace(std::get<output_file>(checked));
    }
    if (cmd.out) {
        auto checked = output_file::checked(*cmd.out, "the --format output");
        if (auto const* e = std::get_if<std::string>(&checked)) return output_error(*e);
        out_file.emplace(std::get<output_file>(checked));
    }
    scratch_dir scratch;
    if (cmd.obligations_dir) {
        scratch.path = *cmd.obligations_dir;
        scratch.keep = true;
        fs::create_directories(scratch.path, ec);
        if (ec || !fs::is_directory(scratch.path))
            return output_error("--obligations-dir " + scratch.path.string() + ": cannot create the directory");
    } else if (solver) {
        std::string tmpl = (fs::temp_directory_path() / "swz-check-XXXXXX").string();
        if (!mkdtemp(tmpl.data()))
            return output_error("cannot create a scratch directory in " + fs::temp_directory_path().string());
        scratch.path = tmpl;
    }
    if (!solver)
        std::cerr << "swz-verify: WARNING: --no-second-solver: the obligations are NOT re-checked by cvc5; "
                     "this check rests on Z3 alone\n";

    check_findings found;
    std::string const dir_text = cmd.dir.string();
    // An output that failed during the check (a kept or scratch obligation):
    // reported on stderr, exit 3 at least.
    std::mutex output_lock;
    std::vector<std::string> output_errors;
    auto const lost_output = [&](std::string const& message) {
        std::lock_guard<std::mutex> g(output_lock);
        output_errors.push_back(message);
    };

    // The grid the catalogue claims to hold.
    std::set<std::string> grid_names;
    // The family proofs the manifest lists (without one, what the catalogue
    // should hold is unknown, and that is the finding).
    std::vector<family_kind> families;
    bool have_manifest = false;
    {
        auto const read = read_manifest(cmd.dir);
        if (auto const* why = std::get_if<std::string>(&read)) {
            found.add(manifest_name, (cmd.dir / manifest_name).string() + ": " +
                                         (is_anything_at(cmd.dir / manifest_name) ? "unreadable: " + cli::one_line(*why)
                                                                               : std::string("missing")) +
                                         "; without it the grid the catalogue holds is unknown (regenerate it with "
                                         "swz-verify --sweep ... --write-catalogue)",
                      exit_stale);
        } else {
            manifest const& m = std::get<manifest>(read);
            have_manifest = true;
            if (m.json.value("digest", "") != digest_of(m.json))
                found.add(manifest_name, (cmd.dir / manifest_name).string() +
                                             " was edited by hand: its digest does not match its content", exit_stale);
            // Every other key as this tool writes it for the same sweep (the
            // grid list is compared with the ranges' grid below).
            nlohmann::json const written = manifest_json(m.ranges, m.command, m.grid, m.families);
            for (auto const& key : differing_keys(m.json, written))
                found.add(manifest_name, (cmd.dir / manifest_name).string() + ": " + key + ": " + short_dump(m.json, key) +
                                             " -> " + short_dump(written, key), exit_stale);
            std::vector<std::string> derived;
            for (auto const& e : grid_of(m.ranges).entries) derived.push_back(e.name);
            std::sort(derived.begin(), derived.end());
            if (derived != m.grid)
                found.add(manifest_name, (cmd.dir / manifest_name).string() + ": its grid list (" + std::to_string(m.grid.size()) +
                                             " layouts) is not the grid of its ranges now (" + std::to_string(derived.size()) +
                                             " layouts: " + m.command + ")", exit_stale);
            grid_names.insert(derived.begin(), derived.end());
            families = m.families;
        }
    }

    // The certificates in DIR, by folder name; nothing else may be there.
    std::vector<fs::path> folders, family_folders;
    std::set<std::string> present;
    for (auto const& d : fs::directory_iterator(cmd.dir)) {
        std::string const name = d.path().filename().string();
        if (name.front() == '.') continue;
        if (!is_directory_at(d.path())) {
            if (!is_catalogue_file(name))
                found.add(name, name + ": " + d.path().string() + " is not a file of a catalogue (stray)", exit_stale);
            continue;
        }
        if (is_family_folder(name)) {
            family_folders.push_back(d.path());
            present.insert(name);
            for (auto const& f : fs::directory_iterator(d.path()))
                if (!(f.path().filename() == "certificate.json" && is_regular_file_at(f.path())))
                    found.add(name, name + ": " + f.path().string() + " is not a file of a family certificate (stray)", exit_stale);
            continue;
        }
        if (!is_regular_file_at(certificate_path(d.path()))) {
            found.add(name, name + ": " + (cmd.dir / name).string() + " holds no certificate.json (as a regular file)", exit_stale);
            continue;
        }
        for (auto const& f : fs::directory_iterator(d.path())) {
            std::string const file = f.path().filename().string();
            bool const known = (file == "certificate.json" && is_regular_file_at(f.path())) ||
                               (file == "obligations" && is_directory_at(f.path()));
            if (!known) found.add(name, name + ": " + f.path().string() + " is not a file of a certificate (stray)", exit_stale);
        }
        folders.push_back(d.path());
        present.insert(name);
    }
    // Rows that are not powers of two first: their obligations take cvc5
    // seconds, not milliseconds, and should not be the last ones running.
    auto const slow_first = [](fs::path const& p) {
        auto const r = read_certificate(p);
        auto const* s = std::get_if<stored_certificate>(&r);
        return s && !is_pow2(s->entry.tile.shape.cols()) ? 0 : 1;
    };
    std::vector<std::pair<int, fs::path>> order;
    for (auto const& f : folders) order.emplace_back(slow_first(f), f);
    std::sort(order.begin(), order.end());
    for (std::size_t i = 0; i < order.size(); ++i) folders[i] = order[i].second;

    std::vector<catalogue_entry> const fixed = fixed_entries();
    std::set<std::string> present_fixed;
    std::mutex state_lock;
    std::vector<solver_timing> timings;
    std::size_t obligations = 0;
    double z3_seconds = 0;

    progress_bar bar("certificates and obligations checked", folders.size());
    work_pool pool(cmd.jobs ? cmd.jobs : default_jobs());

    auto run_solver = [&](solver_job const& job) {
        std::string const text = read_text(job.file);
        std::string const expected = stated_status(text);
        if (expected != "sat" && expected != "unsat") {
            found.add(job.layout, job.layout + ": " + job.file.string() + " states no expected status (set-info :status sat|unsat)",
                      exit_stale);
            bar.advance();
            return;
        }
        solver_run const r = solver->run(job.file);
        {
            std::lock_guard<std::mutex> g(state_lock);
            timings.push_back({job.layout, job.file.string(), r.cpu_seconds});
        }
        if (r.result == solver_run::outcome::timed_out)
            found.add(job.layout, job.layout + ": cvc5 timed out (" + std::to_string(solver->cpu_limit_s()) +
                                      " s CPU) on " + job.file.string() + ", which expects " + expected, exit_second_solver);
        else if (r.result == solver_run::outcome::failed)
            found.add(job.layout, job.layout + ": cvc5 failed on " + job.file.string() + ": " +
                                      cli::one_line(r.output.substr(0, 200)), exit_second_solver);
        else if (r.answer != expected)
            found.add(job.layout, job.layout + ": cvc5 disagrees on " + job.file.string() + ": the obligation expects " +
                                      expected + ", cvc5 answers " + r.answer, exit_second_solver);
        bar.advance();
    };

    auto check_one = [&](fs::path const& folder) {
        std::string const name = folder.filename().string();
        auto const read = read_certificate(folder);
        if (auto const* why = std::get_if<std::string>(&read)) {
            found.add(name, name + ": unreadable certificate " + certificate_path(folder).string() + ": " + cli::one_line(*why),
                      exit_stale);
            bar.advance();
            return;
        }
        stored_certificate const& stored = std::get<stored_certificate>(read);
        if (stored.json.value("digest", "") != digest_of(stored.json))
            found.add(name, name + ": certificate.json was edited by hand: its digest does not match its content "
                                   "(regenerate it with swz-verify --sweep ... --write-catalogue)", exit_stale);
        // Made by another tool or another Z3: whatever it says, it is not what this one derives.
        for (auto const& [key, now] : {std::pair<char const*, std::string>{"tool_version", tool_version()},
                                       std::pair<char const*, std::string>{"z3_version", z3_version()}}) {
            auto const it = stored.json.find(key);
            std::string const was = it == stored.json.end() ? "(none)" : it->dump();
            if (was != nlohmann::json(now).dump())
                found.add(name, name + ": " + key + ": " + was + " -> " + nlohmann::json(now).dump() +
                                    " (made by another version; regenerate the catalogue)", exit_stale);
        }
        if (stored.entry.name != name)
            found.add(name, name + ": the certificate calls itself " + stored.entry.name + ", its folder is " + name, exit_stale);
        auto const intended = intended_entry(stored.entry, fixed);
        if (!intended) {
            std::string who = stored.entry.kernels.empty() ? std::string(role_name(stored.entry.role)) : "kernel " + stored.entry.kernels.front();
            found.add(name, name + ": a " + std::string(role_name(stored.entry.role)) + " certificate (" + who +
                                ") for a tile that swz/kernel_layouts.hpp and the known-bad list no longer hold; delete " +
                                folder.string() + " or regenerate the catalogue", exit_stale);
        } else {
            std::lock_guard<std::mutex> g(state_lock);
            present_fixed.insert(intended->name);
        }
        catalogue_entry const entry = intended ? *intended : stored.entry;
        if (entry.name != name)
            found.add(name, name + ": its tile and requirements make the name " + entry.name, exit_stale);
        if (have_manifest && entry.role == entry_role::grid && !grid_names.count(name))
            found.add(name, name + ": a grid certificate outside the grid of " + (cmd.dir / manifest_name).string() +
                                "; delete " + folder.string() + " or regenerate the catalogue", exit_stale);

        // Re-derive with Z3, exactly as the sweep made it (each query under
        // the certificate's time limit, stopped by the prover's watchdog).
        certify_options opts;
        opts.timeout_ms = stored.timeout_ms;
        opts.required = stored.entry.required;
        opts.keep_obligations = true;
        opts.threads = 1;
        auto const t0 = std::chrono::steady_clock::now();
        certificate const fresh = certify_entry(stored.entry, opts);
        {
            std::lock_guard<std::mutex> g(state_lock);
            z3_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            obligations += fresh.obligations.size();
        }
        auto const unmet = unmet_expectations(entry, fresh);
        for (auto const& u : unmet) found.add(name, name + ": " + u, unmet_exit_code(entry, fresh));
        // A re-derivation with an UNKNOWN is no derivation: the differences
        // it shows say the check could not decide (5), not that the stored
        // certificate is stale (11).
        int const difference_code = has_undecided(fresh.results) ? exit_unknown : exit_stale;
        certificate_bundle const bundle = make_bundle(entry, fresh);
        for (auto const& d : certificate_differences(name, stored.json, bundle.json)) found.add(name, d, difference_code);

        // The stored obligation files: each as recorded, and no others.
        std::set<std::string> listed;
        std::vector<solver_job> jobs;
        for (auto const& r : stored.records) {
            if (!r.stored) continue;
            if (!is_safe_file_name(r.file)) {
                found.add(name, name + ": obligation file name " + r.file + " is not a plain .smt2 name", exit_stale);
                continue;
            }
            listed.insert(r.file);
            fs::path const p = obligation_path(folder, r);
            if (!is_regular_file_at(p)) {
                found.add(name, name + ": " + p.string() + (is_anything_at(p) ? " is no regular file" : " is missing") +
                                    " (the certificate lists it)", exit_stale);
                continue;
            }
            if (sha256_hex(read_text(p)) != r.sha256)
                found.add(name, name + ": " + p.string() + " was edited by hand: its SHA-256 is not the one the certificate records",
                          exit_stale);
            jobs.push_back({name, p});
        }
        if (is_directory_at(folder / "obligations"))
            for (auto const& f : fs::directory_iterator(folder / "obligations"))
                if (!listed.count(f.path().filename().string()))
                    found.add(name, name + ": " + f.path().string() + " is not an obligation the certificate lists", exit_stale);
        // The re-derived obligations not already checked as stored files.
        for (std::size_t i = 0; i < bundle.records.size(); ++i) {
            auto const& r = bundle.records[i];
            bool const as_stored = std::any_of(stored.records.begin(), stored.records.end(), [&](obligation_record const& s) {
                return s.stored && s.file == r.file && s.sha256 == r.sha256 && listed.count(s.file);
            });
            if (!cmd.obligations_dir && (as_stored || !solver)) continue;
            fs::path const p = scratch.path / name / r.file;
            if (auto e = write_text(p, bundle.texts[i])) {
                lost_output(*e);
                continue;
            }
            if (!as_stored && solver) jobs.push_back({name, p});
        }
        if (solver) {
            bar.add_total(jobs.size());
            for (auto const& j : jobs) pool.add([&, j] { run_solver(j); }, true);
        }
        bar.advance();
    };

    // The family proofs first: seconds each, against milliseconds a layout.
    bar.add_total(family_folders.size());
    for (auto const& f : family_folders) {
        std::string const name = f.filename().string();
        if (std::none_of(families.begin(), families.end(), [&](family_kind k) { return family_folder(k) == name; })) {
            found.add(name, name + ": a family proof that " + (cmd.dir / manifest_name).string() + " does not list; delete " +
                                f.string() + " or regenerate the catalogue", exit_stale);
            bar.advance();
            continue;
        }
        pool.add([&, f] {
            for (auto const& finding : check_family_folder(f)) found.add(f.filename().string(), finding.line, finding.exit_code);
            bar.advance();
        });
    }
    for (auto const& f : folders) pool.add([&, f] { check_one(f); });
    pool.run();
    bar.finish();

    // Every kernel's tile, every known-bad layout and every layout of the
    // manifest's grid must be there.
    for (auto const& e : fixed) {
        if (present_fixed.count(e.name)) continue;
        if (e.role == entry_role::kernel)
            for (auto const& k : e.kernels)
                found.add(e.name, "kernel " + k + ": no certificate for its tile (" + describe_tile(e.tile) + ") in " +
                                      dir_text + "; expected " + (cmd.dir / e.name).string(), exit_stale);
        else
            found.add(e.name, std::string(e.role == entry_role::known_bad ? "known-bad layout " : e.role == entry_role::fact ? "fact " : "layout ") +
                                  e.name + ": no certificate in " + dir_text + "; expected " + (cmd.dir / e.name).string(),
                      exit_stale);
    }
    for (auto const f : families)
        if (!present.count(family_folder(f)))
            found.add(family_folder(f), "family " + family_name(f) + ": no certificate in " + dir_text + "; expected " +
                                            (cmd.dir / family_folder(f)).string(), exit_stale);
    for (auto const& g : grid_names)
        if (!present.count(g))
            found.add(g, "grid layout " + g + ": no certificate in " + dir_text + ", though " + manifest_name +
                             " lists it; expected " + (cmd.dir / g).string(), exit_stale);

    if (timings_file) {
        std::sort(timings.begin(), timings.end(), [](auto const& a, auto const& b) { return a.file < b.file; });
        std::ostringstream csv;
        csv << "layout,obligation,cvc5_cpu_seconds\n";
        for (auto const& t : timings) csv << t.layout << "," << t.file << "," << t.cpu_seconds << "\n";
        if (auto e = timings_file->write(csv.str())) lost_output(*e);
    }
    int code = found.exit_code();
    // A full disk fails every file alike: the first few say why, a count the rest.
    constexpr std::size_t shown_errors = 5;
    for (std::size_t i = 0; i < output_errors.size() && i < shown_errors; ++i) code = worse_exit(code, output_error(output_errors[i]));
    if (output_errors.size() > shown_errors)
        output_error("and " + std::to_string(output_errors.size() - shown_errors) + " more files could not be written");

    double const total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string second;
    if (solver) {
        double sum = 0, max = 0;
        for (auto const& t : timings) sum += t.cpu_seconds, max = std::max(max, t.cpu_seconds);
        second = solver->version() + " checked " + std::to_string(timings.size()) + " obligation files (CPU " +
                 seconds_text(sum) + ", at most " + seconds_text(max) + " each)";
    } else {
        second = "cvc5 SKIPPED (--no-second-solver)";
    }
    std::size_t const n = found.count();
    std::string const verdict =
        code == exit_ok ? std::string("PASSED")
        : n == 0        ? "FAILED: " + std::to_string(output_errors.size()) + " output" + (output_errors.size() == 1 ? "" : "s") +
                              " could not be written"
                        : "FAILED with " + std::to_string(n) + " finding" + (n == 1 ? "" : "s");
    std::ostringstream findings_text;
    found.print(findings_text);
    std::ostringstream report;  // the text report: the findings, then the summary line
    report << findings_text.str() << "swz-verify --check " << dir_text << ": " << folders.size() << " certificates, "
           << family_folders.size() << " family proof" << (family_folders.size() == 1 ? "" : "s") << ", "
           << obligations << " obligations; Z3 re-derived them (" << seconds_text(z3_seconds) << " CPU); " << second
           << "; " << verdict
           << (code == exit_ok ? "" : " (exit " + std::to_string(code) + ": " + exit_code_meaning(code) + ")") << " in "
           << seconds_text(total) << "\n";
    // The documents (--json, --format) name the exit code of the checking;
    // a document that cannot be written adds exit 3 after it.
    check_summary summary{dir_text, {}, obligations, solver ? solver->version() : std::string(), code};
    for (auto const& f : folders) summary.layouts.push_back(f.filename().string());
    std::string const json_text = check_json(summary, found).dump(2) + "\n";
    if (json_file)
        if (auto e = json_file->write(json_text)) code = worse_exit(code, output_error(*e));
    bool const json_on_stdout = cmd.json && *cmd.json == "-";
    std::string document;
    switch (cmd.format) {
        case output_format::json: document = json_text; break;
        case output_format::markdown: document = markdown_report(check_subjects(summary, found), summary.exit_code); break;
        case output_format::sarif: document = sarif_report(check_subjects(summary, found)).dump(2) + "\n"; break;
        case output_format::junit: document = junit_report(check_subjects(summary, found)); break;
        case output_format::text: document = report.str(); break;
    }
    if (out_file)
        if (auto e = out_file->write(document)) code = worse_exit(code, output_error(*e));
    bool const document_on_stdout = json_on_stdout || (cmd.format != output_format::text && !out_file);
    if (json_on_stdout) std::cout << json_text;
    else if (document_on_stdout) std::cout << document;
    // The text report: on standard output unless something else is there
    // (then on stderr), or the findings alone (--quiet), or only in --out.
    if (cmd.quiet) std::cout << findings_text.str();
    else if (document_on_stdout) std::cerr << report.str();
    else if (!(out_file && cmd.format == output_format::text)) std::cout << report.str();
    if (auto e = flush_stdout("the report")) code = worse_exit(code, output_error(*e));
    return code;
}

}  // namespace swz::verify::catalogue
