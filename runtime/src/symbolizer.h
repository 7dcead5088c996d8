// Source locations of code addresses for call sites the instrumentation did not mark (programs
// run with rmarace-run --preload, --rmarace-mode=none). One addr2line process per module answers
// every query of the run: starting one per address cost about 70 ms each, paid whenever a call
// site's location first travelled to another process.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <sys/types.h>

namespace rmarace::rt {

class Symbolizer {
public:
  Symbolizer() = default;
  ~Symbolizer();
  Symbolizer(const Symbolizer &) = delete;
  Symbolizer &operator=(const Symbolizer &) = delete;

  // The function and "file:line" of `address` (an offset for position-independent modules) in
  // `module`, as addr2line prints them; false when addr2line cannot answer.
  bool lookup(const std::string &module, uintptr_t address, std::string &function,
              std::string &place);

private:
  struct Coprocess {
    pid_t pid = -1;
    FILE *requests = nullptr; // its standard input
    FILE *answers = nullptr;  // its standard output
  };
  Coprocess *coprocess(const std::string &module);
  static void stop(Coprocess &c);

  std::map<std::string, Coprocess> modules_;
};

} // namespace rmarace::rt
