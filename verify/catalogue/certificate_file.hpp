// A catalogue certificate on disk:
//
//   <dir>/<name>/certificate.json               the certificate, sealed by a digest
//   <dir>/<name>/obligations/<obligation>.smt2  its small SMT-LIB2 obligations
//
// certificate.json is swz-verify's JSON certificate without what says how a
// result was found rather than what it is (timings, solver-call counts) and
// without the per-lane table of each conflict witness (32 rows a pattern,
// replayed from the witness's start by swz-verify --nx ... --json), plus a
// "catalogue" section: what the tile is, why it is catalogued, the outcome
// it must have, and every obligation's name, role, expected answer, size
// and SHA-256. "digest" is the SHA-256 of everything else, serialized
// compactly with sorted keys: a hand edit breaks it.
//
// The obligations of the formula and layout properties (the proofs that
// the tile is a correct layout, or the refutations of a known-bad one;
// about 1.5 KB each) are stored as files, so any solver can re-check them
// from a plain checkout. The others (conflict figures, alignment, spread,
// the article's claims) are recorded by digest only: the conflict queries
// alone are 20-300 KB each, 70 MB for the catalogue. swz-verify --check
// re-derives them all and has cvc5 check each; --obligations-dir keeps them.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "../certify.hpp"
#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

struct obligation_record {
    std::string name;      // as the prover named it
    std::string file;      // <file>.smt2 under obligations/
    std::string role;      // "proof" or "witness"
    std::string expected;  // "unsat" or "sat"
    std::string sha256;
    std::size_t bytes = 0;
    bool stored = false;
};

struct certificate_bundle {
    catalogue_entry entry;
    nlohmann::json json;  // sealed
    std::vector<obligation_record> records;
    std::vector<std::string> texts;  // records[i]'s SMT-LIB2 text
};

// The catalogue certificate of `entry` from what certify() found (with
// keep_obligations on).
certificate_bundle make_bundle(catalogue_entry const& entry, certificate const& c);

// A file's whole text; throws ("cannot read PATH") when it cannot be read.
std::string read_file(std::filesystem::path const& p);
// The digest of a certificate: over all of it but its "digest".
std::string digest_of(nlohmann::json const& j);
nlohmann::json sealed(nlohmann::json j);

// Writes <dir>/<name>/, replacing what was there; throws on any failed
// write. The sweep writes into a staging folder (catalogue_writer.hpp).
void write_bundle(std::filesystem::path const& dir, certificate_bundle const& b);

std::filesystem::path certificate_path(std::filesystem::path const& entry_dir);
std::filesystem::path obligation_path(std::filesystem::path const& entry_dir, obligation_record const& r);

// A stored certificate read back: its entry and the certify options that
// re-derive it, or why it cannot be read (a duplicate key is a reason).
struct stored_certificate {
    catalogue_entry entry;
    unsigned timeout_ms = 10000;
    nlohmann::json json;
    std::vector<obligation_record> records;
};
std::variant<stored_certificate, std::string> read_certificate(std::filesystem::path const& entry_dir);

std::vector<obligation_record> records_from_json(nlohmann::json const& j);

// The status an SMT-LIB2 text states, "(set-info :status X)", or "".
std::string stated_status(std::string const& smt2);

}  // namespace swz::verify::catalogue
