// SHA-256 (FIPS 180-4), for the catalogue's content digests. Not a
// signature: anyone can recompute it. It tells a certificate edited by hand
// from one swz-verify wrote, and names an obligation's exact text.
#pragma once

#include <string>
#include <string_view>

namespace swz::verify::catalogue {

// The digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace swz::verify::catalogue
