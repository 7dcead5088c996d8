// The report files a run asks for (report_html=PATH, report_sarif=PATH), written at the end of the
// run from its log by the rmarace-report command.
#pragma once

#include "rmarace/runtime/options.h"

#include <cstdint>
#include <string>

namespace rmarace::rt {

// The size of the log now: a run that appends to an existing log reports only what it added.
uint64_t logSize(const std::string &logPath);

// Runs rmarace-report once per report file `options` asks for, on the records of `logPath` from
// byte `logStart` on, and waits for it. Failures are warnings on stderr: they change neither the
// program's results nor its exit code.
void writeReportFiles(const Options &options, const std::string &logPath, uint64_t logStart);

} // namespace rmarace::rt
