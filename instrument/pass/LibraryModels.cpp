#include "LibraryModels.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <utility>

namespace rmarace {
namespace {

using Result = LibraryFunction::Result;

// The tables below are lists of names, wrapped by hand.
// clang-format off
// Functions that only read or write plain data through their pointer arguments.

// C standard input and output that neither prints arguments nor reads data
const char *const StdioFunctions[] = {
    "fflush", "fclose", "fseek", "fseeko", "ftell", "ftello", "rewind", "feof", "ferror",
    "clearerr", "perror", "putc", "fputc", "putchar", "_IO_putc", "getc", "fgetc", "getchar",
    "_IO_getc", "ungetc", "remove", "rename", "setvbuf", "setbuf", "fileno"};

// Strings and characters
const char *const StringFunctions[] = {
    "strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll", "memcmp",
    "bcmp", "strspn", "strcspn", "bzero", "explicit_bzero", "atoi", "atol", "atoll", "atof",
    "toupper", "tolower", "isalpha", "isdigit", "isspace", "isalnum", "isupper", "islower",
    "isprint", "ispunct", "isxdigit", "iscntrl", "isgraph"};

// Stdlib
const char *const StdlibFunctions[] = {
    "free", "cfree", "abs", "labs", "llabs", "div", "ldiv", "lldiv", "rand", "srand", "random",
    "srandom", "rand_r", "drand48", "srand48", "lrand48", "mrand48", "erand48", "nrand48", "exit",
    "_exit", "_Exit", "abort", "__assert_fail", "__stack_chk_fail"};

// Time and processes
const char *const ProcessFunctions[] = {
    "time", "clock", "clock_gettime", "clock_getres", "gettimeofday", "difftime", "mktime",
    "nanosleep", "usleep", "sleep", "getpid", "getppid", "gethostname", "sysconf", "getrusage",
    "times", "sched_yield", "sched_getcpu", "sched_setaffinity", "sched_getaffinity"};

// Files and the environment
const char *const FileFunctions[] = {
    "isatty", "system", "raise", "kill", "alarm", "open",
    "open64", "close", "lseek", "unlink", "access", "stat", "fstat", "lstat", "stat64", "fstat64",
    "mkdir", "rmdir", "pipe", "dup", "dup2", "fork", "setenv", "unsetenv", "putenv", "fsync",
    "sync", "truncate", "ftruncate", "munmap", "mprotect", "madvise"};

// POSIX threads, except creation and thread-specific data
const char *const ThreadFunctions[] = {
    "pthread_mutex_init", "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock",
    "pthread_mutex_destroy", "pthread_cond_init", "pthread_cond_wait", "pthread_cond_timedwait",
    "pthread_cond_signal", "pthread_cond_broadcast", "pthread_cond_destroy",
    "pthread_barrier_init", "pthread_barrier_wait", "pthread_barrier_destroy", "pthread_self",
    "pthread_equal", "pthread_attr_init", "pthread_attr_destroy", "pthread_attr_setdetachstate",
    "pthread_attr_setstacksize", "pthread_spin_init", "pthread_spin_lock", "pthread_spin_unlock",
    "pthread_spin_destroy", "pthread_detach", "pthread_exit", "pthread_setaffinity_np",
    "pthread_getaffinity_np"};

// C++ runtime support that neither keeps pointers nor calls back
const char *const CxxRuntimeFunctions[] = {
    "__cxa_end_catch", "__cxa_guard_acquire", "__cxa_guard_release", "__cxa_guard_abort",
    "__cxa_pure_virtual", "__cxa_deleted_virtual", "__cxa_rethrow", "__cxa_free_exception",
    "__cxa_call_unexpected", "__cxa_bad_cast", "__cxa_bad_typeid", "_ZSt9terminatev"};

// C++ standard library functions, not templates, that only read or write plain data through
// their arguments: the growth policy of the hash tables (std::unordered_map and set keep it inside
// the container) and the helpers that throw the standard exceptions with a message.
const char *const CxxPlainFunctions[] = {
    "_ZNKSt8__detail20_Prime_rehash_policy11_M_next_bktEm",
    "_ZNKSt8__detail20_Prime_rehash_policy14_M_need_rehashEmmm", "_ZSt16__throw_bad_castv",
    "_ZSt17__throw_bad_allocv", "_ZSt18__throw_bad_typeidv", "_ZSt19__throw_ios_failurePKc",
    "_ZSt19__throw_ios_failurePKci", "_ZSt19__throw_logic_errorPKc", "_ZSt19__throw_range_errorPKc",
    "_ZSt20__throw_domain_errorPKc", "_ZSt20__throw_future_errori", "_ZSt20__throw_length_errorPKc",
    "_ZSt20__throw_out_of_rangePKc", "_ZSt20__throw_system_errori", "_ZSt21__throw_bad_exceptionv",
    "_ZSt21__throw_runtime_errorPKc", "_ZSt22__throw_overflow_errorPKc",
    "_ZSt23__throw_underflow_errorPKc", "_ZSt24__throw_invalid_argumentPKc",
    "_ZSt25__throw_bad_function_callv", "_ZSt28__throw_bad_array_new_lengthv"};

// OpenMP runtime entry points of worksharing and synchronisation
const char *const OpenMpFunctions[] = {
    "__kmpc_global_thread_num", "__kmpc_barrier", "__kmpc_push_num_threads",
    "__kmpc_push_proc_bind", "__kmpc_serialized_parallel", "__kmpc_end_serialized_parallel",
    "__kmpc_single", "__kmpc_end_single", "__kmpc_master", "__kmpc_end_master", "__kmpc_masked",
    "__kmpc_end_masked", "__kmpc_critical", "__kmpc_critical_with_hint", "__kmpc_end_critical",
    "__kmpc_flush", "__kmpc_ordered", "__kmpc_end_ordered", "__kmpc_end_reduce",
    "__kmpc_end_reduce_nowait", "__kmpc_ok_to_fork", "__kmpc_cancel", "__kmpc_cancellationpoint",
    "__kmpc_cancel_barrier"};

// C math functions; each also exists with the suffixes f and l.
const char *const MathFunctions[] = {
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logb", "pow", "sqrt",
    "cbrt", "fabs", "floor", "ceil", "round", "lround", "llround", "rint", "lrint", "llrint",
    "nearbyint", "trunc", "fmod", "remainder", "remquo", "fmin", "fmax", "fdim", "fma", "hypot",
    "erf", "erfc", "tgamma", "lgamma", "ldexp", "scalbn", "scalbln", "frexp", "modf", "sincos",
    "ilogb", "copysign", "nan", "nextafter"};

// Functions returning a pointer into their first argument's memory.
const char *const FirstArgumentReturningFunctions[] = {
    "memset", "__memset_chk", "strchr", "strrchr", "strstr", "strcasestr", "strpbrk", "memchr",
    "memrchr", "rawmemchr", "strchrnul", "index", "rindex"};

// Copy bytes from the second argument's memory to the first's and return a pointer into it. The
// string functions copy pointers too when their bytes hold one (no zero byte before its end).
const char *const MemoryCopyFunctions[] = {
    "memcpy", "memmove", "mempcpy", "memccpy", "__memcpy_chk", "__memmove_chk", "__mempcpy_chk",
    "strcpy", "strncpy", "strcat", "strncat", "stpcpy", "stpncpy", "__strcpy_chk",
    "__strncpy_chk", "__strcat_chk", "__strncat_chk", "__stpcpy_chk", "__stpncpy_chk"};

// Formatted output, with the index of the first printed argument (or of the va_list). A printed
// pointer (%p) can come back as text through the scanf family, so what is printed escapes.
const std::pair<const char *, int> PrintingFunctions[] = {
    {"printf", 1}, {"fprintf", 2}, {"dprintf", 2}, {"sprintf", 2}, {"snprintf", 3},
    {"vprintf", 1}, {"vfprintf", 2}, {"vdprintf", 2}, {"vsprintf", 2}, {"vsnprintf", 3},
    {"__printf_chk", 2}, {"__fprintf_chk", 3}, {"__dprintf_chk", 3}, {"__sprintf_chk", 4},
    {"__snprintf_chk", 5}, {"__vprintf_chk", 2}, {"__vfprintf_chk", 3}, {"__vdprintf_chk", 3},
    {"__vsprintf_chk", 4}, {"__vsnprintf_chk", 5},
    // libstdc++'s std::out_of_range with a printf-style message
    {"_ZSt24__throw_out_of_range_fmtPKcz", 1}};

// Output of memory, with the index of the written buffer. Pointers stored in it leave the program
// and can be read back (a file, a pipe), so they escape.
const std::pair<const char *, int> WritingFunctions[] = {
    {"write", 1}, {"pwrite", 1}, {"pwrite64", 1}, {"fwrite", 0}, {"fwrite_unlocked", 0},
    {"puts", 0}, {"fputs", 0}};

const char *const FreshMemoryFunctions[] = {
    "malloc", "calloc", "valloc", "pvalloc", "aligned_alloc", "memalign", "strdup", "strndup",
    "__strdup", "mmap", "mmap64", "_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t", "_ZnamRKSt9nothrow_t",
    "_ZnwmSt11align_val_t", "_ZnamSt11align_val_t", "_ZnwmSt11align_val_tRKSt9nothrow_t",
    "_ZnamSt11align_val_tRKSt9nothrow_t", "__cxa_allocate_exception"};

const char *const LibraryMemoryFunctions[] = {
    "getenv", "secure_getenv", "strerror", "fopen", "fopen64", "fdopen", "freopen", "tmpfile",
    "ctime", "localtime", "gmtime", "asctime", "setlocale", "localeconv", "__errno_location",
    "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc", "pthread_getspecific",
    "__cxa_begin_catch", "__cxa_get_exception_ptr", "opendir", "readdir", "dlopen", "dlsym",
    "dlerror"};

// Keep their first argument and return pointers into it at later calls: the argument escapes and
// the result may point to any escaped memory.
const char *const TokenizingFunctions[] = {"strtok", "strtok_r", "__strtok_r", "strsep"};

const char *const NumberParsingFunctions[] = {
    "strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof", "strtold", "strtoimax",
    "strtoumax", "__strtol_internal", "__strtoul_internal", "__strtod_internal"};

// Store pointers the program may have printed or written before (scanf %p, read), or library
// pointers, where their pointer arguments point.
const char *const OutsidePointerStoringFunctions[] = {
    "scanf", "fscanf", "sscanf", "vscanf", "vfscanf", "vsscanf", "__isoc99_scanf",
    "__isoc99_fscanf", "__isoc99_sscanf", "__isoc99_vscanf", "__isoc99_vfscanf",
    "__isoc99_vsscanf", "pthread_join", "getline", "getdelim", "read", "pread", "pread64",
    "fread", "fread_unlocked", "__fread_chk", "__read_chk", "__pread_chk"};

// Keep or hand on their arguments, or call function pointers they were given at some later time.
const char *const CapturingFunctions[] = {
    "__cxa_throw", "pthread_key_create", "pthread_setspecific", "signal", "sigaction", "dlclose",
    "setjmp", "_setjmp", "longjmp", "sigsetjmp", "siglongjmp"};

// Name prefixes of library code that may keep pointers and call back, but never calls RMA
// functions: the C++ standard library (std::, __gnu_cxx::), the Itanium C++ runtime, the unwinder
// and the OpenMP runtime.
const char *const CapturingPrefixes[] = {
    "_ZNSt", "_ZNKSt", "_ZSt", "_ZNSo", "_ZNKSo", "_ZNSi", "_ZNKSi", "_ZNSd", "_ZNSs", "_ZNKSs",
    "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx", "__cxa_", "_Unwind_", "__kmpc_", "__tgt_"};
// clang-format on

class LibraryTable {
public:
  LibraryTable() {
    LibraryFunction Plain;
    for (auto Names : {llvm::ArrayRef(StdioFunctions), llvm::ArrayRef(StringFunctions),
                       llvm::ArrayRef(StdlibFunctions), llvm::ArrayRef(ProcessFunctions),
                       llvm::ArrayRef(FileFunctions), llvm::ArrayRef(CxxRuntimeFunctions),
                       llvm::ArrayRef(CxxPlainFunctions)})
      for (const char *Name : Names) add(Name, Plain);
    LibraryFunction OrdersThreads;
    OrdersThreads.SynchronisesThreads = true;
    for (auto Names : {llvm::ArrayRef(ThreadFunctions), llvm::ArrayRef(OpenMpFunctions)})
      for (const char *Name : Names) add(Name, OrdersThreads);
    for (const char *Name : MathFunctions)
      for (const char *Suffix : {"", "f", "l"}) add(std::string(Name) + Suffix, Plain);

    LibraryFunction ReturnsFirst;
    ReturnsFirst.ReturnedArgument = 0;
    for (const char *Name : FirstArgumentReturningFunctions) add(Name, ReturnsFirst);
    LibraryFunction ReadsLine = ReturnsFirst;
    ReadsLine.StoresOutsidePointers = true;
    for (const char *Name : {"fgets", "fgets_unlocked", "__fgets_chk"}) add(Name, ReadsLine);
    // With a null buffer, getcwd allocates the result.
    LibraryFunction Getcwd = ReturnsFirst;
    Getcwd.Returns = Result::Fresh;
    add("getcwd", Getcwd);

    for (auto [Name, FirstPrinted] : PrintingFunctions) {
      LibraryFunction Prints;
      Prints.EscapesFrom = FirstPrinted;
      add(Name, Prints);
    }
    for (auto [Name, Buffer] : WritingFunctions) {
      LibraryFunction Writes;
      Writes.EscapesContentsOf = Buffer;
      add(Name, Writes);
    }

    LibraryFunction Copy;
    Copy.ReturnedArgument = 0;
    Copy.CopyDestination = 0;
    Copy.CopySource = 1;
    for (const char *Name : MemoryCopyFunctions) add(Name, Copy);
    LibraryFunction Bcopy;
    Bcopy.CopyDestination = 1;
    Bcopy.CopySource = 0;
    add("bcopy", Bcopy);

    LibraryFunction Fresh;
    Fresh.Returns = Result::Fresh;
    for (const char *Name : FreshMemoryFunctions) add(Name, Fresh);
    LibraryFunction Realloc;
    Realloc.Returns = Result::Fresh;
    Realloc.ReturnedArgument = 0;
    Realloc.Reallocates = true;
    for (const char *Name : {"realloc", "reallocarray"}) add(Name, Realloc);
    LibraryFunction AlignedOut;
    AlignedOut.FreshMemoryOut = 0;
    add("posix_memalign", AlignedOut);

    LibraryFunction OwnedByLibrary;
    OwnedByLibrary.Returns = Result::Library;
    for (const char *Name : LibraryMemoryFunctions) add(Name, OwnedByLibrary);

    LibraryFunction Parse;
    Parse.StoredArgument = 0;
    Parse.StoreDestination = 1;
    for (const char *Name : NumberParsingFunctions) add(Name, Parse);

    LibraryFunction Tokenizes;
    Tokenizes.EscapesFrom = 0;
    Tokenizes.Returns = Result::Library;
    for (const char *Name : TokenizingFunctions) add(Name, Tokenizes);

    LibraryFunction StoresOutsidePointers;
    StoresOutsidePointers.StoresOutsidePointers = true;
    for (const char *Name : OutsidePointerStoringFunctions) add(Name, StoresOutsidePointers);

    LibraryFunction Capturing;
    Capturing.Captures = true;
    Capturing.Returns = Result::Library;
    for (const char *Name : CapturingFunctions) add(Name, Capturing);

    addCallback("qsort", {3, {0, 0}, CallbackShape::None});
    addCallback("bsearch", {4, {0, 1}, CallbackShape::None}, /*ReturnedArgument=*/1);
    addCallback("pthread_create", {2, {3, CallbackShape::None}, CallbackShape::None});
    addCallback("pthread_once",
                {1, {CallbackShape::None, CallbackShape::None}, CallbackShape::None});
    addCallback("atexit", {0, {CallbackShape::None, CallbackShape::None}, CallbackShape::None});
    addCallback("__cxa_atexit", {0, {1, CallbackShape::None}, CallbackShape::None});
    addCallback("on_exit", {0, {CallbackShape::None, 1}, CallbackShape::None});
    // OpenMP parallel regions: the outlined function receives the global and bound thread ids
    // (runtime memory) and the captured variables.
    const CallbackShape OpenMpFork{
        2, {CallbackShape::LibraryPointer, CallbackShape::LibraryPointer}, 3};
    addCallback("__kmpc_fork_call", OpenMpFork);
    addCallback("__kmpc_fork_teams", OpenMpFork);

    PlainPrefixModel = Plain;
    CapturingPrefixModel = Capturing;
    OpenMpApiModel = StoresOutsidePointers;
  }

  const LibraryFunction *lookup(llvm::StringRef Name) const {
    auto Found = Functions.find(Name);
    if (Found != Functions.end()) return &Found->second;
    // Worksharing loops of the OpenMP runtime only exchange loop bounds.
    if (Name.startswith("__kmpc_for_static_") || Name.startswith("__kmpc_dispatch_") ||
        Name.startswith("rmarace_annotate_") || Name.startswith("_ZdlPv") ||
        Name.startswith("_ZdaPv"))
      return &PlainPrefixModel;
    if (Name.startswith("omp_")) return &OpenMpApiModel;
    for (llvm::StringRef Prefix : CapturingPrefixes)
      if (Name.startswith(Prefix)) return &CapturingPrefixModel;
    return nullptr;
  }

private:
  void add(llvm::StringRef Name, const LibraryFunction &Model) { Functions[Name] = Model; }

  void addCallback(llvm::StringRef Name, CallbackShape Shape,
                   int ReturnedArgument = LibraryFunction::None) {
    LibraryFunction Model;
    Model.Callback = Shape;
    Model.ReturnedArgument = ReturnedArgument;
    add(Name, Model);
  }

  llvm::StringMap<LibraryFunction> Functions;
  LibraryFunction PlainPrefixModel;
  LibraryFunction CapturingPrefixModel;
  LibraryFunction OpenMpApiModel;
};

} // namespace

const LibraryFunction *lookupLibraryFunction(llvm::StringRef Name) {
  static const LibraryTable Table;
  return Table.lookup(Name);
}

} // namespace rmarace
