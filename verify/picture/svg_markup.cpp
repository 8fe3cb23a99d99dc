#include "picture/svg_markup.hpp"

namespace swz::verify::svg {

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default:
            // No escape makes these legal in XML 1.0, so they are replaced.
            bool const forbidden = static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r';
            out += forbidden ? '?' : c;
        }
    }
    return out;
}

std::string start_tag(std::string_view tag, attributes const& attrs, bool empty) {
    std::string out = "<";
    out += tag;
    for (auto const& a : attrs) {
        out += ' ';
        out += a.name;
        out += "=\"";
        out += escape(a.value);
        out += '"';
    }
    out += empty ? "/>" : ">";
    return out;
}

std::string end_tag(std::string_view tag) {
    std::string out = "</";
    out += tag;
    out += '>';
    return out;
}

std::string text_element(std::string_view tag, attributes const& attrs, std::string_view text) {
    return start_tag(tag, attrs) + escape(text) + end_tag(tag);
}

}  // namespace swz::verify::svg
