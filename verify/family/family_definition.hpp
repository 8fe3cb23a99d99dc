// One family of layouts that swz proves whole (--family NAME): its name,
// its parameters' ranges in words, and its properties, each one query or a
// few. A new family is one new file that returns one of these and one line
// in certify_family.cpp's list.
#pragma once

#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../prover.hpp"
#include "../verdict.hpp"

namespace swz::verify {

// One property of a family. Most stand alone: a function of the prover.
// One may follow in part from others of the same family, proved once for
// all of them: it names them (`needs`, their result ids), certify_family
// decides them first, and `decide` gets their results in that order, to
// take as given only what they PROVED (family_query.hpp's follows_from).
// `cost`: a rough guess of its solver time against the family's others
// (the CuTe family's in units of about 0.1 s), so that the longest start
// first; it changes the order, never a verdict.
//
// A lemma shared by properties (`shared_lemma`) is decided the same way
// but is not one of the certificate's results: the properties that need it
// say so in their method, and its time and solver calls are shared out
// among them.
struct family_property {
    using standalone = std::function<property_result(prover&)>;
    using dependent = std::function<property_result(prover&, std::vector<property_result> const& needed)>;

    family_property(standalone f, double cost = 1)  // NOLINT: a plain function is a property
        : decide([f = std::move(f)](prover& p, std::vector<property_result> const&) { return f(p); }), cost(cost) {}
    template <class F, class = std::enable_if_t<std::is_invocable_r_v<property_result, F, prover&>>>
    family_property(F f, double cost = 1) : family_property(standalone(std::move(f)), cost) {}  // NOLINT
    family_property(std::string id, std::vector<std::string> needs, dependent f, double cost)
        : decide(std::move(f)), id(std::move(id)), needs(std::move(needs)), cost(cost) {}
    family_property(std::string id, standalone f, double cost)
        : family_property(std::move(f), cost) {
        this->id = std::move(id);
    }

    static family_property shared_lemma(std::string id, standalone f, double cost) {
        family_property p(std::move(id), std::move(f), cost);
        p.reported = false;
        return p;
    }

    dependent decide;
    std::string id;                  // its result's id, where another property needs it
    std::vector<std::string> needs;  // ids of properties whose results `decide` takes
    double cost = 1;
    bool reported = true;            // false: a shared lemma, not a result of the certificate
};

struct family_definition {
    std::string name;         // "article", "cute"
    std::string description;  // the parameters' ranges, in words
    std::string help;         // a paragraph of --family's --help
    std::function<std::vector<family_property>()> properties;  // in report order
};

}  // namespace swz::verify
