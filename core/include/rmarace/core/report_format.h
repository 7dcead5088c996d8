// Human-readable and JSON renderings of race and error records, shared by every front end.
#pragma once

#include "rmarace/core/race.h"

#include <string>

namespace rmarace {

// A multi-line text report containing the words "data race", the kind, both accesses as
// file:line with rank and call, and the concurrent region of the RMA access.
std::string formatRaceText(const RaceRecord &race, std::size_t count = 1);
// Three lines for summaries: the headline and both accesses, indented by `indent`.
std::string formatRaceBrief(const RaceRecord &race, const std::string &indent);
// One line of JSON (no trailing newline).
std::string formatRaceJson(const RaceRecord &race, std::size_t count = 1);
std::string formatErrorText(const ErrorRecord &error);
std::string formatErrorJson(const ErrorRecord &error);
// "file:line" or "<unknown location>".
std::string formatLocation(const Location &location);

} // namespace rmarace
