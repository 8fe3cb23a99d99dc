// --access SPEC: the grammar, and the access a spec names on a layout.
//
//   ACCESS  := 'row' ['.' W] | 'row-chunk' ['.' W] | 'column' ['.' W] | 'column-chunk' ['.' W]
//            | ('ldmatrix' | 'stmatrix') '.x' ('1'|'2'|'4') ['.trans'] | 'cp.async.' W
//            | KIND ':' FORMULA
//   KIND    := 'ld.' W | 'st.' W | 'cp.async.' W | ('ldmatrix' | 'stmatrix') '.x' N ['.trans']
//   FORMULA := 'cell(' ROW ',' COLUMN ')' | 'byte(' OFFSET ')', then 'for' NAME '<' N, ...
//              (swz/access/lane_formula.hpp: lane, the named starts, constants, + - * / % ^ & | << >>)
//
// row and column read element-wide unless W says otherwise; row-chunk and
// column-chunk read the layout's chunk. A formula's cell goes through the
// layout; its byte is an offset in the tile as the caller computed it.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "access_subject.hpp"
#include "layout_subject.hpp"
#include "start_lemmas.hpp"

namespace swz::verify {

struct access_error {
    std::size_t column = 0;  // 1-based column of the offending character in the spec, 0 when none
    std::string message;     // one line
};

// The access `spec` names on layout `t`; `lemmas`: what is proved of the
// layout (a periodicity lemma in rows, bank periods), which cut the starts
// of a built-in to those whose figures differ.
std::variant<access_subject, access_error> access_on(std::string const& spec, layout_subject const& t,
                                                     start_lemmas const& lemmas = {});

// The four patterns every certificate reports: row, row-chunk, column, column-chunk.
std::vector<std::string> const& default_accesses();

// The grammar, for --help.
std::string access_grammar();

}  // namespace swz::verify
