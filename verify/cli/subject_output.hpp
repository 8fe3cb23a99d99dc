// The output flags of the modes that report subjects (kernel, family):
// --json FILE|-, --format, --out and --quiet, checked the same way in each,
// the files checked before any solving and written at the end, so that the
// verdict line names the run's real exit code.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "../catalogue/output_file.hpp"
#include "../format/findings.hpp"
#include "../format/output_format.hpp"
#include "arguments.hpp"

namespace swz::verify::cli {

// One line in swz's words on stderr, and the exit code it calls for: a
// usage error (1), an output that could not be written (3).
int usage_exit(std::string const& message);
int output_exit(std::string const& message);
// Standard output flushed and checked: a lost table is never exit 0.
int flushed_exit(int code, char const* what);

// The four options, for a mode's option list; `document` names what --json writes.
std::vector<option_spec> subject_output_options(std::string const& document, std::string const& quiet_shape);

class subject_output {
public:
    // The flags checked (one line naming the conflict) and the files checked
    // (one line naming the file): nothing but the message on failure.
    static std::variant<subject_output, usage_error, std::string> open(arguments const& a, std::string const& document);

    // Where each subject's table goes as it is decided: standard output, or
    // stderr beside a document there, or kept (--quiet, --out of the table).
    std::ostream& table();

    // Writes --json, the --format document and the verdict line; the exit code.
    int finish(std::vector<report_subject> const& subjects, std::vector<property_result> const& all, nlohmann::json doc,
               double seconds);

private:
    subject_output() = default;
    std::string json_path_;
    output_format format_ = output_format::text;
    bool quiet_ = false, json_on_stdout_ = false, format_on_stdout_ = false, table_kept_ = false;
    std::optional<catalogue::output_file> json_file_, out_file_;
    std::ostringstream kept_;
};

}  // namespace swz::verify::cli
