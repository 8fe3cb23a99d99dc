#include "certificate_file.hpp"

#include "../access_spec.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "../report.hpp"
#include "json_layout.hpp"
#include "output_file.hpp"
#include "regular_file.hpp"
#include "sha256.hpp"
#include "strict_json.hpp"

namespace swz::verify::catalogue {

namespace fs = std::filesystem;

namespace {

// An obligation's name as a file name: "article.final_form [small]" ->
// "article.final_form.small"; anything else outside [A-Za-z0-9._-] -> '_'.
std::string file_stem(std::string const& name) {
    std::string s;
    for (char c : name) {
        if (c == '[' || c == ']') continue;
        if (c == ' ') c = '.';
        bool const ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '_' || c == '-';
        s += ok ? c : '_';
    }
    return s.empty() ? "obligation" : s;
}

// An obligation decided by negation bears its property's name, with
// " [small]" when its model was searched among small values: "bijection",
// "bijection [small]".
std::string property_of(std::string const& obligation) { return obligation.substr(0, obligation.find(" [")); }

// Checked to the last byte and the close: a full disk is an error, not a short file.
void write_file(fs::path const& p, std::string const& text) {
    if (auto e = write_whole_file(p, text)) throw std::runtime_error(*e);
}

nlohmann::json record_json(obligation_record const& r) {
    return {{"name", r.name}, {"file", r.file}, {"role", r.role}, {"expected", r.expected},
            {"sha256", r.sha256}, {"bytes", r.bytes}, {"stored", r.stored}};
}

}  // namespace

std::string read_file(fs::path const& p) {
    auto text = read_regular_file(p);
    if (!text) throw std::runtime_error("cannot read " + p.string() + " as a regular file");
    return std::move(*text);
}

std::string digest_of(nlohmann::json const& j) {
    nlohmann::json content = j;
    content.erase("digest");
    return "sha256:" + sha256_hex(content.dump());
}

nlohmann::json sealed(nlohmann::json j) {
    j["digest"] = digest_of(j);
    return j;
}

certificate_bundle make_bundle(catalogue_entry const& entry, certificate const& c) {
    certificate_bundle b;
    b.entry = entry;
    nlohmann::json j = to_json(c);
    j.erase("seconds");
    std::set<std::string> stored_properties;
    for (auto& r : j["results"]) {
        r.erase("seconds");
        r.erase("solver_calls");
        for (char const* key : {"witness", "counterexample"})
            if (r.contains(key) && r[key].is_object()) r[key].erase("lanes");
        std::string const section = r.value("section", "");
        if (section == "formula" || section == "layout") stored_properties.insert(r.value("id", ""));
    }
    std::set<std::string> used;
    for (auto const& o : c.obligations) {
        obligation_record r;
        r.name = o.name;
        std::string stem = file_stem(o.name);
        for (unsigned n = 2; used.count(stem + ".smt2"); ++n) stem = file_stem(o.name) + "-" + std::to_string(n);
        r.file = stem + ".smt2";
        used.insert(r.file);
        r.role = o.role;
        r.expected = o.expected;
        r.sha256 = sha256_hex(o.smt2);
        r.bytes = o.smt2.size();
        r.stored = stored_properties.count(property_of(o.name)) > 0;
        b.records.push_back(r);
        b.texts.push_back(o.smt2);
    }
    nlohmann::json cat;
    cat["name"] = entry.name;
    cat["role"] = role_name(entry.role);
    cat["tile"] = {{"layout", entry.tile.layout},
                   {"rows", entry.tile.shape.rows},
                   {"row_bytes", entry.tile.shape.row_bytes},
                   {"elem", entry.tile.shape.elem},
                   {"chunk_bytes", entry.tile.chunk}};
    if (!entry.tile.other.empty()) cat["tile"]["other"] = entry.tile.other;
    cat["kernels"] = entry.kernels;
    cat["expect"] = {{"exit_code", entry.expected_exit}, {"refuted", entry.expected_refuted}};
    if (!entry.why.empty()) cat["why"] = entry.why;
    cat["obligations"] = nlohmann::json::array();
    for (auto const& r : b.records) cat["obligations"].push_back(record_json(r));
    j["catalogue"] = cat;
    b.json = sealed(std::move(j));
    return b;
}

fs::path certificate_path(fs::path const& entry_dir) { return entry_dir / "certificate.json"; }

fs::path obligation_path(fs::path const& entry_dir, obligation_record const& r) {
    return entry_dir / "obligations" / r.file;
}

void write_bundle(fs::path const& dir, certificate_bundle const& b) {
    fs::path const here = dir / b.entry.name;
    fs::remove_all(here);
    fs::create_directories(here);
    write_file(certificate_path(here), layout_json(b.json));
    for (std::size_t i = 0; i < b.records.size(); ++i) {
        if (!b.records[i].stored) continue;
        fs::create_directories(here / "obligations");
        write_file(obligation_path(here, b.records[i]), b.texts[i]);
    }
}

std::vector<obligation_record> records_from_json(nlohmann::json const& j) {
    std::vector<obligation_record> out;
    for (auto const& o : j.at("catalogue").at("obligations")) {
        obligation_record r;
        r.name = o.at("name").get<std::string>();
        r.file = o.at("file").get<std::string>();
        r.role = o.at("role").get<std::string>();
        r.expected = o.at("expected").get<std::string>();
        r.sha256 = o.at("sha256").get<std::string>();
        r.bytes = o.at("bytes").get<std::size_t>();
        r.stored = o.at("stored").get<bool>();
        if (r.file.find('/') != std::string::npos || r.file == "." || r.file == "..")
            throw std::runtime_error("obligation file name " + r.file + " leaves obligations/");
        out.push_back(r);
    }
    return out;
}

std::variant<stored_certificate, std::string> read_certificate(fs::path const& entry_dir) {
    stored_certificate s;
    try {
        s.json = parse_strict_json(read_file(certificate_path(entry_dir)));
        auto const& cat = s.json.at("catalogue");
        auto const& tile = cat.at("tile");
        auto const role = role_from_name(cat.at("role").get<std::string>());
        if (!role) return "unknown role " + cat.at("role").dump();
        s.entry.name = cat.at("name").get<std::string>();
        s.entry.role = *role;
        s.entry.tile.layout = tile.at("layout").get<std::string>();
        s.entry.tile.shape = {tile.at("rows").get<std::uint64_t>(), tile.at("row_bytes").get<std::uint32_t>(),
                              tile.at("elem").get<std::uint32_t>()};
        s.entry.tile.chunk = tile.at("chunk_bytes").get<std::uint32_t>();
        if (tile.contains("other")) s.entry.tile.other = tile.at("other").get<std::string>();
        auto const parsed = subject_of(s.entry.tile);
        if (auto const* e = std::get_if<layout_error>(&parsed)) return "its layout does not parse: " + e->message;
        if (!s.entry.tile.other.empty()) {
            auto const second = other_subject_of(s.entry.tile);
            if (auto const* e = std::get_if<layout_error>(&second)) return "its second layout does not parse: " + e->message;
        }
        for (auto const& k : cat.at("kernels")) s.entry.kernels.push_back(k.get<std::string>());
        s.entry.expected_exit = cat.at("expect").at("exit_code").get<int>();
        for (auto const& id : cat.at("expect").at("refuted")) s.entry.expected_refuted.push_back(id.get<std::string>());
        if (cat.contains("why")) s.entry.why = cat.at("why").get<std::string>();
        auto const& req = s.json.at("requirements");
        for (auto const& name : req.at("conflict_free")) {
            std::string const spec = name.get<std::string>();
            if (auto const* t = std::get_if<layout_subject>(&parsed))
                if (std::holds_alternative<access_error>(access_on(spec, *t)))
                    return "unknown access " + name.dump() + " in its requirements";
            s.entry.required.conflict_free.push_back(spec);
        }
        s.entry.required.article = req.at("article").get<bool>();
        s.timeout_ms = s.json.at("timeout_ms").get<unsigned>();
        if (s.timeout_ms == 0) return "timeout_ms is 0";
        s.records = records_from_json(s.json);
    } catch (std::exception const& e) {
        return std::string(e.what());
    }
    return s;
}

std::string stated_status(std::string const& smt2) {
    std::string const key = "(set-info :status ";
    auto const at = smt2.find(key);
    if (at == std::string::npos) return "";
    auto const end = smt2.find(')', at);
    return end == std::string::npos ? "" : smt2.substr(at + key.size(), end - at - key.size());
}

}  // namespace swz::verify::catalogue
