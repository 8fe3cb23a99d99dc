#include "json_layout.hpp"

#include <algorithm>

namespace swz::verify::catalogue {

namespace {

constexpr std::size_t line_width = 100;

void write(std::string& out, nlohmann::json const& j, std::size_t indent, std::size_t used) {
    std::string const compact = j.dump();
    // An array of plain values stays on one line however long (x_swz lists).
    bool const flat_array = j.is_array() && std::none_of(j.begin(), j.end(), [](auto const& v) { return v.is_structured(); });
    if (!j.is_structured() || j.empty() || flat_array || indent + used + compact.size() <= line_width) {
        out += compact;
        return;
    }
    std::string const inner(indent + 2, ' ');
    bool const object = j.is_object();
    out += object ? "{\n" : "[\n";
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out += ",\n";
        first = false;
        out += inner;
        std::size_t key_width = 0;
        if (object) {
            std::string const key = nlohmann::json(it.key()).dump() + ": ";
            out += key;
            key_width = key.size();
        }
        write(out, *it, indent + 2, key_width + 1);  // + 1: the comma that may follow
    }
    out += '\n';
    out.append(indent, ' ');
    out += object ? '}' : ']';
}

}  // namespace

std::string layout_json(nlohmann::json const& j) {
    std::string out;
    write(out, j, 0, 0);
    return out + "\n";
}

}  // namespace swz::verify::catalogue
