// A kernel author's own access, proved at build time (swz_certify_access):
// ldmatrix.x4 loading mma.m16n8k16 A fragments from a 64-row tile of
// 128-byte half rows. Lane l supplies row l % 16 of a 16-row block and the
// 16-byte column block 2*kb + l / 16 (kb: the k-step, 4 of them in a row);
// the same function a kernel would call computes the byte offset, through
// CuTe's Swizzle<3,4,3> on bytes (= Swizzle<3,3,3> on half elements) or,
// with CONSUMER_PLAIN, through no swizzle.
#include <swz/layout/bit_swizzle.hpp>
#include <swz/verify/api/user_access.hpp>

#ifndef CONSUMER_PLAIN
#define CONSUMER_PLAIN 0
#endif

struct a_fragment {
    template <class V>
    V operator()(V lane, V block, V kb) const {
        V const row = block * 16 + lane % 16;
        V const byte = row * 128 + (kb * 2 + lane / 16) * 16;
        return CONSUMER_PLAIN ? byte : swz::bit_swizzle{3, 4, 3}(byte);
    }
};

int main(int argc, char** argv) {
    swz::verify::access_certifier c;
    c.add(CONSUMER_PLAIN ? "a_fragment_plain" : "a_fragment", swz::ldmatrix(4), 64 * 128, a_fragment{},
          {{"block", 4}, {"kb", 4}}, swz::verify::required::conflict_free);
    return c.run(argc, argv);
}
