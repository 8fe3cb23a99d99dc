// The shapes swz-bench times: a list given on the command line, or the
// suite of the goals (kernels/BENCHMARKS.md). A shape is
//   ROWSxCOLS            one packed matrix
//   BATCHxROWSxCOLS      a batch of packed matrices, one after the other
//   ...:LD_IN:LD_OUT     leading dimensions (elements) larger than the row
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace swz::bench {

struct bench_shape {
    std::string group;  // square, odd, tall, wide, sub-matrix, batch, given
    std::size_t batch = 1, rows = 0, cols = 0, ld_in = 0, ld_out = 0;

    std::string name() const {
        std::string n = (batch > 1 ? std::to_string(batch) + "x" : "") + std::to_string(rows) + "x" + std::to_string(cols);
        if (ld_in != cols || ld_out != rows) n += ":" + std::to_string(ld_in) + ":" + std::to_string(ld_out);
        return n;
    }
    std::size_t stride_in() const { return rows * ld_in; }
    std::size_t stride_out() const { return cols * ld_out; }
};

inline std::vector<std::string> split(std::string const& text, char sep) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (std::size_t at; (at = text.find(sep, from)) != std::string::npos; from = at + 1) parts.push_back(text.substr(from, at - from));
    parts.push_back(text.substr(from));
    return parts;
}

// A positive count of at most 12 digits.
inline std::optional<std::size_t> count_of(std::string const& digits) {
    if (digits.empty() || digits.size() > 12 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    std::size_t const v = std::strtoull(digits.c_str(), nullptr, 10);
    if (v == 0) return std::nullopt;
    return v;
}

inline std::optional<bench_shape> parse_shape(std::string const& text) {
    auto const fields = split(text, ':');
    auto const dims = split(fields[0], 'x');
    if ((fields.size() != 1 && fields.size() != 3) || (dims.size() != 2 && dims.size() != 3)) return std::nullopt;
    std::vector<std::size_t> v;
    for (auto const& d : dims) {
        auto const n = count_of(d);
        if (!n) return std::nullopt;
        v.push_back(*n);
    }
    bench_shape s;
    s.group = "given";
    if (v.size() == 3) s.batch = v[0];
    s.rows = v[v.size() - 2], s.cols = v.back();
    s.ld_in = s.cols, s.ld_out = s.rows;
    if (fields.size() == 3) {
        auto const in = count_of(fields[1]), out = count_of(fields[2]);
        if (!in || !out || *in < s.cols || *out < s.rows) return std::nullopt;
        s.ld_in = *in, s.ld_out = *out;
    }
    return s;
}

inline std::vector<bench_shape> parse_shapes(std::string const& list) {
    std::vector<bench_shape> out;
    std::size_t from = 0;
    while (from <= list.size()) {
        std::size_t const comma = list.find(',', from);
        std::string const item = list.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        auto s = parse_shape(item);
        if (!s) {
            std::fprintf(stderr,
                         "swz-bench: error: --shapes: '%s' is not ROWSxCOLS, BATCHxROWSxCOLS or either with "
                         ":LD_IN:LD_OUT (leading dimensions at least the row)\n",
                         item.c_str());
            std::exit(1);
        }
        out.push_back(*s);
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    return out;
}

// The goals' suite: squares 1024 to 16384; odd shapes (both dimensions odd,
// columns of every odd residue mod 16, so int8 rows of every odd byte
// residue, half every even one); tall and skinny down to 64 columns; wide
// and short down to 64 rows; sub-matrices; batches of small matrices.
inline std::vector<bench_shape> default_suite() {
    std::vector<std::pair<char const*, char const*>> const groups{
        {"square", "1024x1024,2048x2048,4096x4096,8192x8192,16384x16384"},
        {"odd", "12345x6789,8191x8193,5001x7003,7777x5555,6007x6007,4099x9999,9001x4093,3003x11001"},
        {"tall", "1048576x64,100000x96,524288x256"},
        {"wide", "64x1048576,96x100000,256x524288"},
        {"sub-matrix", "8192x8192:8200:8200,6000x5000:6007:6011"},
        {"batch", "4096x64x64,256x256x256,16x1000x1000"},
    };
    std::vector<bench_shape> out;
    for (auto const& [group, list] : groups)
        for (auto s : parse_shapes(list)) {
            s.group = group;
            out.push_back(s);
        }
    return out;
}

}  // namespace swz::bench
