// The results as JUnit XML, the test-report format most CI systems show:
// one <testsuite> a subject, one <testcase> a property.
#pragma once

#include <string>
#include <vector>

#include "findings.hpp"

namespace swz::verify {

// A refuted property that counts is a <failure>, an unknown one an <error>,
// one that does not apply <skipped/>. A refuted claim that is only reported
// passes, with the refutation in <system-out>: the tests fail exactly when
// the exit code says so.
std::string junit_report(std::vector<report_subject> const& subjects);

}  // namespace swz::verify
