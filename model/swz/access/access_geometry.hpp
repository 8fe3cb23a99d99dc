// What an access needs to know of the tile it reads, and what it says of
// each lane: the logical byte it starts at (a row, and a byte within the
// logical row; the layout then says where that is stored).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "swz/config.hpp"

namespace swz {

struct access_geometry {
    std::uint64_t rows = 0;
    std::uint32_t row_bytes = 0;
    std::uint32_t elem = 4;
    std::uint32_t chunk = 4;  // the layout's chunk: the default width of the chunk-wide accesses
};

template <class V>
struct logical_byte {
    V y;   // the row
    V xb;  // the byte within the logical row: element xb / elem, byte xb % elem of it
};

// Where a lane's logical byte is stored: the layout places the element, the
// byte within the element follows it. `offset(y, x)` is the layout's byte
// offset of cell (y, x). One definition for the prover, the probe and the tests.
// (Host and device; a host-only Offset, as the probe's, is fine on the host.)
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class V, class Offset, class E>
SWZ_HOST_DEVICE V stored_byte(Offset const& offset, logical_byte<V> const& b, E elem) {
    return offset(b.y, b.xb / elem) + b.xb % elem;
}

// Where element k of a lane's run from logical byte b is stored: a lane
// that moves several elements is one vector access only where each sits at
// stored_byte + k * elem.
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
template <class V, class Offset, class E>
SWZ_HOST_DEVICE V stored_element(Offset const& offset, logical_byte<V> const& b, E elem, unsigned k) {
    return offset(b.y, b.xb / elem + k);
}

// One start variable and how many values it takes: 0 .. count-1.
struct start_variable {
    std::string name;
    std::uint64_t count;
};

struct start_domain {
    std::vector<start_variable> vars;  // empty when the access does not apply
    std::string not_applicable;        // why, when it does not
};

}  // namespace swz
