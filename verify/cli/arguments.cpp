#include "arguments.hpp"

#include <algorithm>

namespace swz::verify::cli {

std::optional<std::string> arguments::value(std::string const& name) const {
    auto const it = given.find(name);
    if (it == given.end() || it->second.empty() || it->second.front().empty()) return std::nullopt;
    return it->second.front().front();
}

std::vector<std::string> arguments::values(std::string const& name) const {
    std::vector<std::string> out;
    auto const it = given.find(name);
    if (it == given.end()) return out;
    for (auto const& occurrence : it->second)
        for (auto const& v : occurrence) out.push_back(v);
    return out;
}

namespace {

bool is_option(std::string const& a) { return a.size() > 2 && a[0] == '-' && a[1] == '-'; }

std::string shown(std::string s) {
    for (auto& c : s)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    return s;
}

std::optional<usage_error> check_value(std::string const& option, std::string const& v) {
    if (v.empty()) return usage_error{option + ": the value is empty"};
    if (v.find_first_of("\n\r") != std::string::npos)
        return usage_error{option + " '" + shown(v) + "': the value holds a line break"};
    return std::nullopt;
}

}  // namespace

std::variant<arguments, usage_error> parse_arguments(int argc, char const* const* argv,
                                                     std::vector<option_spec> const& options) {
    arguments out;
    // --help and --version win wherever they are, before anything is judged.
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        if (a == "--help" || a == "-h") out.help = true;
        if (a == "--version") out.version = true;
    }
    if (out.help || out.version) return out;
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        if (!is_option(a)) {
            if (a.size() > 1 && a[0] == '-') return usage_error{"unknown option '" + shown(a) + "' (see --help)"};
            return usage_error{"unexpected argument '" + shown(a) + "' (options start with --; see --help)"};
        }
        auto const eq = a.find('=');
        std::string const name = a.substr(0, eq);
        auto const spec = std::find_if(options.begin(), options.end(), [&](option_spec const& o) { return o.name == name; });
        if (spec == options.end()) return usage_error{"unknown option '" + shown(name) + "' (see --help)"};
        if (out.has(name) && !spec->repeatable) return usage_error{name + " is given more than once"};
        std::vector<std::string> vals;
        if (spec->values == 0) {
            if (eq != std::string::npos) return usage_error{name + " takes no value (got '" + shown(a.substr(eq + 1)) + "')"};
        } else if (eq != std::string::npos) {
            if (spec->values != 1) return usage_error{name + " takes " + std::to_string(spec->values) + " values, not '='"};
            vals.push_back(a.substr(eq + 1));
        } else {
            for (unsigned k = 0; k < spec->values; ++k) {
                if (i + 1 >= argc || is_option(argv[i + 1]))
                    return usage_error{name + " needs " + (spec->values == 1 ? std::string("a value") : std::to_string(spec->values) + " values") +
                                       (spec->metavar.empty() ? "" : " (" + spec->metavar + ")")};
                vals.push_back(argv[++i]);
            }
        }
        for (auto const& v : vals)
            if (auto e = check_value(name, v)) return *e;
        out.given[name].push_back(std::move(vals));
    }
    return out;
}

std::string options_help(std::vector<option_spec> const& options) {
    std::string s;
    for (auto const& o : options) {
        std::string head = "  " + o.name + (o.metavar.empty() ? "" : " " + o.metavar);
        if (head.size() < 30) head.append(30 - head.size(), ' ');
        else head += "  ";
        s += head + o.help + (o.repeatable ? " (repeatable)" : "") + "\n";
    }
    s += "  --help                      this text\n";
    return s;
}

}  // namespace swz::verify::cli
