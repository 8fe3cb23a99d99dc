// 16 bytes in four 32-bit registers, and the memory moves the kernels make,
// written once for device code and for the CPU emulation of the kernels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "swz/config.hpp"

namespace swz::detail {

struct alignas(16) vec16 {
    std::uint32_t w[4];
};

// A pointer's address, for its alignment.
SWZ_HOST_DEVICE inline std::uintptr_t address(void const* p) { return reinterpret_cast<std::uintptr_t>(p); }


#if !defined(__CUDA_ARCH__)
// On the host (the CPU emulation of the kernels) a test may watch every
// global read the fast kernel makes, to check it never reads outside the
// matrix; null, as always outside such a test, watches nothing.
using host_read_watcher = void (*)(void const* p, std::size_t bytes);
inline host_read_watcher& host_read_watch() {
    static host_read_watcher watcher = nullptr;
    return watcher;
}
// The same for every global write (a test that checks which block writes
// each 32-byte sector of the output).
inline host_read_watcher& host_write_watch() {
    static host_read_watcher watcher = nullptr;
    return watcher;
}
#endif

// c ? a : b, word by word (a conditional between two vectors would pick an
// address, which forces them out of registers into local memory).
SWZ_HOST_DEVICE inline vec16 choose(bool c, vec16 const& a, vec16 const& b) {
    return {{c ? a.w[0] : b.w[0], c ? a.w[1] : b.w[1], c ? a.w[2] : b.w[2], c ? a.w[3] : b.w[3]}};
}

// Global memory, 16 bytes at a 16-byte-aligned address. Loads take the
// read-only path (the input never overlaps the output); stores are plain,
// global because the kernels form their pointers from the matrices' own.
// Streaming: data touched once, with the evict-first (.cs) cache hint.
// Prefetch (64, 128 or 256; 0 for none): the load also asks the L2 to
// fetch the aligned block of that many bytes around it (PTX's
// .L2::<N>B, sm_75 and later); a hint only, the bytes loaded are the same.
// Streaming loads take no such hint. The asm reads memory that nothing
// writes while the kernel runs (the read-only path's own premise), so it
// is a pure function of p, as __ldg is, and the compiler may schedule it so.
template <bool Streaming = false, unsigned Prefetch = 0>
SWZ_HOST_DEVICE inline vec16 load_global16(unsigned char const* p) {
    static_assert(Prefetch == 0 || Prefetch == 64 || Prefetch == 128 || Prefetch == 256);
#if defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 750
    if constexpr (!Streaming && Prefetch != 0) {
        vec16 v;
        if constexpr (Prefetch == 64)
            asm("ld.global.nc.L2::64B.v4.u32 {%0, %1, %2, %3}, [%4];"
                : "=r"(v.w[0]), "=r"(v.w[1]), "=r"(v.w[2]), "=r"(v.w[3])
                : "l"(p));
        else if constexpr (Prefetch == 128)
            asm("ld.global.nc.L2::128B.v4.u32 {%0, %1, %2, %3}, [%4];"
                : "=r"(v.w[0]), "=r"(v.w[1]), "=r"(v.w[2]), "=r"(v.w[3])
                : "l"(p));
        else
            asm("ld.global.nc.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
                : "=r"(v.w[0]), "=r"(v.w[1]), "=r"(v.w[2]), "=r"(v.w[3])
                : "l"(p));
        return v;
    }
#endif
    uint4 const u = Streaming ? __ldcs(reinterpret_cast<uint4 const*>(p)) : __ldg(reinterpret_cast<uint4 const*>(p));
    return {{u.x, u.y, u.z, u.w}};
#else
    if (host_read_watch()) host_read_watch()(p, 16);
    vec16 v;
    std::memcpy(v.w, p, 16);
    return v;
#endif
}

template <bool Streaming = false>
SWZ_HOST_DEVICE inline void store_global16(unsigned char* p, vec16 const& v) {
#if defined(__CUDA_ARCH__)
    uint4 const u = make_uint4(v.w[0], v.w[1], v.w[2], v.w[3]);
    if (Streaming) __stcs(reinterpret_cast<uint4*>(p), u);
    else *reinterpret_cast<uint4*>(p) = u;  // a plain store: __stwb would make it a strong one
#else
    if (host_write_watch()) host_write_watch()(p, 16);
    std::memcpy(p, v.w, 16);
#endif
}

// Shared memory (the tile), 16 bytes.
SWZ_HOST_DEVICE inline void store16(unsigned char* p, vec16 const& v) {
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<uint4*>(p) = make_uint4(v.w[0], v.w[1], v.w[2], v.w[3]);
#else
    std::memcpy(p, v.w, 16);
#endif
}

template <class T>
SWZ_HOST_DEVICE inline T load_as(unsigned char const* p) {
#if defined(__CUDA_ARCH__)
    return *reinterpret_cast<T const*>(p);
#else
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
#endif
}

template <class T>
SWZ_HOST_DEVICE inline void store_as(unsigned char* p, T v) {
#if defined(__CUDA_ARCH__)
    *reinterpret_cast<T*>(p) = v;
#else
    std::memcpy(p, &v, sizeof(T));
#endif
}

// The unsigned word of an element of Size bytes.
template <std::size_t Size> struct word_of;
template <> struct word_of<1> { using type = std::uint8_t; };
template <> struct word_of<2> { using type = std::uint16_t; };
template <> struct word_of<4> { using type = std::uint32_t; };
template <> struct word_of<8> { using type = std::uint64_t; };

// Element e (a Word) of a 16-byte vector, e a compile-time index after
// unrolling, so the vector stays in registers.
template <class Word>
SWZ_HOST_DEVICE inline void set_element(vec16& v, unsigned e, Word x) {
    static_assert(sizeof(Word) <= 8);
    if constexpr (sizeof(Word) == 8) {
        v.w[2 * e] = std::uint32_t(x);
        v.w[2 * e + 1] = std::uint32_t(std::uint64_t(x) >> 32);
    } else {
        constexpr unsigned per_word = 4 / sizeof(Word), bits = 8 * sizeof(Word);
        std::uint32_t const shift = (e % per_word) * bits, mask = bits == 32 ? ~0u : ((1u << bits) - 1) << shift;
        v.w[e / per_word] = (v.w[e / per_word] & ~mask) | (std::uint32_t(x) << shift);
    }
}
template <class Word>
SWZ_HOST_DEVICE inline Word get_element(vec16 const& v, unsigned e) {
    if constexpr (sizeof(Word) == 8) {
        return Word(v.w[2 * e]) | (Word(v.w[2 * e + 1]) << 32);
    } else {
        constexpr unsigned per_word = 4 / sizeof(Word), bits = 8 * sizeof(Word);
        return Word(v.w[e / per_word] >> ((e % per_word) * bits));
    }
}

}  // namespace swz::detail
