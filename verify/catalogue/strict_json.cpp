#include "strict_json.hpp"

#include <set>
#include <stdexcept>
#include <vector>

namespace swz::verify::catalogue {

nlohmann::json parse_strict_json(std::string const& text) {
    using event = nlohmann::json::parse_event_t;
    // One frame per open object or array: the keys seen so far (objects), and
    // the key under which it sits, for the message.
    struct frame {
        bool object;
        std::string under;
        std::set<std::string> keys;
    };
    std::vector<frame> open;
    std::string last_key;
    auto const where = [&] {
        std::string path;
        for (auto const& f : open)
            if (!f.under.empty()) path += (path.empty() ? "" : ".") + f.under;
        return path.empty() ? std::string("at the top level") : "in " + path;
    };
    auto const watch = [&](int, event e, nlohmann::json& parsed) {
        switch (e) {
            case event::object_start:
            case event::array_start:
                open.push_back({e == event::object_start, last_key, {}});
                last_key.clear();
                break;
            case event::object_end:
            case event::array_end:
                if (!open.empty()) open.pop_back();
                break;
            case event::key: {
                std::string const k = parsed.get<std::string>();
                if (!open.empty() && open.back().object && !open.back().keys.insert(k).second)
                    throw std::runtime_error("duplicate key \"" + k + "\" " + where());
                last_key = k;
                break;
            }
            case event::value: last_key.clear(); break;
        }
        return true;
    };
    return nlohmann::json::parse(text, watch);
}

}  // namespace swz::verify::catalogue
