#include "RmaApi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>
#include <string>

namespace rmarace {
namespace {

using Role = ArgumentRole;

struct RoleOfArgument {
  int ArgNo = -1;
  Role ArgRole = Role::Data;
};

struct Entry {
  llvm::StringLiteral Name;
  RoleOfArgument Roles[3];
};

// MPI functions whose pointer arguments are not plain data (MPI-3.1 one-sided chapter, MPI-4
// request-based operations, memory allocation, addresses and attribute caching). Every other MPI
// function only reads or writes data buffers and handles during the call.
const Entry MpiFunctions[] = {
    {"MPI_Put", {{0, Role::RmaBuffer}}},
    {"MPI_Rput", {{0, Role::RmaBuffer}}},
    {"MPI_Get", {{0, Role::RmaBuffer}}},
    {"MPI_Rget", {{0, Role::RmaBuffer}}},
    {"MPI_Accumulate", {{0, Role::RmaBuffer}}},
    {"MPI_Raccumulate", {{0, Role::RmaBuffer}}},
    {"MPI_Get_accumulate", {{0, Role::RmaBuffer}, {3, Role::RmaBuffer}}},
    {"MPI_Rget_accumulate", {{0, Role::RmaBuffer}, {3, Role::RmaBuffer}}},
    {"MPI_Fetch_and_op", {{0, Role::RmaBuffer}, {1, Role::RmaBuffer}}},
    {"MPI_Compare_and_swap", {{0, Role::RmaBuffer}, {1, Role::RmaBuffer}, {2, Role::RmaBuffer}}},
    {"MPI_Win_create", {{0, Role::ExposedMemory}}},
    {"MPI_Win_attach", {{1, Role::ExposedMemory}}},
    {"MPI_Win_allocate", {{4, Role::ExposedAllocation}}},
    {"MPI_Win_allocate_shared", {{4, Role::ExposedAllocation}}},
    {"MPI_Win_shared_query", {{4, Role::ExposedQuery}}},
    {"MPI_Win_get_attr", {{2, Role::ExposedQuery}}},
    {"MPI_Alloc_mem", {{2, Role::FreshAllocation}}},
    {"MPI_Get_address", {{0, Role::AddressTaken}}},
    {"MPI_Address", {{0, Role::AddressTaken}}},
    {"MPI_Buffer_attach", {{0, Role::Captured}}},
    {"MPI_Buffer_detach", {{0, Role::LibraryPointerOut}}},
    {"MPI_Attr_get", {{2, Role::LibraryPointerOut}}},
    {"MPI_Comm_get_attr", {{2, Role::LibraryPointerOut}}},
    {"MPI_Type_get_attr", {{2, Role::LibraryPointerOut}}},
    {"MPI_Attr_put", {{2, Role::Captured}}},
    {"MPI_Comm_set_attr", {{2, Role::Captured}}},
    {"MPI_Type_set_attr", {{2, Role::Captured}}},
    {"MPI_Win_set_attr", {{2, Role::Captured}}},
};

// Symmetric heap management of OpenSHMEM before 1.2, without the shmem_ prefix.
const llvm::StringLiteral ShmemLegacyAllocationFunctions[] = {"shmalloc", "shmemalign", "shrealloc",
                                                              "shfree"};

// OpenSHMEM functions whose pointer arguments are not all symmetric or RMA buffers.
const llvm::StringLiteral ShmemHandleOnlyFunctions[] = {
    "shmem_ctx_create",    "shmem_ctx_get_team", "shmem_info_get_version",
    "shmem_info_get_name", "shmem_init_thread",  "shmem_query_thread",
};

// OpenSHMEM 1.5 team-based collectives: the first argument is a team handle. Their typed names are
// shmem_TYPENAME_<collective>; the untyped shmem_broadcast etc. are C11 generic macros in 1.5 but
// real functions with a symmetric first argument in OpenSHMEM 1.4.
const llvm::StringLiteral ShmemTeamCollectiveSuffixes[] = {
    "_broadcast",   "_collect",   "_fcollect",   "_alltoall",   "_alltoalls",   "_reduce",
    "broadcastmem", "collectmem", "fcollectmem", "alltoallmem", "alltoallsmem",
};
const llvm::StringLiteral ShmemGenericCollectives[] = {
    "shmem_broadcast", "shmem_collect", "shmem_fcollect", "shmem_alltoall", "shmem_alltoalls",
};

bool isOneOf(llvm::StringRef Name, llvm::ArrayRef<llvm::StringLiteral> Names) {
  return llvm::is_contained(Names, Name);
}

std::optional<RmaFunction> lookupMpi(llvm::StringRef Name) {
  RmaFunction Model;
  Model.Library = RmaLibrary::Mpi;
  Model.DefaultRole = Role::Data;
  // MPI-4 large-count variants take the same pointer arguments.
  if (Name.endswith("_c")) Name = Name.drop_back(2);
  if (Name == "MPI_Op_create") Model.CreatesUserReduction = true;
  if (Name == "MPI_Aint_add" || Name == "MPI_Aint_diff")
    Model.Result = ResultRole::AddressArithmetic;
  for (const Entry &E : MpiFunctions)
    if (E.Name == Name)
      for (RoleOfArgument R : E.Roles)
        if (R.ArgNo >= 0) Model.Roles.push_back({unsigned(R.ArgNo), R.ArgRole});
  return Model;
}

std::optional<RmaFunction> lookupShmem(llvm::StringRef Name, unsigned NumArgs) {
  RmaFunction Model;
  Model.Library = RmaLibrary::Shmem;
  Model.DefaultRole = Role::RmaBuffer;
  Model.Result =
      llvm::StringSwitch<ResultRole>(Name)
          .Cases("shmem_malloc", "shmem_calloc", "shmem_align", "shmem_malloc_with_hints",
                 "shmalloc", "shmemalign", ResultRole::FreshRmaMemory)
          .Cases("shmem_realloc", "shrealloc", ResultRole::ReallocatedRmaMemory)
          .Case("shmem_ptr", ResultRole::AliasOfFirstArgument)
          .Default(ResultRole::None);
  if (isOneOf(Name, ShmemHandleOnlyFunctions) || Name.startswith("shmem_team_")) {
    Model.DefaultRole = Role::Handle;
    return Model;
  }
  bool TeamFirst = Name.startswith("shmem_ctx_") || (Name == "shmem_sync" && NumArgs == 1);
  if (!isOneOf(Name, ShmemGenericCollectives))
    for (llvm::StringRef Suffix : ShmemTeamCollectiveSuffixes) TeamFirst |= Name.endswith(Suffix);
  if (TeamFirst) Model.Roles.push_back({0, Role::Handle});
  return Model;
}

std::optional<RmaFunction> lookupGaspi(llvm::StringRef Name) {
  RmaFunction Model;
  Model.Library = RmaLibrary::Gaspi;
  // GASPI communicates between segments only; its other pointer arguments are out-parameters
  // and lists of ids, offsets and sizes.
  Model.DefaultRole = Role::Data;
  if (Name == "gaspi_segment_ptr") Model.Roles.push_back({1, Role::ExposedQuery});
  if (Name == "gaspi_segment_bind" || Name == "gaspi_segment_use")
    Model.Roles.push_back({1, Role::ExposedMemory});
  return Model;
}

// The function a profiling name (PMPI_Put, pshmem_putmem, pgaspi_write) implements.
std::string plainName(llvm::StringRef Name) {
  std::string Plain = Name.str();
  if (Name.startswith("PMPI_") || Name.startswith("pshmem_") || Name.startswith("pgaspi_"))
    Plain.erase(0, 1);
  return Plain;
}

using Buffer = LocalBuffer;

const llvm::StringLiteral MpiRequestBasedCalls[] = {"MPI_Rput", "MPI_Rget", "MPI_Raccumulate",
                                                    "MPI_Rget_accumulate"};

// Calls that complete no operation: rank queries, the start of a passive target epoch, and
// OpenSHMEM's fence, which only orders delivery (OpenSHMEM 1.5 section 9.9.1).
const llvm::StringLiteral CompleteNothing[] = {
    "MPI_Comm_rank",  "MPI_Comm_size", "shmem_my_pe",      "shmem_n_pes", "gaspi_proc_rank",
    "gaspi_proc_num", "MPI_Win_lock",  "MPI_Win_lock_all", "shmem_fence", "shmem_ctx_fence"};

struct MpiLocalBuffers {
  llvm::StringLiteral Name;
  Buffer Buffers[3];
};

// MPI-3.1 section 11.3: the origin, compare and result buffers of the communication calls may be
// accessed by MPI until the operation completes locally (section 11.5; dissertation Table 2.1).
// The request-based calls have the same buffers. {Role, LibraryWrites, Pointer, Segment, Offset,
// Count, Datatype}.
const MpiLocalBuffers MpiBuffers[] = {
    {"MPI_Put", {{"origin", false, 0, Buffer::None, Buffer::None, 1, 2}}},
    {"MPI_Get", {{"origin", true, 0, Buffer::None, Buffer::None, 1, 2}}},
    {"MPI_Accumulate", {{"origin", false, 0, Buffer::None, Buffer::None, 1, 2}}},
    {"MPI_Get_accumulate",
     {{"origin", false, 0, Buffer::None, Buffer::None, 1, 2},
      {"result", true, 3, Buffer::None, Buffer::None, 4, 5}}},
    {"MPI_Fetch_and_op",
     {{"origin", false, 0, Buffer::None, Buffer::None, Buffer::None, 2},
      {"result", true, 1, Buffer::None, Buffer::None, Buffer::None, 2}}},
    {"MPI_Compare_and_swap",
     {{"origin", false, 0, Buffer::None, Buffer::None, Buffer::None, 3},
      {"compare", false, 1, Buffer::None, Buffer::None, Buffer::None, 3},
      {"result", true, 2, Buffer::None, Buffer::None, Buffer::None, 3}}},
};

// Sizes of the C types in the names of typed OpenSHMEM routines (OpenSHMEM 1.5 Table 5) on the
// LP64 targets rmarace supports; unknown names count as one byte, which is never more than the
// real size.
unsigned shmemElementSize(llvm::StringRef Type) {
  return llvm::StringSwitch<unsigned>(Type)
      .Cases("mem", "char", "schar", "uchar", "int8", "uint8", "8", 1)
      .Cases("short", "ushort", "int16", "uint16", "16", 2)
      .Cases("int", "uint", "float", "int32", "uint32", "32", 4)
      .Cases("long", "ulong", "longlong", "ulonglong", "double", "int64", "uint64", 8)
      .Cases("size", "ptrdiff", "64", 8)
      .Cases("longdouble", "128", 16)
      .Default(1);
}

// OpenSHMEM 1.5 sections 9.5 and 9.7: a nonblocking put reads its source, a nonblocking get or
// fetching atomic writes its destination or fetch buffer, until shmem_quiet.
llvm::SmallVector<LocalBuffer, 3> shmemBuffers(llvm::StringRef Name) {
  llvm::SmallVector<LocalBuffer, 3> Buffers;
  if (!Name.consume_front("shmem_") || !Name.consume_back("_nbi")) return Buffers;
  // Context routines take the context first.
  int Shift = Name.consume_front("ctx_") ? 1 : 0;
  Buffer B;
  std::size_t AtomicAt = Name.find("atomic_");
  if (AtomicAt != llvm::StringRef::npos) {
    if (!Name.contains("fetch") && !Name.contains("swap")) return Buffers;
    B = {"fetch",      true,
         Shift,        Buffer::None,
         Buffer::None, Buffer::None,
         Buffer::None, shmemElementSize(Name.take_front(AtomicAt).rtrim('_'))};
  } else if (Name.contains("put") || Name.contains("get")) {
    bool Put = Name.contains("put");
    llvm::StringRef Verb = Put ? "put" : "get";
    std::size_t VerbAt = Name.find(Verb);
    llvm::StringRef Type = Name.take_front(VerbAt).rtrim('_');
    llvm::StringRef Suffix = Name.drop_front(VerbAt + Verb.size());
    if (Type.empty()) Type = Suffix.take_until([](char C) { return C == '_'; });
    B = {Put ? "source" : "destination",
         !Put,
         Shift + (Put ? 1 : 0),
         Buffer::None,
         Buffer::None,
         Shift + 2,
         Buffer::None,
         shmemElementSize(Type)};
  } else {
    return Buffers;
  }
  Buffers.push_back(B);
  return Buffers;
}

// GASPI (dissertation section 2.2.3, Table 4.2): gaspi_write reads and gaspi_read writes
// [offset_local, offset_local + size) of segment_id_local until gaspi_wait on their queue.
llvm::SmallVector<LocalBuffer, 3> gaspiBuffers(llvm::StringRef Name) {
  constexpr int SegmentArg = 0, OffsetArg = 1, SizeArg = 5;
  // The queue argument: after the size, and after the notification id and value when there are.
  constexpr int QueueArg = 6, ReadNotifyQueueArg = 7, WriteNotifyQueueArg = 8;
  llvm::SmallVector<LocalBuffer, 3> Buffers;
  bool Write = Name == "gaspi_write" || Name == "gaspi_write_notify";
  bool Read = Name == "gaspi_read" || Name == "gaspi_read_notify";
  if (!Write && !Read) return Buffers;
  Buffer B{Write ? "source" : "destination",
           Read,
           Buffer::None,
           SegmentArg,
           OffsetArg,
           SizeArg,
           Buffer::None,
           1};
  B.Queue = Name == "gaspi_write_notify"  ? WriteNotifyQueueArg
            : Name == "gaspi_read_notify" ? ReadNotifyQueueArg
                                          : QueueArg;
  Buffers.push_back(B);
  return Buffers;
}

} // namespace

llvm::SmallVector<LocalBuffer, 3> pendingLocalBuffersOf(llvm::StringRef Name) {
  std::string Plain = plainName(Name);
  llvm::StringRef Function(Plain);
  llvm::SmallVector<LocalBuffer, 3> Buffers;
  if (Function.endswith("_c")) Function = Function.drop_back(2);
  // MPI_Rput and friends: the buffers of MPI_Put and friends.
  std::string Blocking;
  if (isOneOf(Function, MpiRequestBasedCalls)) {
    Blocking = "MPI_" + Function.drop_front(std::strlen("MPI_R")).str();
    Blocking[std::strlen("MPI_")] = llvm::toUpper(Blocking[std::strlen("MPI_")]);
    Function = Blocking;
  }
  for (const MpiLocalBuffers &Entry : MpiBuffers)
    if (Entry.Name == Function)
      for (const Buffer &B : Entry.Buffers)
        if (B.Pointer != Buffer::None) Buffers.push_back(B);
  if (Function.startswith("shmem_")) return shmemBuffers(Function);
  if (Function.startswith("gaspi_")) return gaspiBuffers(Function);
  return Buffers;
}

std::optional<unsigned> completedQueueArgument(llvm::StringRef Name) {
  // gaspi_wait(queue, timeout) completes the operations posted to its queue only.
  if (plainName(Name) == "gaspi_wait") return 0;
  return std::nullopt;
}

bool completesNothing(llvm::StringRef Name) {
  std::string Plain = plainName(Name);
  llvm::StringRef Function(Plain);
  if (!pendingLocalBuffersOf(Function).empty())
    // Starting an operation completes no other one; the request-based calls only return a
    // request.
    return true;
  return isOneOf(Function, CompleteNothing);
}

ArgumentRole RmaFunction::roleOf(unsigned ArgNo) const {
  for (auto [Index, Role] : Roles)
    if (Index == ArgNo) return Role;
  return DefaultRole;
}

std::optional<RmaFunction> lookupRmaFunction(llvm::StringRef Name, unsigned NumArgs) {
  // A profiling name (PMPI_Put, pshmem_putmem, pgaspi_write) behaves as the function it implements.
  std::string Plain = plainName(Name);
  llvm::StringRef Function(Plain);
  if (Function.startswith("MPI_")) return lookupMpi(Function);
  if (Function.startswith("shmem_") || isOneOf(Function, ShmemLegacyAllocationFunctions))
    return lookupShmem(Function, NumArgs);
  if (Function.startswith("gaspi_")) return lookupGaspi(Function);
  return std::nullopt;
}

bool marksCallSite(llvm::StringRef Name) {
  for (llvm::StringRef Prefix : {"MPI_", "PMPI_", "shmem_", "pshmem_", "gaspi_", "pgaspi_"})
    if (Name.startswith(Prefix)) return true;
  return false;
}

} // namespace rmarace
