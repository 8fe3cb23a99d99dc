#include "picture/tile_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <utility>

#include "picture/bank_palette.hpp"
#include "picture/svg_markup.hpp"

namespace swz::verify {
namespace {

using svg::attributes;
using svg::start_tag;
using svg::end_tag;
using svg::text_element;

// Sizes in px. Cells shrink with wide rows so a row stays about 1024 px.
constexpr unsigned margin = 16, title_font = 16, title_line = 28;
constexpr unsigned caption_font = 13, caption_line = 20;
constexpr unsigned note_font = 11, note_line = 16, note_item = 190;
constexpr unsigned swatch = 20, swatch_pitch = 22, legend_line = 18;
constexpr unsigned max_cell = 16, min_cell = 4, row_target = 1024;
constexpr unsigned bank_label_cell = 16;  // smaller cells carry no bank number

unsigned bank_of(std::uint64_t byte) { return static_cast<unsigned>(byte / 4 % bank_colours); }

// A fixed-point number without trailing zeros: the same text on every platform.
std::string decimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

// Text width for layout only: sans-serif averages about 0.6 em a character.
std::uint64_t text_width(std::string const& text, unsigned font) {
    auto const chars = std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; });
    return static_cast<std::uint64_t>(std::ceil(chars * 0.6 * font));
}

std::string wavefront_phrase(svg_access const& a) {
    return std::to_string(a.wavefronts) + " wavefront" + (a.wavefronts == 1 ? "" : "s") + " (ideal " +
           std::to_string(a.ideal) + ")";
}

// The title, with the wavefronts appended unless the title already says them.
std::string caption_of(svg_access const& a) {
    auto const phrase = wavefront_phrase(a);
    if (a.title.find(phrase) != std::string::npos) return a.title;
    return a.title.empty() ? phrase : a.title + " \u2014 " + phrase;
}

using cell_key = std::pair<std::uint64_t, std::uint64_t>;  // (y, x)

// One access's lanes: those on the drawn grid by cell, ascending; the others.
struct lane_marks {
    std::map<cell_key, std::vector<unsigned>> on_grid;
    std::vector<svg_lane> off_grid;
};

lane_marks marks_of(svg_picture const& p, svg_access const* a) {
    lane_marks m;
    if (!a) return m;
    for (auto const& l : a->lanes) {
        if (l.y < p.rows && l.x < p.cols)
            m.on_grid[{l.y, l.x}].push_back(l.lane);
        else
            m.off_grid.push_back(l);
    }
    for (auto& [cell, lanes] : m.on_grid) std::sort(lanes.begin(), lanes.end());
    return m;
}

std::string lane_list(std::vector<unsigned> const& lanes) {
    std::string s;
    for (auto l : lanes) {
        if (!s.empty()) s += ' ';
        s += std::to_string(l);
    }
    return s;
}

// The sizes every part shares, fixed before anything is drawn.
struct frame {
    unsigned cell;
    std::uint64_t grid_w, grid_h;
    std::uint64_t width;  // of the content, margins excluded
    unsigned legend_per_row;
    unsigned notes_per_line;
};

frame frame_of(svg_picture const& p) {
    frame f{};
    f.cell = std::clamp(row_target / std::max<std::uint32_t>(p.cols, 1), min_cell, max_cell);
    f.grid_w = std::uint64_t{p.cols} * f.cell;
    f.grid_h = p.rows * f.cell;
    f.width = std::max<std::uint64_t>({f.grid_w, text_width(p.caption, title_font), 16 * swatch_pitch});
    for (auto const& a : p.accesses) f.width = std::max(f.width, text_width(caption_of(a), caption_font));
    f.legend_per_row = f.width >= bank_colours * swatch_pitch ? bank_colours : 16;
    f.notes_per_line = static_cast<unsigned>(std::max<std::uint64_t>(1, f.width / note_item));
    return f;
}

// The 32 swatches, each with its bank number, under a line saying what a bank is.
std::string legend(frame const& f, std::uint64_t top) {
    std::string out = start_tag("g", {{"class", "legend"}});
    out += text_element("text", {{"class", "legend-label"}, {"x", 0}, {"y", top + note_font}, {"font-size", note_font}},
                        "bank = (byte / 4) mod 32");
    for (unsigned b = 0; b < bank_colours; ++b) {
        std::uint64_t const x = b % f.legend_per_row * swatch_pitch;
        std::uint64_t const y = top + legend_line + b / f.legend_per_row * swatch_pitch;
        out += start_tag("rect", {{"class", "swatch"}, {"x", x}, {"y", y}, {"width", swatch}, {"height", swatch},
                                  {"fill", bank_fill(b)}, {"data-bank", b}}, true);
        out += text_element("text", {{"class", "swatch-label"}, {"x", x + swatch / 2}, {"y", y + 14},
                                     {"font-size", 9}, {"text-anchor", "middle"}, {"fill", bank_ink(b)}},
                            std::to_string(b));
    }
    return out + end_tag("g");
}

std::uint64_t legend_height(frame const& f) {
    return legend_line + (bank_colours / f.legend_per_row) * swatch_pitch;
}

std::string grid_cells(svg_picture const& p, frame const& f, lane_marks const& m, std::uint64_t top) {
    attributes g{{"class", "grid"}};
    if (f.cell >= 8) g.insert(g.end(), {{"stroke", "#ffffff"}, {"stroke-width", "0.5"}});  // cell borders
    std::string out = start_tag("g", g);
    for (std::uint64_t y = 0; y < p.rows; ++y)
        for (std::uint64_t x = 0; x < p.cols; ++x) {
            unsigned const bank = bank_of(p.byte_of(y, x));
            attributes a{{"class", "cell"}, {"x", x * f.cell}, {"y", top + y * f.cell}, {"width", f.cell},
                         {"height", f.cell}, {"fill", bank_fill(bank)}, {"data-y", y}, {"data-x", x},
                         {"data-bank", bank}};
            if (auto it = m.on_grid.find({y, x}); it != m.on_grid.end()) a.emplace_back("data-lanes", lane_list(it->second));
            out += start_tag("rect", a, true);
        }
    return out + end_tag("g");
}

// Bank numbers on the unmarked cells, where a cell is big enough to hold one;
// faint, so that the lanes' numbers stand out.
std::string bank_labels(svg_picture const& p, frame const& f, lane_marks const& m, std::uint64_t top) {
    if (f.cell < bank_label_cell) return {};
    std::string out = start_tag("g", {{"class", "banks"}, {"font-size", 7}, {"text-anchor", "middle"},
                                      {"fill-opacity", "0.7"}});
    for (std::uint64_t y = 0; y < p.rows; ++y)
        for (std::uint64_t x = 0; x < p.cols; ++x) {
            if (m.on_grid.count({y, x})) continue;
            unsigned const bank = bank_of(p.byte_of(y, x));
            out += text_element("text", {{"x", x * f.cell + f.cell / 2}, {"y", top + y * f.cell + f.cell / 2 + 3},
                                         {"fill", bank_ink(bank)}},
                                std::to_string(bank));
        }
    return out + end_tag("g");
}

// An outline per marked cell, inside it so that marked neighbours stay
// apart, in the ink that contrasts with the cell's colour.
std::string lane_outlines(svg_picture const& p, frame const& f, lane_marks const& m, std::uint64_t top) {
    double const line = f.cell >= 8 ? 2 : 1;
    std::string out = start_tag("g", {{"class", "marks"}, {"fill", "none"}, {"stroke-width", decimal(line)}});
    for (auto const& [cell, lanes] : m.on_grid) {
        auto const [y, x] = cell;
        std::uint64_t const byte = p.byte_of(y, x);
        out += start_tag("rect", {{"class", "mark"}, {"x", decimal(x * f.cell + line / 2)},
                                  {"y", decimal(top + y * f.cell + line / 2)}, {"width", decimal(f.cell - line)},
                                  {"height", decimal(f.cell - line)}, {"stroke", bank_ink(bank_of(byte))},
                                  {"data-y", y}, {"data-x", x}, {"data-lanes", lane_list(lanes)}});
        out += text_element("title", {},
                            "lane" + std::string(lanes.size() > 1 ? "s " : " ") + lane_list(lanes) + ": cell (" +
                                std::to_string(y) + ", " + std::to_string(x) + "), byte " + std::to_string(byte) +
                                ", bank " + std::to_string(bank_of(byte)));
        out += end_tag("rect");
    }
    return out + end_tag("g");
}

// Each lane's number in its cell; lanes sharing a cell split its height.
std::string lane_numbers(svg_picture const& p, frame const& f, lane_marks const& m, std::uint64_t top) {
    std::string out = start_tag("g", {{"class", "lanes"}, {"font-weight", "bold"}, {"text-anchor", "middle"}});
    for (auto const& [cell, lanes] : m.on_grid) {
        auto const [y, x] = cell;
        double const share = double(f.cell) / lanes.size();
        double const font = std::min(0.55 * f.cell, 0.9 * share);  // two bold digits fit
        auto const& ink = bank_ink(bank_of(p.byte_of(y, x)));
        for (std::size_t i = 0; i < lanes.size(); ++i)
            out += text_element("text", {{"class", "lane"}, {"x", x * f.cell + f.cell / 2},
                                         {"y", decimal(top + y * f.cell + share * (i + 0.5) + 0.35 * font)},
                                         {"font-size", decimal(font)}, {"fill", ink}, {"data-lane", lanes[i]},
                                         {"data-y", y}, {"data-x", x}},
                                std::to_string(lanes[i]));
    }
    return out + end_tag("g");
}

std::uint64_t off_grid_height(frame const& f, lane_marks const& m) {
    if (m.off_grid.empty()) return 0;
    return note_line * (1 + (m.off_grid.size() + f.notes_per_line - 1) / f.notes_per_line);
}

// Lanes whose cells the grid does not reach, as text under it.
std::string off_grid_list(svg_picture const& p, frame const& f, lane_marks const& m, std::uint64_t top) {
    if (m.off_grid.empty()) return {};
    std::string out = start_tag("g", {{"class", "off-grid"}, {"font-size", note_font}});
    out += text_element("text", {{"class", "note"}, {"x", 0}, {"y", top + note_font}},
                        "lanes beyond the " + std::to_string(p.rows) + " x " + std::to_string(p.cols) +
                            " cells drawn:");
    for (std::size_t i = 0; i < m.off_grid.size(); ++i) {
        auto const& l = m.off_grid[i];
        out += text_element("text", {{"class", "lane"}, {"x", i % f.notes_per_line * note_item},
                                     {"y", top + note_line * (1 + i / f.notes_per_line) + note_font},
                                     {"data-lane", l.lane}, {"data-y", l.y}, {"data-x", l.x}, {"data-bank", l.bank},
                                     {"data-off-grid", "true"}},
                            "lane " + std::to_string(l.lane) + ": (" + std::to_string(l.y) + ", " +
                                std::to_string(l.x) + "), bank " + std::to_string(l.bank));
    }
    return out + end_tag("g");
}

// One panel: the caption, the grid with this access's marks, the lanes off it.
// `a` is null for the bare grid of a picture without accesses.
std::string panel(svg_picture const& p, frame const& f, svg_access const* a, std::size_t index, std::uint64_t& top) {
    lane_marks const m = marks_of(p, a);
    attributes g{{"class", "panel"}, {"transform", "translate(" + std::to_string(margin) + "," + std::to_string(top) + ")"}};
    if (a) g.emplace_back("data-access", index);
    std::string out = start_tag("g", g);
    std::uint64_t y = 0;
    if (a) {
        out += text_element("text", {{"class", "caption"}, {"x", 0}, {"y", caption_font}, {"font-size", caption_font},
                                     {"data-wavefronts", a->wavefronts}, {"data-ideal", a->ideal}},
                            caption_of(*a));
        y += caption_line;
    }
    out += grid_cells(p, f, m, y) + bank_labels(p, f, m, y) + lane_outlines(p, f, m, y) + lane_numbers(p, f, m, y);
    y += f.grid_h;
    out += off_grid_list(p, f, m, y);
    y += off_grid_height(f, m);
    top += y + margin;
    return out + end_tag("g");
}

void check_drawable(svg_picture const& p) {
    std::uint64_t const panels = std::max<std::size_t>(p.accesses.size(), 1);
    std::uint64_t const cells = p.rows * p.cols;
    if (p.cols != 0 && (cells / p.cols != p.rows || cells > svg_cell_limit / panels))
        throw std::length_error("render_tile_svg: more than " + std::to_string(svg_cell_limit) + " cells to draw");
    if (cells != 0 && !p.byte_of) throw std::invalid_argument("render_tile_svg: no byte_of for the cells");
}

}  // namespace

std::string render_tile_svg(svg_picture const& p) {
    check_drawable(p);
    frame const f = frame_of(p);
    std::uint64_t top = margin;
    std::string body = text_element("text", {{"class", "title"}, {"x", margin}, {"y", top + title_font},
                                             {"font-size", title_font}, {"font-weight", "bold"}},
                                    p.caption);
    top += title_line;
    body += start_tag("g", {{"transform", "translate(" + std::to_string(margin) + ",0)"}}) + legend(f, top) +
            end_tag("g");
    top += legend_height(f) + margin;
    if (p.accesses.empty()) body += panel(p, f, nullptr, 0, top);
    for (std::size_t i = 0; i < p.accesses.size(); ++i) body += panel(p, f, &p.accesses[i], i, top);

    std::uint64_t const width = f.width + 2 * margin, height = top;
    std::string const box = "0 0 " + std::to_string(width) + " " + std::to_string(height);
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += start_tag("svg", {{"xmlns", "http://www.w3.org/2000/svg"}, {"version", "1.1"}, {"width", width},
                             {"height", height}, {"viewBox", box}, {"font-family", "sans-serif"}});
    out += text_element("title", {}, p.caption);
    out += text_element("desc", {}, "Cells coloured by shared-memory bank, (byte / 4) mod 32; "
                                    "outlined cells are read by the numbered lanes of each access's witness.");
    out += start_tag("rect", {{"class", "background"}, {"width", width}, {"height", height}, {"fill", "#ffffff"}}, true);
    return out + body + end_tag("svg") + "\n";
}

}  // namespace swz::verify
