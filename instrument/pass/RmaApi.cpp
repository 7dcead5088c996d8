#include "RmaApi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSwitch.h"

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

} // namespace

ArgumentRole RmaFunction::roleOf(unsigned ArgNo) const {
  for (auto [Index, Role] : Roles)
    if (Index == ArgNo) return Role;
  return DefaultRole;
}

std::optional<RmaFunction> lookupRmaFunction(llvm::StringRef Name, unsigned NumArgs) {
  // A profiling name (PMPI_Put, pshmem_putmem, pgaspi_write) behaves as the function it implements.
  std::string Plain = Name.str();
  if (Name.startswith("PMPI_") || Name.startswith("pshmem_") || Name.startswith("pgaspi_"))
    Plain.erase(0, 1);
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
