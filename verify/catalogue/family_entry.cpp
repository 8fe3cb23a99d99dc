#include "family_entry.hpp"

#include "../exit_codes.hpp"
#include "../report.hpp"
#include "certificate_diff.hpp"
#include "expectation.hpp"
#include "strict_json.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

constexpr char prefix[] = "family-";

nlohmann::json catalogue_json(family_certificate const& c) {
    nlohmann::json j = family_json(c);
    j["timeout_ms"] = family_timeout_ms;
    j["exit_code"] = exit_code_for(c.results);
    return sealed(std::move(j));
}

}  // namespace

std::vector<family_kind> catalogued_families() { return known_families(); }

std::string family_folder(family_kind f) { return prefix + family_name(f); }

bool is_family_folder(std::string const& name) { return name.rfind(prefix, 0) == 0; }

certificate_bundle family_bundle(family_kind f, family_certificate const& c) {
    certificate_bundle b;
    b.entry.name = family_folder(f);
    b.json = catalogue_json(c);
    return b;
}

std::vector<family_finding> check_family_folder(fs::path const& folder) {
    std::string const name = folder.filename().string();
    std::vector<family_finding> out;
    auto const kind = family_named(name.substr(sizeof prefix - 1));
    if (!kind) return {{name + ": " + folder.string() + " names no family swz proves (" + family_names() + ")", exit_stale}};
    nlohmann::json stored;
    try {
        stored = parse_strict_json(read_file(certificate_path(folder)));
    } catch (std::exception const& e) {
        return {{name + ": unreadable certificate " + certificate_path(folder).string() + ": " + e.what(), exit_stale}};
    }
    if (!stored.is_object()) return {{name + ": " + certificate_path(folder).string() + " is not a JSON object", exit_stale}};
    if (stored.value("digest", "") != digest_of(stored))
        out.push_back({name + ": certificate.json was edited by hand: its digest does not match its content "
                              "(regenerate it with swz-verify --sweep ... --write-catalogue)", exit_stale});
    // A family is the long pole of a check: its properties on threads of their own.
    family_certificate const fresh_cert = certify_family(*kind, family_timeout_ms, 0);
    nlohmann::json const fresh = catalogue_json(fresh_cert);
    bool const undecided = has_undecided(fresh_cert.results);
    if (int const code = exit_code_for(fresh_cert.results); code != exit_ok)
        out.push_back({name + ": the family is not proved now (exit " + std::to_string(code) + ")",
                       undecided ? exit_unknown : code});
    for (auto const& d : certificate_differences(name, stored, fresh)) out.push_back({d, undecided ? exit_unknown : exit_stale});
    return out;
}

}  // namespace swz::verify::catalogue
