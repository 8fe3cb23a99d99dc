// SHA-256 against FIPS 180-4's examples and values from Python's hashlib at
// the padding boundaries (55, 56, 63, 64, 119 and 120 bytes).
#include <catch2/catch.hpp>

#include <string>

#include "catalogue/sha256.hpp"

using swz::verify::catalogue::sha256_hex;

TEST_CASE("SHA-256 gives the FIPS 180-4 digests", "[catalogue][sha256]") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 pads right at the block boundaries", "[catalogue][sha256]") {
    struct known {
        std::size_t n;
        char const* digest;  // of n times 'x', from Python's hashlib
    };
    for (auto const& k : {known{55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
                          known{56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
                          known{63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
                          known{64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
                          known{119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
                          known{120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"}}) {
        CAPTURE(k.n);
        CHECK(sha256_hex(std::string(k.n, 'x')) == k.digest);
    }
}
