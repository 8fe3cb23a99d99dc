#include "certificate_diff.hpp"

#include <map>
#include <set>

namespace swz::verify::catalogue {

namespace {

using flat = std::map<std::string, std::string>;

// Every scalar of `j` under its path: "figure.value", "evidence_text[1]".
void flatten(nlohmann::json const& j, std::string const& path, flat& out) {
    if (j.is_object()) {
        if (j.empty()) out[path] = "{}";
        for (auto it = j.begin(); it != j.end(); ++it) flatten(*it, path.empty() ? it.key() : path + "." + it.key(), out);
    } else if (j.is_array()) {
        if (j.empty()) out[path] = "[]";
        for (std::size_t i = 0; i < j.size(); ++i) flatten(j[i], path + "[" + std::to_string(i) + "]", out);
    } else {
        out[path] = j.dump();
    }
}

std::string shown(std::string const& v) {
    constexpr std::size_t limit = 72;
    return v.size() <= limit ? v : v.substr(0, limit - 3) + "...";
}

void diff_flat(flat const& a, flat const& b, std::string const& prefix, std::vector<std::string>& out) {
    std::set<std::string> keys;
    for (auto const& [k, v] : a) keys.insert(k);
    for (auto const& [k, v] : b) keys.insert(k);
    for (auto const& k : keys) {
        auto const ia = a.find(k), ib = b.find(k);
        std::string const old_v = ia == a.end() ? "(none)" : shown(ia->second);
        std::string const new_v = ib == b.end() ? "(none)" : shown(ib->second);
        if (old_v != new_v) out.push_back(prefix + k + ": " + old_v + " -> " + new_v);
    }
}

// Items of an array of objects, by a key field, in first-seen order.
std::vector<std::pair<std::string, nlohmann::json>> keyed(nlohmann::json const& arr, char const* key) {
    std::vector<std::pair<std::string, nlohmann::json>> out;
    if (!arr.is_array()) return out;
    for (auto const& item : arr)
        if (item.is_object() && item.contains(key) && item[key].is_string()) out.emplace_back(item[key].get<std::string>(), item);
    return out;
}

void diff_keyed(std::string const& layout, std::string const& what, nlohmann::json const& old_arr,
                nlohmann::json const& new_arr, char const* key, std::vector<std::string>& out) {
    auto const a = keyed(old_arr, key), b = keyed(new_arr, key);
    auto const find = [](auto const& v, std::string const& k) -> nlohmann::json const* {
        for (auto const& [name, j] : v)
            if (name == k) return &j;
        return nullptr;
    };
    for (auto const& [name, j] : a) {
        std::string const prefix = layout + ": " + what + name + ": ";
        auto const* other = find(b, name);
        if (!other) {
            out.push_back(prefix + "present -> (none)");
            continue;
        }
        flat fa, fb;
        flatten(j, "", fa);
        flatten(*other, "", fb);
        diff_flat(fa, fb, prefix, out);
    }
    for (auto const& [name, j] : b)
        if (!find(a, name)) out.push_back(layout + ": " + what + name + ": (none) -> present");
}

}  // namespace

std::vector<std::string> certificate_differences(std::string const& layout, nlohmann::json const& stored,
                                                 nlohmann::json const& fresh) {
    std::vector<std::string> out;
    static std::set<std::string> const not_compared{"digest", "tool_version", "z3_version", "results", "catalogue"};
    nlohmann::json rest_old = nlohmann::json::object(), rest_new = nlohmann::json::object();
    for (auto it = stored.begin(); stored.is_object() && it != stored.end(); ++it)
        if (!not_compared.count(it.key())) rest_old[it.key()] = *it;
    for (auto it = fresh.begin(); it != fresh.end(); ++it)
        if (!not_compared.count(it.key())) rest_new[it.key()] = *it;
    nlohmann::json cat_old = stored.is_object() && stored.contains("catalogue") ? stored["catalogue"] : nlohmann::json::object();
    nlohmann::json cat_new = fresh.contains("catalogue") ? fresh["catalogue"] : nlohmann::json::object();
    nlohmann::json const obl_old = cat_old.is_object() && cat_old.contains("obligations") ? cat_old["obligations"] : nlohmann::json::array();
    nlohmann::json const obl_new = cat_new.contains("obligations") ? cat_new["obligations"] : nlohmann::json::array();
    if (cat_old.is_object()) cat_old.erase("obligations");
    cat_new.erase("obligations");
    rest_old["catalogue"] = cat_old;
    rest_new["catalogue"] = cat_new;

    flat a, b;
    flatten(rest_old, "", a);
    flatten(rest_new, "", b);
    diff_flat(a, b, layout + ": ", out);
    diff_keyed(layout, "", stored.is_object() && stored.contains("results") ? stored["results"] : nlohmann::json::array(),
               fresh.at("results"), "id", out);
    diff_keyed(layout, "obligation ", obl_old, obl_new, "name", out);
    return out;
}

}  // namespace swz::verify::catalogue
